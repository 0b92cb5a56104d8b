/**
 * axe-core in the browser tests: runs its WCAG 2.0/2.1/2.2 A and AA rules and its best practices on
 * the page as it stands (an open dialog included) and reports what it finds.
 */
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import type { AxeResults, ImpactValue, RunOptions } from "axe-core";
import type { Page } from "playwright-core";
import { projectRoot } from "../../scripts/local-stack.ts";

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

/** The impacts a screen may not have: the product asks for 0 critical and 0 serious. */
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

/** Violations as lines a failing test can print: where, how bad, which rule, which elements, why. */
export function describeViolations(violations: AccessibilityViolation[]): string[] {
  return violations.map(
    (violation) =>
      `${violation.screen}: [${violation.impact}] ${violation.rule} — ${violation.help} — ${violation.targets.join(", ")} — ${violation.summary}`,
  );
}

/** Every violation found on a run, moderate and minor ones too, for people to read (git-ignored). */
export function writeAccessibilityReport(name: string, violations: AccessibilityViolation[]): void {
  const folder = join(projectRoot, "tests", "artifacts", "accessibility");
  mkdirSync(folder, { recursive: true });
  writeFileSync(join(folder, `${name}.json`), `${JSON.stringify(violations, null, 2)}\n`);
}
