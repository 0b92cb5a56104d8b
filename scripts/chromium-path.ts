import { existsSync } from "node:fs";

/**
 * CHROMIUM_PATH, else Chromium's headless shell (the same Blink without the full browser around it: a
 * sixth less CPU per browser test, docs/benchmarks.md "The test suite"), else Chromium. Lighthouse wants
 * the full browser (`headlessShell: false`).
 */
export function chromiumPath(options: { headlessShell?: boolean } = {}): string {
  const candidates = [
    process.env.CHROMIUM_PATH,
    ...(options.headlessShell === false ? [] : ["/usr/bin/chromium-headless-shell"]),
    "/usr/bin/chromium",
    "/usr/bin/chromium-browser",
  ];
  const found = candidates.find((path): path is string => Boolean(path && existsSync(path)));
  if (!found) throw new Error("Chromium not found: set CHROMIUM_PATH, or on Debian run `apt-get install -y chromium`.");
  return found;
}
