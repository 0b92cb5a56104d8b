/**
 * The project's Playwright helper: Debian's Chromium driven by playwright-core (Playwright
 * cannot download browsers here). Used by the end-to-end tests and scripts/screenshots.ts.
 */
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { chromium, type Browser, type BrowserContext, type Page } from "playwright-core";
import { chromiumPath } from "../../scripts/chromium-path.ts";
import { projectRoot } from "../../scripts/local-stack.ts";
import { testClockOffsetMs, testNow, testTimeZone } from "./test-clock.ts";

export { chromiumPath };

export const screenshotDir = join(projectRoot, "tests", "artifacts", "screenshots");

export const viewports = {
  desktop: { width: 1280, height: 800 },
  mobile: { width: 375, height: 812 },
} as const;
export type ViewportName = keyof typeof viewports;

/** Playwright gives every launch a fresh, empty profile of its own. */
export async function launchBrowser(extraArgs: readonly string[] = []): Promise<Browser> {
  return chromium.launch({
    executablePath: chromiumPath(),
    headless: true,
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-dev-shm-usage",
      "--disable-background-networking",
      "--disable-component-update",
      "--no-first-run",
      "--disable-sync",
      ...extraArgs,
    ],
  });
}

export type PageOptions = {
  baseURL: string;
  viewport?: ViewportName;
  /** The browser's language (Accept-Language and navigator.language). */
  locale?: "en-US" | "pt-BR";
  /** The browser's time zone (an IANA identifier); the calendar run's, else the machine's, when not given. */
  timezoneId?: string;
  /** The system's colour scheme the page sees (`prefers-color-scheme`); light unless told. */
  colorScheme?: "light" | "dark";
  /**
   * Whether the app's service worker may install. Off unless told: every other test measures what the
   * server answers, not a copy kept on the device, and a worker fetching the build's files on install
   * would only add load.
   */
  allowsServiceWorker?: boolean;
};

export type OpenedPage = { context: BrowserContext; page: Page; problems: string[] };

let contextsOpened = 0;

/** 198.18.0.0/15, the range set aside for tests (RFC 2544): one address per context. */
function testClientAddress(): string {
  contextsOpened += 1;
  return `198.18.${(process.pid + contextsOpened) % 256}.${(contextsOpened % 254) + 1}`;
}

/**
 * A fresh context and page. `problems` collects console errors, uncaught exceptions and
 * CSP violations, so a test can assert a page ran cleanly.
 */
export async function openPage(browser: Browser, options: PageOptions): Promise<OpenedPage> {
  const viewport = viewports[options.viewport ?? "desktop"];
  const context = await browser.newContext({
    baseURL: options.baseURL,
    // Each context is another person, from an address of their own, as Cloudflare would report it:
    // the per-address sign-in limits then count one person's tries, not the whole suite's.
    extraHTTPHeaders: { "CF-Connecting-IP": testClientAddress() },
    viewport,
    locale: options.locale ?? "en-US",
    timezoneId: options.timezoneId ?? testTimeZone,
    deviceScaleFactor: 1,
    // The app honours reduced motion (no chart, toast or progress animations): the tests wait for
    // outcomes, not for frames, and a page that draws no animation frames leaves the CPU to the rest.
    reducedMotion: "reduce",
    colorScheme: options.colorScheme ?? "light",
    isMobile: options.viewport === "mobile",
    hasTouch: options.viewport === "mobile",
    serviceWorkers: options.allowsServiceWorker ? "allow" : "block",
  });
  // On a calendar run the page's clock starts on the chosen day and flows from there, like the app's.
  if (testClockOffsetMs !== 0) await context.clock.install({ time: testNow() });
  const page = await context.newPage();
  const problems: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") problems.push(`console: ${message.text()}`);
  });
  page.on("pageerror", (error) => {
    // React Router leaves unhandled the rejection of a data request it aborted itself (a revalidation
    // overtaken by the next navigation, or cut off by the test loading another address): Chromium names it
    // "BodyStreamBuffer was aborted". The page goes on unharmed — nothing is shown, nothing is lost — so it is
    // not counted; every other error on the page fails the test.
    if (error.message === "BodyStreamBuffer was aborted") return;
    problems.push(`page error: ${error.message}`);
  });
  return { context, page, problems };
}

/**
 * Screenshots are for people to look at: CI, where no one does, skips writing them (a full-page PNG
 * costs a fraction of a second of CPU each, some two hundred per run). MONETA_SCREENSHOTS=1 takes them anyway.
 */
const takesScreenshots = process.env.CI !== "true" || process.env.MONETA_SCREENSHOTS === "1";

/**
 * The date-sensitive pages run on the calendar's hard days only; one of them, New Year's Eve, also
 * checks their layouts (vitest.config.ts). The other days check dates.
 */
const checksLayouts = testClockOffsetMs === 0 || process.env.MONETA_TEST_CHECKS_LAYOUTS === "1";

/** Saves a full-page PNG under tests/artifacts/screenshots (git-ignored) and returns its path. */
export async function captureScreenshot(page: Page, name: string): Promise<string> {
  const path = join(screenshotDir, `${name}.png`);
  if (!takesScreenshots) return path;
  mkdirSync(screenshotDir, { recursive: true });
  await page.evaluate(() => document.fonts.ready);
  await page.screenshot({ path, fullPage: true, animations: "disabled" });
  return path;
}

const layouts = (["desktop", "mobile"] as const).flatMap((viewport) =>
  (["en-US", "pt-BR"] as const).map((locale) => ({ viewport, locale })),
);

/**
 * The layouts a test looks at a page in: all four when screenshots are taken; in CI, where none are,
 * the phone's two (both languages), where a page scrolls sideways if it does anywhere.
 */
export const layoutsToLookAt = takesScreenshots ? layouts : layouts.filter(({ viewport }) => viewport === "mobile");

/**
 * Where a page that only needs checking for sideways scrolling is opened in CI: the narrowest
 * layout with the longest words, a phone in Portuguese. With screenshots, every layout is opened.
 */
const layoutsToCheck = takesScreenshots
  ? layouts
  : layouts.filter((layout) => layout.viewport === "mobile" && layout.locale === "pt-BR");

/**
 * Opens the path in each layout (`layoutsToCheck`), saves a screenshot of each as
 * `<name>-<viewport>-<locale>.png` (after `prepare`, if given), and returns how far each page scrolls
 * sideways (0 when nothing overflows).
 */
export async function screenshotEveryLayout(
  browser: Browser,
  options: {
    baseURL: string;
    path: string;
    name: string;
    cookies?: Array<{ name: string; value: string }>;
    /** Brings the page to the state to capture (opens a menu, say) once it is loaded. */
    prepare?(page: Page): Promise<void>;
  },
): Promise<Array<{ layout: string; horizontalOverflow: number }>> {
  if (!checksLayouts) return [];
  const results = [];
  for (const { viewport, locale } of layoutsToCheck) {
    const { context, page } = await openPage(browser, { baseURL: options.baseURL, locale, viewport });
    const cookies = [...(options.cookies ?? []), { name: "lang", value: locale === "pt-BR" ? "pt-BR" : "en" }];
    await context.addCookies(cookies.map((cookie) => ({ ...cookie, url: options.baseURL })));
    await page.goto(options.path);
    await page.waitForLoadState("networkidle");
    await options.prepare?.(page);
    const horizontalOverflow = await page.evaluate(() =>
      Math.max(0, document.documentElement.scrollWidth - window.innerWidth),
    );
    await captureScreenshot(page, `${options.name}-${viewport}-${locale}`);
    results.push({ layout: `${viewport} ${locale}`, horizontalOverflow });
    await context.close();
  }
  return results;
}

/**
 * Opens a page of the app and waits until React has hydrated it (root.tsx then marks
 * <html data-hydrated>) and the network is quiet. Before hydration a click reaches the browser's
 * own form handling rather than React, so a test that acts at once can race a slow machine.
 * Not for the landing page, which is never hydrated.
 */
export async function gotoHydrated(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await waitForHydration(page);
}

/** Reloads the page and waits as gotoHydrated does. */
export async function reloadHydrated(page: Page): Promise<void> {
  await page.reload();
  await waitForHydration(page);
}

/** Waits until the page now open has hydrated (after a click that loaded a new document, say). */
export async function waitForHydration(page: Page): Promise<void> {
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  await page.waitForLoadState("networkidle");
}

/** The visible toast with this text (Radix also keeps a screen-reader copy in a live region). */
export function toastWith(page: Page, text: string) {
  return page.locator("li[data-kind]").filter({ hasText: text });
}
