/**
 * Lighthouse's own mobile profile (its default config: a Moto G-class phone, simulated slow 4G
 * at 150 ms RTT and 1.6 Mbps, 4x CPU slowdown) run from the npm package against Debian's
 * Chromium, headless. Used by `npm run bench:landing` (budget: LCP < 1.5 s, score ≥ 0.98) and
 * `npm run bench:app-pages` (the signed-in dashboard and transactions).
 */
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import lighthouse from "lighthouse";
import { chromiumPath } from "./chromium-path.ts";
import { freePort, LocalStackError } from "./local-stack.ts";

export type LighthouseRun = {
  score: number;
  lcpMs: number;
  fcpMs: number;
  tbtMs: number;
  cls: number;
  renderBlocking: string[];
};

/** Chromium with a DevTools port for Lighthouse to drive; a fresh profile each time. */
async function startChromium(): Promise<{ port: number; stop(): Promise<void> }> {
  const port = await freePort();
  const profile = mkdtempSync(join(tmpdir(), "moneta-lighthouse-"));
  const chromium = spawn(
    chromiumPath({ headlessShell: false }),
    [
      "--headless=new",
      // The phone benchmarks' proxy serves HTTP/2 over TLS with a throwaway certificate (scripts/compressing-proxy.ts).
      "--ignore-certificate-errors",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-dev-shm-usage",
      "--no-first-run",
      "--disable-sync",
      "--disable-background-networking",
      "--disable-component-update",
      `--user-data-dir=${profile}`,
      `--remote-debugging-port=${port}`,
      "about:blank",
    ],
    { stdio: "ignore" },
  );
  const exited = new Promise((done) => chromium.once("exit", done));
  // Its profile goes once Chromium has exited: until then it is still writing there.
  const stop = async () => {
    chromium.kill();
    await exited;
    rmSync(profile, { recursive: true, force: true, maxRetries: 5 });
  };
  for (let attempt = 0; attempt < 100; attempt++) {
    const isUp = await fetch(`http://127.0.0.1:${port}/json/version`).then(
      (response) => response.ok,
      () => false,
    );
    if (isUp) return { port, stop };
    await new Promise((wait) => setTimeout(wait, 100));
  }
  await stop();
  throw new LocalStackError("Chromium did not open its DevTools port within 10 s.");
}

/** A cookie put in the browser's own jar through the DevTools protocol (the service worker's fetches carry it too). */
async function setBrowserCookie(port: number, url: string, cookie: { name: string; value: string }) {
  const version = (await (await fetch(`http://127.0.0.1:${port}/json/version`)).json()) as {
    webSocketDebuggerUrl: string;
  };
  const socket = new WebSocket(version.webSocketDebuggerUrl);
  await new Promise((opened) => socket.addEventListener("open", opened, { once: true }));
  const answered = new Promise((answer) => socket.addEventListener("message", answer, { once: true }));
  socket.send(JSON.stringify({ id: 1, method: "Storage.setCookies", params: { cookies: [{ ...cookie, url }] } }));
  await answered;
  socket.close();
}

/** How long the first visit leaves the service worker to fetch the build's files before the measured visits. */
const installWaitMs = 8000;

/** One Lighthouse visit of `url` (performance only) in the Chromium on `port`, keeping its storage when told. */
async function visit(port: number, url: string, options: { keepStorage: boolean }): Promise<LighthouseRun> {
  const result = await lighthouse(url, {
    port,
    onlyCategories: ["performance"],
    disableStorageReset: options.keepStorage,
    logLevel: "error",
    output: "json",
  });
  if (!result) throw new LocalStackError(`Lighthouse returned nothing for ${url}.`);
  const { audits, categories, finalDisplayedUrl } = result.lhr;
  if (result.lhr.runtimeError) throw new LocalStackError(`Lighthouse: ${result.lhr.runtimeError.message}`);
  // A page that sent the browser elsewhere (a signed-in page answering a browser it does not know) was not measured.
  if (new URL(finalDisplayedUrl).pathname !== new URL(url).pathname)
    throw new LocalStackError(`Lighthouse measured ${finalDisplayedUrl}, not ${url}: the page sent it elsewhere.`);
  const blocking =
    (audits["render-blocking-insight"]?.details as { items?: Array<{ url?: string }> } | undefined)?.items ?? [];
  return {
    score: categories.performance?.score ?? 0,
    lcpMs: audits["largest-contentful-paint"]?.numericValue ?? Number.NaN,
    fcpMs: audits["first-contentful-paint"]?.numericValue ?? Number.NaN,
    tbtMs: audits["total-blocking-time"]?.numericValue ?? Number.NaN,
    cls: audits["cumulative-layout-shift"]?.numericValue ?? Number.NaN,
    renderBlocking: blocking.flatMap((item) => (item.url ? [new URL(item.url).pathname] : [])),
  };
}

/**
 * `runs` Lighthouse runs of `url` (performance only). A signed-in page gets its session as a cookie in the
 * browser's own jar, so the page, its scripts and the service worker's fetches all carry it.
 * - Cold (the default): every run in a fresh Chromium with an empty profile, a first visit.
 * - `repeatVisit`: one Chromium; a first visit (not measured) lets the installed app's service worker take the
 *   build's files, and every measured run keeps the browser's storage: a person opening the app again.
 */
export async function runLighthouseMobile(
  url: string,
  runs: number,
  options: { cookie?: { name: string; value: string }; repeatVisit?: boolean } = {},
): Promise<LighthouseRun[]> {
  const results: LighthouseRun[] = [];
  if (!options.repeatVisit) {
    for (let run = 0; run < runs; run++) {
      const chromium = await startChromium();
      try {
        if (options.cookie) await setBrowserCookie(chromium.port, url, options.cookie);
        results.push(await visit(chromium.port, url, { keepStorage: false }));
      } finally {
        await chromium.stop();
      }
    }
    return results;
  }
  const chromium = await startChromium();
  try {
    if (options.cookie) await setBrowserCookie(chromium.port, url, options.cookie);
    await visit(chromium.port, url, { keepStorage: true });
    await new Promise((wait) => setTimeout(wait, installWaitMs));
    for (let run = 0; run < runs; run++) results.push(await visit(chromium.port, url, { keepStorage: true }));
    return results;
  } finally {
    await chromium.stop();
  }
}
