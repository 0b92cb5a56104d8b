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
async function startChromium(): Promise<{ port: number; stop(): void }> {
  const port = await freePort();
  const profile = mkdtempSync(join(tmpdir(), "moneta-lighthouse-"));
  const chromium = spawn(
    chromiumPath({ headlessShell: false }),
    [
      "--headless=new",
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
  const stop = () => {
    chromium.kill();
    rmSync(profile, { recursive: true, force: true });
  };
  for (let attempt = 0; attempt < 100; attempt++) {
    const isUp = await fetch(`http://127.0.0.1:${port}/json/version`).then(
      (response) => response.ok,
      () => false,
    );
    if (isUp) return { port, stop };
    await new Promise((wait) => setTimeout(wait, 100));
  }
  stop();
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

/**
 * `runs` Lighthouse runs of `url` (performance only), one Chromium for all. Cold by default, `headers` going
 * with every request (a signed-in page's session cookie). With `repeatVisit`, the session is a cookie in the
 * browser, a first visit (not measured) lets the installed app's service worker take the build's files, and
 * every measured run keeps the browser's storage: a person opening the app again.
 */
export async function runLighthouseMobile(
  url: string,
  runs: number,
  headers?: Record<string, string>,
  options: { repeatVisit?: { cookie: { name: string; value: string } } } = {},
): Promise<LighthouseRun[]> {
  const chromium = await startChromium();
  try {
    const results: LighthouseRun[] = [];
    const { repeatVisit } = options;
    const visit = () =>
      lighthouse(url, {
        port: chromium.port,
        onlyCategories: ["performance"],
        extraHeaders: repeatVisit ? undefined : headers,
        disableStorageReset: Boolean(repeatVisit),
        logLevel: "error",
        output: "json",
      });
    if (repeatVisit) {
      await setBrowserCookie(chromium.port, url, repeatVisit.cookie);
      await visit();
      await new Promise((wait) => setTimeout(wait, installWaitMs));
    }
    for (let run = 0; run < runs; run++) {
      const result = await visit();
      if (!result) throw new LocalStackError(`Lighthouse returned nothing for ${url}.`);
      const { audits, categories } = result.lhr;
      if (result.lhr.runtimeError) throw new LocalStackError(`Lighthouse: ${result.lhr.runtimeError.message}`);
      const blocking =
        (audits["render-blocking-insight"]?.details as { items?: Array<{ url?: string }> } | undefined)?.items ?? [];
      results.push({
        score: categories.performance?.score ?? 0,
        lcpMs: audits["largest-contentful-paint"]?.numericValue ?? Number.NaN,
        fcpMs: audits["first-contentful-paint"]?.numericValue ?? Number.NaN,
        tbtMs: audits["total-blocking-time"]?.numericValue ?? Number.NaN,
        cls: audits["cumulative-layout-shift"]?.numericValue ?? Number.NaN,
        renderBlocking: blocking.flatMap((item) => (item.url ? [new URL(item.url).pathname] : [])),
      });
    }
    return results;
  } finally {
    chromium.stop();
  }
}
