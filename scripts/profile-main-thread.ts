/**
 * `npm run profile:main-thread [-- --pages dashboard,transactions --loads 6 --transactions 5000 --no-build]`: the
 * long tasks a phone-sized first visit runs on the browser's main thread after its first paint, read from
 * Chromium's own trace. Serves the build as `npm start` does over a fresh sqld with the benchmarks' workspace,
 * through the proxy that serves as the CDN does (scripts/compressing-proxy.ts), and loads each page `--loads` times
 * in a fresh context (after one load not counted), unthrottled. For each load it lists the tasks of 8 ms or more
 * after the first contentful paint and the blocking time they would be at Lighthouse's 4x CPU (each task's time
 * past 50 ms). Unlike Lighthouse's blocking time it names the tasks, and a load takes seconds, so two builds can be
 * compared over many loads (run it in each; on a shared machine the loads of one build still spread by tens of
 * milliseconds). Not part of `npm test`.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Browser } from "playwright-core";
import { benchWorkspaceBehindProxy } from "./phone-bench-stack.ts";
import { commandArgument, type RunningProcess } from "./local-stack.ts";

const pages = commandArgument("pages", "dashboard,transactions").split(",");
const loads = Number(commandArgument("loads", "6"));
const transactionCount = Number(commandArgument("transactions", "5000"));
/** Lighthouse's mobile CPU slowdown, and the task length past which it counts blocking time. */
const cpuSlowdown = 4;
const blockingAfterMs = 50;
const listedFromMs = 8;

type TraceEvent = { name: string; cat: string; ts: number; dur?: number; pid: number; tid: number };

/** The main thread's tasks after the first contentful paint, in ms, of one load in a fresh phone-sized context. */
async function tasksAfterFirstPaint(browser: Browser, url: string, token: string): Promise<number[]> {
  const context = await browser.newContext({
    ignoreHTTPSErrors: true,
    viewport: { width: 375, height: 812 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
  });
  try {
    await context.addCookies([{ name: "moneta_session", value: token, url }]);
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    const events: TraceEvent[] = [];
    cdp.on("Tracing.dataCollected", (data) => events.push(...(data.value as unknown as TraceEvent[])));
    const complete = new Promise((done) => cdp.once("Tracing.tracingComplete", done));
    await cdp.send("Tracing.start", { categories: "toplevel,loading", transferMode: "ReportEvents" });
    await page.goto(url, { waitUntil: "networkidle" });
    // What the page fetches and runs once it is idle (its dialogs' code) falls in here too.
    await page.waitForTimeout(2500);
    await cdp.send("Tracing.end");
    await complete;
    const paint = events.find((event) => event.name === "firstContentfulPaint");
    if (!paint) throw new Error(`${url}: the trace holds no first contentful paint.`);
    return events
      .filter(
        (event) =>
          event.name === "ThreadControllerImpl::RunTask" &&
          event.pid === paint.pid &&
          event.tid === paint.tid &&
          event.ts > paint.ts &&
          (event.dur ?? 0) >= listedFromMs * 1000,
      )
      .map((event) => Math.round((event.dur ?? 0) / 100) / 10)
      .sort((a, b) => b - a);
  } finally {
    await context.close();
  }
}

const blockingOf = (tasks: number[]) =>
  tasks.reduce((sum, ms) => sum + Math.max(0, cpuSlowdown * ms - blockingAfterMs), 0);
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

if (!process.argv.includes("--no-build")) execFileSync("npx", ["react-router", "build"], { stdio: "ignore" });
const dataDir = mkdtempSync(join(tmpdir(), "moneta-profile-main-thread-"));
const running: RunningProcess[] = [];
try {
  const { proxy, seeded, browser } = await benchWorkspaceBehindProxy(dataDir, running, transactionCount);
  for (const name of pages) {
    const url = `${proxy.url}/workspaces/${seeded.workspaceId}/${name}`;
    await tasksAfterFirstPaint(browser, url, seeded.token);
    const measured: number[][] = [];
    for (let load = 0; load < loads; load++) measured.push(await tasksAfterFirstPaint(browser, url, seeded.token));
    const blocking = measured.map(blockingOf);
    console.log(
      `\n${name} (${transactionCount.toLocaleString("en-US")} transactions, ${loads} load${loads === 1 ? "" : "s"}): blocking time at ${cpuSlowdown}x ` +
        `${blocking.map(Math.round).join(", ")} ms (median ${Math.round(median(blocking))} ms)`,
    );
    for (const tasks of measured) console.log(`  tasks of ${listedFromMs} ms or more: ${tasks.join(", ") || "none"}`);
  }
} finally {
  for (const process of running.reverse()) await process.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
