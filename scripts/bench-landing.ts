/**
 * `npm run bench:landing [-- --url http://127.0.0.1:8080 | --serve]`: the landing page's
 * performance budget. Measures whatever "/" serves:
 *   1. first-load JS+CSS: every script and stylesheet Chromium fetches for "/" (modulepreloads
 *      included) until the network is idle, each body compressed the way a CDN would serve it
 *      (brotli quality 11; gzip shown beside it);
 *   2. the HTML of "/", raw bytes;
 *   3. largest contentful paint on a throttled phone (150 ms RTT, 1.6 Mbps down, 750 kbps up,
 *      4x CPU, 375x812 at 2x, cold cache), 5 runs, median and slowest;
 *   4. Lighthouse's mobile profile (scripts/lighthouse-mobile.ts), 3 runs: median LCP and
 *      performance score (budget: LCP < 1.5 s, score ≥ 0.98).
 * Prints a Markdown table and exits 1 when a budget is missed. `--serve` builds the app and
 * serves it the way `npm start` does, on free ports with throwaway data; with neither flag, the app
 * the running `npm start` serves is measured. Not part of `npm test`.
 * Sizes are in KB of 1000 bytes.
 *
 * The local server speaks HTTP/1.1 and takes the first encoding the browser lists (gzip for
 * Chromium), where Cloudflare serves HTTP/2 and prefers brotli; so the runs of 3 and 4 go through
 * a loopback proxy that serves as the CDN does (scripts/compressing-proxy.ts), and the throttled
 * link carries production's bytes. `--uncompressed` measures them straight from the server instead.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { brotliCompressSync, constants as zlib, gzipSync } from "node:zlib";
import type { Browser } from "playwright-core";
import { launchBrowser, openPage } from "../tests/support/browser.ts";
import { startCompressingProxy, warmThroughProxy } from "./compressing-proxy.ts";
import { throttledPhoneLcp } from "./throttled-phone.ts";
import { runLighthouseMobile, type LighthouseRun } from "./lighthouse-mobile.ts";
import {
  buildApp,
  freePort,
  localJwtSecret,
  findRunningApp,
  LocalStackError,
  migrateDatabase,
  startDatabase,
  startWorkerServer,
  type RunningProcess,
} from "./local-stack.ts";

const budgets = {
  assetsBrotliBytes: 60_000,
  htmlBytes: 30_000,
  lcpMs: 1500,
  lighthouseLcpMs: 1500,
  lighthouseScore: 0.98,
};
const lcpRuns = 5;
const lighthouseRuns = 3;
type Asset = { url: string; kind: "script" | "stylesheet"; raw: number; brotli: number; gzip: number };

const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} KB`;
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

function compressedSizes(body: Buffer) {
  return {
    raw: body.byteLength,
    brotli: brotliCompressSync(body, {
      params: { [zlib.BROTLI_PARAM_QUALITY]: 11, [zlib.BROTLI_PARAM_SIZE_HINT]: body.byteLength },
    }).byteLength,
    gzip: gzipSync(body, { level: 9 }).byteLength,
  };
}

function assetKind(resourceType: string, url: string, contentType: string): Asset["kind"] | null {
  if (resourceType === "stylesheet" || contentType.includes("text/css") || /\.css(\?|$)/.test(url)) return "stylesheet";
  if (resourceType === "script" || contentType.includes("javascript") || /\.m?js(\?|$)/.test(url)) return "script";
  return null;
}

/** Every script and stylesheet a first visit to "/" downloads, without the language cookie. */
async function measureFirstLoadAssets(browser: Browser, baseURL: string): Promise<Asset[]> {
  const { context, page } = await openPage(browser, { baseURL });
  const pending: Array<Promise<Asset | null>> = [];
  page.on("response", (response) => {
    const kind = assetKind(response.request().resourceType(), response.url(), response.headers()["content-type"] ?? "");
    if (!kind || response.status() >= 300) return;
    pending.push(
      response.body().then(
        (body) => ({ url: response.url(), kind, ...compressedSizes(body) }),
        () => null,
      ),
    );
  });
  await page.goto("/", { waitUntil: "networkidle" });
  const assets = (await Promise.all(pending)).filter((asset): asset is Asset => asset !== null);
  await context.close();
  const unique = new Map(assets.map((asset) => [asset.url, asset]));
  return [...unique.values()].sort((a, b) => b.brotli - a.brotli);
}

async function measureHtmlBytes(baseURL: string): Promise<number> {
  const response = await fetch(new URL("/", baseURL), { headers: { accept: "text/html" }, redirect: "manual" });
  if (response.status !== 200)
    throw new LocalStackError(`"/" answered ${response.status}, not 200: is ${baseURL} the app?`);
  return (await response.arrayBuffer()).byteLength;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** Builds the app and serves it like `npm start`, on free ports, with a throwaway database. */
async function serveApp(): Promise<{ url: string; stop(): Promise<void> }> {
  const dataDir = mkdtempSync(join(tmpdir(), "moneta-bench-"));
  const running: RunningProcess[] = [];
  const stop = async () => {
    await Promise.all(running.reverse().map((process) => process.stop()));
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    console.log("  • Starting the local database, applying migrations, building the app…");
    const database = await startDatabase({ dataDir, port: await freePort() });
    running.push(database);
    await migrateDatabase(database.url);
    await buildApp(join(dataDir, "build.log"));
    const server = await startWorkerServer({
      mode: "preview",
      port: await freePort(),
      databaseUrl: database.url,
      jwtSecret: localJwtSecret(dataDir),
      logFile: join(dataDir, "server.log"),
    });
    running.push(server);
    return { url: server.url, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

type Row = { metric: string; value: string; budget: string; isPass: boolean | null };

type Report = {
  baseURL: string;
  assets: Asset[];
  htmlBytes: number;
  lcps: Array<{ ms: number; element: string }>;
  transfer: string;
  lighthouse: LighthouseRun[];
};

function printReport({ baseURL, assets, htmlBytes, lcps, transfer, lighthouse }: Report): Row[] {
  const sum = (key: "raw" | "brotli" | "gzip") => assets.reduce((total, asset) => total + asset[key], 0);
  const lcpMedian = median(lcps.map((lcp) => lcp.ms));
  const lcpMax = Math.max(...lcps.map((lcp) => lcp.ms));
  const rows: Row[] = [
    {
      metric: `First-load JS+CSS, brotli q11 (${assets.length} files)`,
      value: kb(sum("brotli")),
      budget: `≤ ${kb(budgets.assetsBrotliBytes)}`,
      isPass: sum("brotli") <= budgets.assetsBrotliBytes,
    },
    { metric: "First-load JS+CSS, gzip -9", value: kb(sum("gzip")), budget: "—", isPass: null },
    { metric: "First-load JS+CSS, uncompressed", value: kb(sum("raw")), budget: "—", isPass: null },
    {
      metric: "HTML of /, raw",
      value: kb(htmlBytes),
      budget: `≤ ${kb(budgets.htmlBytes)}`,
      isPass: htmlBytes <= budgets.htmlBytes,
    },
    {
      metric: `LCP, median of ${lcps.length} (throttled phone, ${transfer} transfer)`,
      value: seconds(lcpMedian),
      budget: `< ${seconds(budgets.lcpMs)}`,
      isPass: lcpMedian < budgets.lcpMs,
    },
    { metric: `LCP, slowest of ${lcps.length}`, value: seconds(lcpMax), budget: "—", isPass: null },
    ...lighthouseRows(lighthouse),
  ];
  console.log(`\nFirst-load assets of ${baseURL}/ (brotli · gzip · raw):`);
  for (const asset of assets) {
    console.log(
      `  ${kb(asset.brotli).padStart(9)} · ${kb(asset.gzip).padStart(9)} · ${kb(asset.raw).padStart(9)}  ${new URL(asset.url).pathname}`,
    );
  }
  console.log(
    `\nLighthouse runs (score · LCP · FCP · TBT · CLS): ${lighthouse.map((run) => `${run.score} · ${seconds(run.lcpMs)} · ${seconds(run.fcpMs)} · ${Math.round(run.tbtMs)} ms · ${run.cls.toFixed(3)}`).join("; ")}`,
  );
  console.log(`Render-blocking (last Lighthouse run): ${lighthouse.at(-1)?.renderBlocking.join(", ") || "none"}`);
  console.log(
    `\nLCP runs: ${lcps.map((lcp) => seconds(lcp.ms)).join(", ")}; element: ${lcps.at(-1)?.element || "unknown"}`,
  );
  console.log("\n| Metric | Value | Budget | Result |\n|---|---|---|---|");
  for (const row of rows) {
    console.log(
      `| ${row.metric} | ${row.value} | ${row.budget} | ${row.isPass === null ? "info" : row.isPass ? "pass" : "**FAIL**"} |`,
    );
  }
  return rows;
}

function lighthouseRows(runs: LighthouseRun[]): Row[] {
  const lcp = median(runs.map((run) => run.lcpMs));
  const score = median(runs.map((run) => run.score));
  return [
    {
      metric: `Lighthouse mobile LCP, median of ${runs.length}`,
      value: seconds(lcp),
      budget: `< ${seconds(budgets.lighthouseLcpMs)}`,
      isPass: lcp < budgets.lighthouseLcpMs,
    },
    {
      metric: `Lighthouse mobile performance score, median of ${runs.length}`,
      value: score.toFixed(2),
      budget: `≥ ${budgets.lighthouseScore}`,
      isPass: score >= budgets.lighthouseScore,
    },
  ];
}

/**
 * Five cold throttled-phone runs and Lighthouse's, through the proxy that serves as the CDN does unless
 * `isUncompressed`; the page is loaded once first, so the proxy holds the build's files as the CDN's edge does.
 */
async function measurePaint(browser: Browser, baseURL: string, isUncompressed: boolean) {
  const proxy = isUncompressed ? null : await startCompressingProxy(baseURL);
  try {
    const target = proxy?.url ?? baseURL;
    if (proxy) await warmThroughProxy(browser, `${target}/`);
    const lcps = [];
    for (let run = 0; run < lcpRuns; run++) lcps.push(await throttledPhoneLcp(browser, `${target}/`));
    const lighthouse = await runLighthouseMobile(`${target}/`, lighthouseRuns);
    return { lcps, lighthouse };
  } finally {
    await proxy?.stop();
  }
}

async function main(): Promise<number> {
  const args = process.argv.slice(2);
  const urlFlag = args.indexOf("--url");
  const isUncompressed = args.includes("--uncompressed");
  const served = args.includes("--serve") ? await serveApp() : null;
  const baseURL = (served?.url ?? (urlFlag >= 0 ? args[urlFlag + 1] : undefined) ?? (await findRunningApp())).replace(
    /\/$/,
    "",
  );
  const browser = await launchBrowser();
  try {
    const htmlBytes = await measureHtmlBytes(baseURL);
    const assets = await measureFirstLoadAssets(browser, baseURL);
    const { lcps, lighthouse } = await measurePaint(browser, baseURL, isUncompressed);
    const rows = printReport({
      baseURL,
      assets,
      htmlBytes,
      lcps,
      transfer: isUncompressed ? "uncompressed" : "brotli",
      lighthouse,
    });
    return rows.some((row) => row.isPass === false) ? 1 : 0;
  } finally {
    await browser.close();
    await served?.stop();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    const reason =
      error instanceof LocalStackError ? error.message : error instanceof Error ? error.message : String(error);
    console.error(`\n  ✖ Benchmark failed: ${reason}\n  Is the app running (npm start), or try --serve.\n`);
    process.exit(2);
  },
);
