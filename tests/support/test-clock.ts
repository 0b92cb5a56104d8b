import { inject } from "vitest";

declare module "vitest" {
  export interface ProvidedContext {
    /** Milliseconds the served app's clock runs ahead of the real one (0 outside the calendar projects). */
    testClockOffsetMs: number;
  }
}

/**
 * The suite's clock. The calendar projects (vitest.config.ts) run the date-sensitive browser tests on
 * the calendar's hard days: a project's app starts with its clock set to the day
 * (MONETA_TEST_CLOCK_AT, tests/support/app-server.setup.ts), and the browser (Playwright's clock) and
 * the tests' own "now" move by the same offset, so all three agree on the day. MONETA_TEST_TIME_ZONE is
 * the browser's zone in those projects (a new workspace takes the browser's zone).
 */
export const testClockOffsetMs = isInVitest() ? (inject("testClockOffsetMs") ?? 0) : 0;

/**
 * The benchmarks (scripts/bench-*.ts) drive Chromium with these helpers outside Vitest, where nothing is
 * provided (inject throws there): their clock is the real one.
 */
function isInVitest(): boolean {
  return process.env.VITEST === "true";
}

export const testNow = () => new Date(Date.now() + testClockOffsetMs);

export const testTimeZone = process.env.MONETA_TEST_TIME_ZONE || undefined;
