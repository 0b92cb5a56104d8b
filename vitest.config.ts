import { defineConfig, type TestProjectInlineConfiguration } from "vitest/config";

/**
 * Every layer in one Vitest run (`npm test` builds first, scripts/test.ts):
 *  worker    the built Worker in Miniflare (workerd) against one sqld of its own, one file at a time
 *            beside the rest: its cron runs see every file's rows, and its fault tests mostly wait
 *            (stalls, retries), so they take little of the cores the others use
 *  node      services, routes and modules against real libSQL in memory
 *  e2e       Chromium against the app served the way `npm start` serves it
 *  e2e-…     each browser test that flips the app's shared fakes, on an app of its own
 *  calendar-…  the date-sensitive browser tests, on the calendar's hard days instead of the day the suite
 *            runs: each day on an app of its own whose clock, and the browser's, are set to that day
 *            (docs/decisions/039-the-suite-runs-on-the-calendars-hard-days.md)
 * The other layers run side by side, three files at a time: a browser test spends much of
 * its time waiting on a page, and three keep the two cores of the CI machine busy
 * (docs/decisions/043-one-test-run-three-files-at-a-time.md).
 */

/**
 * Tests that flip the rate providers on (others' figures would change) or read or clear the WhatsApp
 * fake's outbox: each gets an app of its own.
 */
const ownAppTests = ["exchange-rates", "assistant", "whatsapp-channel"];

/**
 * The browser tests whose outcome depends on the day. planned.test.ts runs the executor for every
 * workspace of its app: a hard day's app holds only these files, which expect it.
 */
const calendarClock = "tests/e2e/calendar-clock.test.ts";
const planned = "tests/e2e/planned.test.ts";
const dashboard = "tests/e2e/dashboard.test.ts";
const statements = "tests/e2e/statements.test.ts";
const installments = "tests/e2e/installments.test.ts";

/**
 * The calendar's hard days, each with the flows that can break on it (docs/decisions/039-the-suite-runs-on-the-calendars-hard-days.md):
 * what "today" is and the schedules on all three; New Year's Eve in São Paulo is also a month's last
 * day in the evening hours when São Paulo's date is behind UTC's, so every flow runs there, and its
 * run also checks these pages' layouts (`MONETA_TEST_CHECKS_LAYOUTS`); the projection and the
 * installments, dated month by month, also on 29 February. The clock is set to each day when its app
 * starts, so a run that waits a few minutes for a free worker still tests the same day.
 */
const hardDays = [
  {
    name: "new-years-eve",
    at: "2026-12-31T23:30:00-03:00",
    zone: "America/Sao_Paulo",
    tests: [calendarClock, planned, dashboard, statements, installments],
    checksLayouts: true,
  },
  {
    name: "leap-day",
    at: "2028-02-29T12:00:00-03:00",
    zone: "America/Sao_Paulo",
    tests: [calendarClock, planned, dashboard, installments],
  },
  {
    name: "new-york-springs-forward",
    at: "2027-03-14T03:30:00-04:00",
    zone: "America/New_York",
    tests: [calendarClock, planned],
  },
];

const filesAtATime = 3;

function browserProject(
  name: string,
  options: { include: string[]; exclude?: string[]; env?: Record<string, string> },
): TestProjectInlineConfiguration {
  return {
    extends: true,
    test: {
      name,
      include: options.include,
      exclude: options.exclude,
      env: options.env,
      globalSetup: ["tests/support/app-server.setup.ts"],
      // A flow that takes 45 s beside two other files can take twice that on a machine busier still.
      testTimeout: 120_000,
      hookTimeout: 120_000,
      // A browser under CI's load can take over a second to render; polls wait up to 5 s.
      expect: { poll: { timeout: 5_000 } },
      maxWorkers: filesAtATime,
      isolate: false,
    },
  };
}

export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: "worker",
          include: ["tests/worker/**/*.test.ts"],
          globalSetup: ["tests/support/database-server.setup.ts"],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          maxWorkers: 1,
        },
      },
      {
        extends: true,
        test: {
          name: "node",
          include: ["tests/node/**/*.test.{ts,tsx}"],
          environment: "node",
          // Property tests take a few seconds alone; beside browsers on two cores, several times that.
          testTimeout: 30_000,
          isolate: false,
          maxWorkers: filesAtATime,
        },
      },
      browserProject("e2e", {
        include: ["tests/e2e/**/*.test.ts"],
        exclude: [
          ...ownAppTests.map((name) => `tests/e2e/${name}.test.ts`),
          ...new Set(hardDays.flatMap((day) => day.tests)),
        ],
      }),
      ...ownAppTests.map((name) => browserProject(`e2e-${name}`, { include: [`tests/e2e/${name}.test.ts`] })),
      ...hardDays.map((day) =>
        browserProject(`calendar-${day.name}`, {
          include: day.tests,
          env: {
            MONETA_TEST_CLOCK_AT: day.at,
            MONETA_TEST_TIME_ZONE: day.zone,
            ...(day.checksLayouts ? { MONETA_TEST_CHECKS_LAYOUTS: "1" } : {}),
          },
        }),
      ),
    ],
  },
});
