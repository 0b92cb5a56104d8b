/**
 * `npm run screenshots -- [--url http://127.0.0.1:8080] /style-guide /other-page`
 * Full-page PNGs of each path at desktop and mobile width, in English and Portuguese,
 * from a running app (default: the one `npm start` runs, on whatever port), into tests/artifacts/screenshots/.
 */
import { launchBrowser, screenshotDir, screenshotEveryLayout } from "../tests/support/browser.ts";
import { findRunningApp, orExit } from "./local-stack.ts";

const args = process.argv.slice(2);
const urlFlag = args.indexOf("--url");
const baseURL = urlFlag >= 0 ? args[urlFlag + 1]! : (process.env.APP_URL ?? (await orExit(findRunningApp())));
const paths = args.filter((arg, index) => arg.startsWith("/") && index !== urlFlag + 1);
if (paths.length === 0) paths.push("/");

const browser = await launchBrowser();
try {
  for (const path of paths) {
    const name = path.replace(/^\/|\/$/g, "").replace(/\//g, "_") || "home";
    for (const { layout, horizontalOverflow } of await screenshotEveryLayout(browser, { baseURL, path, name })) {
      console.log(
        `${path} ${layout}${horizontalOverflow > 0 ? `  ⚠ scrolls sideways by ${horizontalOverflow}px` : ""}`,
      );
    }
  }
  console.log(`Saved in ${screenshotDir}`);
} catch (error) {
  console.error(
    `Screenshots failed: ${error instanceof Error ? error.message : error}. Is the app running at ${baseURL}?`,
  );
  process.exitCode = 1;
} finally {
  await browser.close();
}
