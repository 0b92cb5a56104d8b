/**
 * One cold load of a page on a phone whose network and CPU Chromium itself slows down (DevTools' own emulation:
 * 150 ms added to every request, 1.6 Mbps down, 750 kbps up, 4x CPU, 375x812 at 2x), for the phone benchmarks.
 * Unlike Lighthouse's simulation, it measures what the browser really painted and when. It adds the latency per
 * request, not per network round trip, so it is kinder to a page than Lighthouse's 150 ms round trips.
 * With `repeatVisit`, the phone has opened the page before: a first load, not measured and not slowed down, lets
 * the installed app's service worker take the build's files, and the measured load is the second one.
 */
import type { Browser } from "playwright-core";
import { LocalStackError } from "./local-stack.ts";

const throttling = {
  latencyMs: 150,
  downloadBytesPerSecond: (1.6 * 1024 * 1024) / 8,
  uploadBytesPerSecond: (750 * 1024) / 8,
  cpuSlowdown: 4,
};
const phone = { viewport: { width: 375, height: 812 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true };

/** How long the unmeasured first load leaves the service worker to fetch the build's files. */
const installWaitMs = 5000;

/**
 * The page's last largest-contentful-paint candidate before it settles, in a fresh context (a signed-in page gets
 * its session as a cookie).
 */
export async function throttledPhoneLcp(
  browser: Browser,
  url: string,
  options: { cookie?: { name: string; value: string }; repeatVisit?: boolean } = {},
): Promise<{ ms: number; element: string }> {
  // ignoreHTTPSErrors: the benchmarks' proxy serves TLS with a throwaway certificate (scripts/compressing-proxy.ts).
  const context = await browser.newContext({ ...phone, locale: "pt-BR", ignoreHTTPSErrors: true });
  if (options.cookie) await context.addCookies([{ ...options.cookie, url }]);
  await context.addInitScript(() => {
    const store = window as unknown as { __lcp?: { ms: number; element: string } };
    new PerformanceObserver((list) => {
      const entry = list.getEntries().at(-1) as PerformanceEntry & { element?: Element | null; url?: string };
      const element = entry.element;
      const label = element
        ? `<${element.tagName.toLowerCase()}> ${entry.url || element.textContent?.trim().slice(0, 40) || ""}`
        : "";
      store.__lcp = { ms: entry.startTime, element: label };
    }).observe({ type: "largest-contentful-paint", buffered: true });
  });
  if (options.repeatVisit) {
    const first = await context.newPage();
    await first.goto(url, { waitUntil: "networkidle", timeout: 60_000 });
    const isInstalled = await first.evaluate(() =>
      Promise.race([
        navigator.serviceWorker.ready.then(() => true),
        new Promise<boolean>((answer) => setTimeout(() => answer(false), 30_000)),
      ]),
    );
    if (!isInstalled)
      throw new LocalStackError(`${url}: no service worker was installed within 30 s of the first load.`);
    await first.waitForTimeout(installWaitMs);
    await first.close();
  }
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.clearBrowserCache");
  await cdp.send("Network.setCacheDisabled", { cacheDisabled: true });
  await cdp.send("Network.emulateNetworkConditions", {
    offline: false,
    latency: throttling.latencyMs,
    downloadThroughput: throttling.downloadBytesPerSecond,
    uploadThroughput: throttling.uploadBytesPerSecond,
  });
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: throttling.cpuSlowdown });
  const response = await page.goto(url, { waitUntil: "networkidle", timeout: 60_000 });
  if (new URL(page.url()).pathname !== new URL(url).pathname)
    throw new LocalStackError(`${url} sent the phone to ${page.url()}: the page was not measured.`);
  if (!response?.ok()) throw new LocalStackError(`${url} answered ${response?.status()}.`);
  // A slow CPU can still be painting when the network falls quiet.
  const lcp = await page
    .waitForFunction(() => (window as unknown as { __lcp?: { ms: number; element: string } }).__lcp, null, {
      timeout: 15_000,
    })
    .then((handle) => handle.jsonValue() as Promise<{ ms: number; element: string }>)
    .catch(() => null);
  const isControlled = await page.evaluate(() => Boolean(navigator.serviceWorker.controller));
  await context.close();
  if (options.repeatVisit && !isControlled)
    throw new LocalStackError(`${url}: no service worker answered the repeat visit, so it was not measured.`);
  if (!lcp) throw new LocalStackError(`Chromium reported no largest-contentful-paint entry for ${url} within 15 s.`);
  return lcp;
}
