/**
 * `npm run measure:setup`: what a newcomer waits for, measured on a fresh clone in a
 * temporary folder: seconds from `npm install` to the first page answered by `npm start`,
 * then the wall time of `npm test`. Prints a Markdown table row for docs/benchmarks.md.
 */
import { spawn, spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { freePort, projectRoot } from "./local-stack.ts";

const clone = mkdtempSync(join(tmpdir(), "moneta-measure-"));
const seconds = (since: number) => ((performance.now() - since) / 1000).toFixed(1);

spawnSync("git", ["clone", "-q", projectRoot, clone], { stdio: "inherit" });
const started = performance.now();
const install = spawnSync("npm", ["install", "--no-audit", "--no-fund"], { cwd: clone, stdio: "ignore" });
if (install.status !== 0) throw new Error("npm install failed in the fresh clone");
const installSeconds = seconds(started);

const [port, dbPort] = [await freePort(), await freePort()];
const server = spawn("npm", ["start"], {
  cwd: clone,
  env: { ...process.env, PORT: String(port), DB_PORT: String(dbPort) },
  stdio: "ignore",
  detached: true,
});
let firstPageSeconds = "";
for (let attempt = 0; attempt < 600 && !firstPageSeconds; attempt++) {
  try {
    if ((await fetch(`http://127.0.0.1:${port}/`, { signal: AbortSignal.timeout(2000) })).ok)
      firstPageSeconds = seconds(started);
  } catch {
    await new Promise((wait) => setTimeout(wait, 250));
  }
}
process.kill(-server.pid!, "SIGINT");
await new Promise((wait) => setTimeout(wait, 3000));

const testStarted = performance.now();
const test = spawnSync("npm", ["test"], { cwd: clone, stdio: "ignore", env: { ...process.env, CI: "true" } });
const testSeconds = seconds(testStarted);
rmSync(clone, { recursive: true, force: true });

console.log(
  `| npm install | install → first page of npm start | npm test (${test.status === 0 ? "green" : "FAILED"}) |`,
);
console.log(`| ${installSeconds} s | ${firstPageSeconds || "never"} s | ${testSeconds} s |`);
