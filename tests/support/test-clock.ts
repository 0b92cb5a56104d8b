/**
 * The suite's clock. `npm test` runs once on the real clock, then runs the date-sensitive browser
 * tests again on the calendar's hard days (scripts/test.ts): it sets MONETA_TEST_CLOCK_OFFSET_MS once,
 * and the served app (TEST_CLOCK_OFFSET_MS), the browser (Playwright's clock) and the tests' own "now"
 * all move by it, so they agree on the day. MONETA_TEST_TIME_ZONE is the browser's zone in those runs
 * (a new workspace takes the browser's zone).
 */
export const testClockOffsetMs = Number(process.env.MONETA_TEST_CLOCK_OFFSET_MS) || 0;

export const testNow = () => new Date(Date.now() + testClockOffsetMs);

export const testTimeZone = process.env.MONETA_TEST_TIME_ZONE || undefined;
