/**
 * `npm run screenshots -- [--url http://127.0.0.1:8080] /style-guide /other-page`
 * Full-page PNGs of each path at desktop and mobile width, in English and Portuguese,
 * from a running app (npm start), into tests/artifacts/screenshots/.
 */
import { captureScreenshot, launchBrowser, openPage, viewports, type ViewportName } from "../tests/support/browser.ts";

const args = process.argv.slice(2);
const urlFlag = args.indexOf("--url");
const baseURL = urlFlag >= 0 ? args[urlFlag + 1]! : (process.env.APP_URL ?? "http://127.0.0.1:8080");
const paths = args.filter((arg, index) => arg.startsWith("/") && index !== urlFlag + 1);
if (paths.length === 0) paths.push("/");

const browser = await launchBrowser();
try {
  for (const path of paths) {
    for (const viewport of Object.keys(viewports) as ViewportName[]) {
      for (const locale of ["en-US", "pt-BR"] as const) {
        const { context, page, problems } = await openPage(browser, { baseURL, viewport, locale });
        await context.addCookies([{ name: "lang", value: locale === "pt-BR" ? "pt-BR" : "en", url: baseURL }]);
        await page.goto(path);
        await page.waitForLoadState("networkidle");
        const name = `${path.replace(/^\/|\/$/g, "").replace(/\//g, "_") || "home"}-${viewport}-${locale}`;
        console.log(`${await captureScreenshot(page, name)}${problems.length ? `  ⚠ ${problems.join(" | ")}` : ""}`);
        await context.close();
      }
    }
  }
} catch (error) {
  console.error(`Screenshots failed: ${error instanceof Error ? error.message : error}. Is the app running at ${baseURL}?`);
  process.exitCode = 1;
} finally {
  await browser.close();
}
