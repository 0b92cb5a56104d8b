/**
 * `npm test`: check formatting, lint and references (Biome and scripts/check-references.ts, `npm run lint`),
 * find (or, as root on Debian, install) Chromium, type-check, build the Worker once, then run every Vitest
 * project in one run (vitest.config.ts: node, worker, the browser tests, and the date-sensitive ones on the
 * calendar's hard days). Extra arguments go to Vitest, e.g. `npm test -- --project node`.
 */
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { projectRoot } from "./local-stack.ts";

const vitestArgs = process.argv.slice(2);
const bin = (name: string) => join(projectRoot, "node_modules", ".bin", name);
const needsBrowser = !vitestArgs.includes("--project") || vitestArgs.some((arg) => /^(e2e|calendar)/.test(arg));

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

function aptInstall(name: string): boolean {
  const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
  const install = () =>
    spawnSync("apt-get", ["install", "-y", "--no-install-recommends", name], { stdio: "inherit", env }).status === 0;
  if (install()) return true;
  spawnSync("apt-get", ["update"], { stdio: "inherit", env });
  return install();
}

/**
 * CHROMIUM_PATH, else Debian's chromium-headless-shell (a sixth less CPU per browser test than the full
 * browser, docs/benchmarks.md "The test suite"), else Debian's chromium. As root on Debian the headless
 * shell is installed when missing, and Chromium when that fails too.
 */
function findChromium(): string {
  const headlessShell = "/usr/bin/chromium-headless-shell";
  const candidates = [process.env.CHROMIUM_PATH, headlessShell, "/usr/bin/chromium", "/usr/bin/chromium-browser"];
  const installed = () => candidates.find((path): path is string => Boolean(path && existsSync(path)));
  if (!process.env.CHROMIUM_PATH && !existsSync(headlessShell) && process.getuid?.() === 0 && isDebian()) {
    console.log("\n▶ Chromium's headless shell is missing: installing Debian's chromium-headless-shell package");
    if (aptInstall("chromium-headless-shell") && existsSync(headlessShell)) return headlessShell;
    if (!installed()) aptInstall("chromium");
  }
  const found = installed();
  if (found) return found;
  console.error(
    "\n✖ The end-to-end tests need Chromium. Install it (Debian/Ubuntu: `sudo apt-get install chromium-headless-shell`" +
      " or `chromium`; macOS: `brew install --cask chromium`) or point CHROMIUM_PATH at a Chromium or Chrome binary.",
  );
  process.exit(1);
}

const started = performance.now();
// First: a second's check that fails before minutes of building and testing.
run("Format, lint and references", "npm", ["run", "--silent", "lint"]);
const chromium = needsBrowser ? findChromium() : "";
// The Worker's bindings type is written by `npm run types:worker`; a wrangler.toml changed without it fails here.
run("Worker bindings match wrangler.toml", "npm", ["run", "--silent", "types:worker", "--", "--check"]);
run("Type-check", bin("react-router"), ["typegen"]);
run("Type-check (tsc)", bin("tsc"), ["-p", "."]);
run("Type-check the service worker (tsc)", bin("tsc"), ["-p", "app/service-worker"]);
run("Build", bin("react-router"), ["build"]);
run("Tests", bin("vitest"), ["run", ...vitestArgs], { CHROMIUM_PATH: chromium, CI: process.env.CI ?? "" });
console.log(`\nAll green in ${((performance.now() - started) / 1000).toFixed(1)} s.`);
