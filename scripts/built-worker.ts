/**
 * The Worker exactly as `react-router build` emitted it (build/server, with build/client as
 * its static assets), run in workerd through Miniflare's API with the settings wrangler.json
 * declares. `npm start` serves it on a port (scripts/serve-built.ts); the worker tests drive
 * it through dispatchFetch. No Node proxy stands between a client and workerd.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { convertV4MiniflareOptions, Miniflare } from "miniflare";
import { projectRoot } from "./local-stack.ts";

function builtModules(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return builtModules(path);
    return entry.name.endsWith(".js") ? [path] : [];
  });
}

export type BuiltWorkerConfig = {
  compatibility_date: string;
  compatibility_flags: string[];
  vars: Record<string, string>;
  secrets?: { required?: string[] };
};

export function readBuiltWorkerConfig(buildDir = join(projectRoot, "build")): BuiltWorkerConfig {
  const configFile = join(buildDir, "server", "wrangler.json");
  if (!existsSync(configFile)) throw new Error("No build found: run `npm run build` (npm test does it first).");
  return JSON.parse(readFileSync(configFile, "utf8")) as BuiltWorkerConfig;
}

const rateProvidersOff = Object.fromEntries(
  ["RATES_FRANKFURTER_URL", "RATES_OPEN_ER_API_URL", "RATES_CURRENCY_API_URL", "RATES_BCB_PTAX_URL"].map((name) => [
    name,
    "off",
  ]),
);

export function startBuiltWorker(options: {
  databaseUrl: string;
  vars?: Record<string, string>;
  inspectorPort?: number;
  /** Another build to run (a copy of build/ kept to compare against); build/ by default. */
  buildDir?: string;
  /** Receives each line the Worker logs (console.log/error), instead of this process's console. */
  onLog?: (line: string, level: string) => void;
  /** Serve on 127.0.0.1:<port> (workerd's own HTTP server), with the cron route and persisted KV and R2. */
  serve?: { port: number; persistDir: string };
}): Miniflare {
  const buildDir = options.buildDir ?? join(projectRoot, "build");
  const serverDir = join(buildDir, "server");
  const config = readBuiltWorkerConfig(buildDir);
  const mainModule = join(serverDir, "index.js");
  const modules = [mainModule, ...builtModules(serverDir).filter((path) => path !== mainModule)].map((path) => ({
    type: "ESModule" as const,
    path,
    contents: readFileSync(path, "utf8"),
  }));
  const serving = options.serve
    ? {
        host: "127.0.0.1",
        port: options.serve.port,
        // GET /cdn-cgi/local/scheduled?cron=… fires scheduled(), as under wrangler dev.
        unsafeTriggerHandlers: true,
        // Request.cf from a fixed object: no call to Cloudflare, which is out of reach here.
        cf: false,
        // KV and R2 (receipts' files) kept between restarts, like the database (under .data/ for npm start).
        resourcePersistencePath: options.serve.persistDir,
      }
    : {};
  return new Miniflare(
    convertV4MiniflareOptions({
      modulesRoot: serverDir,
      modules,
      compatibilityDate: config.compatibility_date,
      compatibilityFlags: config.compatibility_flags,
      bindings: {
        ...config.vars,
        APP_ENV: "test",
        LIBSQL_URL: options.databaseUrl,
        LIBSQL_AUTH_TOKEN: "",
        JWT_SECRET: "worker-test-secret-worker-test-secret",
        RESEND_API_KEY: "",
        // The worker tests never reach the internet: the rate providers are off unless a test points
        // them at its fake. A served Worker (npm start, the browser tests) is given its own.
        ...(options.serve ? {} : rateProvidersOff),
        ...options.vars,
      },
      kvNamespaces: ["EXCHANGE_RATES"],
      r2Buckets: ["RECEIPTS"],
      ...serving,
      ...(options.inspectorPort ? { inspectorPort: options.inspectorPort } : {}),
      ...(options.onLog
        ? {
            handleStructuredLogs: ({ message, level }: { message: string; level: string }) =>
              options.onLog!(message, level),
          }
        : {}),
      assets: { directory: join(buildDir, "client"), binding: "ASSETS", routerConfig: { has_user_worker: true } },
    } as Parameters<typeof convertV4MiniflareOptions>[0]),
  );
}
