/** What the phone benchmarks (`bench:app-pages`, `profile:main-thread`) load their pages through. */
import { launchBrowser } from "../tests/support/browser.ts";
import { servedBenchWorkspace } from "./bench-workspace.ts";
import { startCompressingProxy } from "./compressing-proxy.ts";
import type { RunningProcess } from "./local-stack.ts";

/**
 * For the phone benchmarks: the benchmarks' workspace (no rules) served as the CDN serves it
 * (scripts/compressing-proxy.ts), and a browser that ignores the proxy's throwaway certificate — a service worker
 * is refused on an origin with certificate errors otherwise.
 */
export async function benchWorkspaceBehindProxy(dataDir: string, running: RunningProcess[], count: number) {
  const { served, client, seeded } = await servedBenchWorkspace(dataDir, running, { count, ruleCount: 0 });
  client.close();
  const proxy = await startCompressingProxy(served.url);
  running.push(proxy);
  const browser = await launchBrowser(["--ignore-certificate-errors"]);
  running.push({ url: "", stop: () => browser.close() });
  return { proxy, seeded, browser };
}
