/**
 * axe-core in the browser tests: runs its WCAG 2.0/2.1/2.2 A and AA rules and its best practices on
 * the page as it stands (an open dialog included) and reports what it finds.
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { AxeResults, ImpactValue, RunOptions } from "axe-core";
import type { Page } from "playwright-core";

const axeSource = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

const runOptions: RunOptions = {
  runOnly: { type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"] },
  resultTypes: ["violations"],
};

export type AccessibilityViolation = {
  /** Where it was found: the screen's name given by the test. */
  screen: string;
  rule: string;
  impact: ImpactValue | null;
  help: string;
  /** How many elements break the rule. */
  elements: number;
  /** CSS selectors of the offending elements (first five), with axe's summary of the first. */
  targets: string[];
  summary: string;
};

/** The impacts a screen may not have: issue 12 asks for 0 critical and 0 serious. */
export const blockingImpacts: ReadonlyArray<ImpactValue> = ["critical", "serious"];

/**
 * Every violation axe finds on the page. Evaluated through the DevTools protocol, so the page's CSP
 * (no inline scripts without its nonce) does not stop the injection and need not be bypassed.
 */
export async function accessibilityViolations(page: Page, screen: string): Promise<AccessibilityViolation[]> {
  const hasAxe = await page.evaluate(() => "axe" in window);
  if (!hasAxe) await page.evaluate(axeSource);
  const results = await page.evaluate(
    (options) => (window as unknown as { axe: { run: (o: RunOptions) => Promise<AxeResults> } }).axe.run(options),
    runOptions,
  );
  return results.violations.map((violation) => ({
    screen,
    rule: violation.id,
    impact: violation.impact ?? null,
    help: violation.help,
    elements: violation.nodes.length,
    targets: violation.nodes.slice(0, 5).map((node) => node.target.join(" ")),
    summary: violation.nodes[0]?.failureSummary?.replace(/\s+/g, " ") ?? "",
  }));
}

/** The violations that block (critical and serious), in lines a failing test can print. */
export function describeViolations(violations: AccessibilityViolation[]): string[] {
  return violations.map(
    (violation) =>
      `${violation.screen}: [${violation.impact}] ${violation.rule} — ${violation.help} — ${violation.targets.join(", ")} — ${violation.summary}`,
  );
}

/** Fails with every critical or serious violation on the page, each with its rule and elements. */
export async function expectNoSeriousAccessibilityViolations(page: Page, screen: string): Promise<void> {
  const blocking = (await accessibilityViolations(page, screen)).filter((violation) =>
    blockingImpacts.includes(violation.impact as ImpactValue),
  );
  if (blocking.length > 0) throw new Error(`Accessibility violations:\n${describeViolations(blocking).join("\n")}`);
}
