import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { convertV4MiniflareOptions, Miniflare } from "miniflare";
import { projectRoot } from "../../scripts/local-stack.ts";


function builtModules(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return builtModules(path);
    return entry.name.endsWith(".js") ? [path] : [];
  });
}

/**
 * The Worker exactly as `react-router build` emitted it (build/server), run in workerd
 * through Miniflare's API, with the settings wrangler.json declares.
 */
export function startBuiltWorker(options: {
  databaseUrl: string;
  vars?: Record<string, string>;
  inspectorPort?: number;
  /** Another build to run (a copy of build/ kept to compare against); build/ by default. */
  buildDir?: string;
  /** Receives each line the Worker logs (console.log/error), instead of this process's console. */
  onLog?: (line: string) => void;
}): Miniflare {
  const serverDir = join(options.buildDir ?? join(projectRoot, "build"), "server");
  const clientDir = join(options.buildDir ?? join(projectRoot, "build"), "client");
  const configFile = join(serverDir, "wrangler.json");
  if (!existsSync(configFile)) throw new Error("No build found: run `npm run build` (npm test does it first).");
  const config = JSON.parse(readFileSync(configFile, "utf8")) as {
    compatibility_date: string;
    compatibility_flags: string[];
    vars: Record<string, string>;
  };
  const mainModule = join(serverDir, "index.js");
  const modules = [mainModule, ...builtModules(serverDir).filter((path) => path !== mainModule)].map((path) => ({
    type: "ESModule" as const,
    path,
    contents: readFileSync(path, "utf8"),
  }));
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
        ...options.vars,
      },
      kvNamespaces: ["EXCHANGE_RATES"],
      ...(options.inspectorPort ? { inspectorPort: options.inspectorPort } : {}),
      ...(options.onLog ? { handleStructuredLogs: ({ message }: { message: string }) => options.onLog!(message) } : {}),
      assets: { directory: clientDir, binding: "ASSETS", routerConfig: { has_user_worker: true } },
    } as Parameters<typeof convertV4MiniflareOptions>[0]),
  );
}
