/**
 * `npm test`: check formatting and lint (Biome, `npm run lint`), find (or, as root on Debian,
 * install) Chromium, type-check, build the Worker once, then run the three Vitest layers: node,
 * worker (Miniflare) and e2e (Chromium).
 * Without arguments it then runs the date-sensitive browser tests again on the calendar's hard days.
 * Extra arguments go to Vitest, e.g. `npm test -- --project node` (no calendar runs then).
 */
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { projectRoot } from "./local-stack.ts";

const vitestArgs = process.argv.slice(2);
const bin = (name: string) => join(projectRoot, "node_modules", ".bin", name);
const needsBrowser = !vitestArgs.includes("--project") || vitestArgs.some((arg) => arg === "e2e");

function run(title: string, command: string, args: string[], env: NodeJS.ProcessEnv = {}): void {
  const started = performance.now();
  console.log(`\n▶ ${title}`);
  const result = spawnSync(command, args, { cwd: projectRoot, stdio: "inherit", env: { ...process.env, ...env } });
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  if (result.status !== 0) {
    console.error(`\n✖ ${title} failed after ${seconds} s.`);
    process.exit(result.status ?? 1);
  }
  console.log(`✔ ${title} (${seconds} s)`);
}

function isDebian(): boolean {
  return existsSync("/etc/debian_version") || /ID(_LIKE)?=.*debian/.test(readFileSync("/etc/os-release", "utf8"));
}

/** CHROMIUM_PATH, else Debian's chromium; installed with apt when we are root on Debian. */
function findChromium(): string {
  const candidates = [process.env.CHROMIUM_PATH, "/usr/bin/chromium", "/usr/bin/chromium-browser"];
  const found = candidates.find((path): path is string => Boolean(path && existsSync(path)));
  if (found) return found;
  if (process.getuid?.() === 0 && isDebian()) {
    console.log("\n▶ Chromium is missing: installing Debian's chromium package");
    const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
    let install = spawnSync("apt-get", ["install", "-y", "--no-install-recommends", "chromium"], {
      stdio: "inherit",
      env,
    });
    if (install.status !== 0) {
      spawnSync("apt-get", ["update"], { stdio: "inherit", env });
      install = spawnSync("apt-get", ["install", "-y", "--no-install-recommends", "chromium"], {
        stdio: "inherit",
        env,
      });
    }
    if (install.status === 0 && existsSync("/usr/bin/chromium")) return "/usr/bin/chromium";
  }
  console.error(
    "\n✖ The end-to-end tests need Chromium. Install it (Debian/Ubuntu: `sudo apt-get install chromium`;" +
      " macOS: `brew install --cask chromium`) or point CHROMIUM_PATH at a Chromium or Chrome binary.",
  );
  process.exit(1);
}

/**
 * The calendar's hard days (docs/decisions/039-the-suite-runs-on-the-calendars-hard-days.md): the app's,
 * the browser's and the tests' clocks are set to each (tests/support/test-clock.ts) and the browser
 * takes the zone, so a date bug fails on whatever day CI runs, not only on the days it bites.
 */
const hardDays = [
  {
    name: "New Year's Eve, 23:30 in São Paulo (1 January in UTC)",
    at: "2026-12-31T23:30:00-03:00",
    zone: "America/Sao_Paulo",
  },
  {
    name: "a month's last day, 21:30 in São Paulo (the 1st in UTC)",
    at: "2027-04-30T21:30:00-03:00",
    zone: "America/Sao_Paulo",
  },
  { name: "29 February", at: "2028-02-29T12:00:00-03:00", zone: "America/Sao_Paulo" },
  {
    name: "the day New York's clocks spring forward (23 hours)",
    at: "2027-03-14T03:30:00-04:00",
    zone: "America/New_York",
  },
];
/** The browser tests whose outcome depends on the day: statements, plans, schedules, the projection. */
const dateSensitiveTests = [
  "tests/e2e/calendar-clock.test.ts",
  "tests/e2e/statements.test.ts",
  "tests/e2e/installments.test.ts",
  "tests/e2e/planned.test.ts",
  "tests/e2e/dashboard.test.ts",
];

const started = performance.now();
// First: a second's check that fails before minutes of building and testing.
run("Format and lint (Biome)", "npm", ["run", "--silent", "lint"]);
const chromium = needsBrowser ? findChromium() : "";
run("Type-check", bin("react-router"), ["typegen"]);
run("Type-check (tsc)", bin("tsc"), ["-p", "."]);
run("Build", bin("react-router"), ["build"]);
run("Tests", bin("vitest"), ["run", ...vitestArgs], { CHROMIUM_PATH: chromium, CI: process.env.CI ?? "" });
if (vitestArgs.length === 0) {
  for (const day of hardDays) {
    // One offset, read once, for the app, the browser and the tests alike.
    const offsetMs = Date.parse(day.at) - Date.now();
    run(`Date-sensitive tests on ${day.name}`, bin("vitest"), ["run", "--project", "e2e", ...dateSensitiveTests], {
      CHROMIUM_PATH: chromium,
      CI: process.env.CI ?? "",
      MONETA_TEST_CLOCK_OFFSET_MS: String(offsetMs),
      MONETA_TEST_TIME_ZONE: day.zone,
    });
  }
}
console.log(`\nAll green in ${((performance.now() - started) / 1000).toFixed(1)} s.`);
