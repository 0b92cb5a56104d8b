/**
 * Serves the built Worker the way Cloudflare runs it: workerd's own HTTP server through
 * Miniflare, static assets from build/client, no Node proxy in between — so every answer,
 * failed ones included, is the Worker's own (never a dev server's page with a stack trace),
 * and a body the Worker does not read is workerd's business, not a proxy's.
 * Started by startWorkerServer({ mode: "preview" }) as its own process; logs go to stdout.
 *
 *   node scripts/serve-built.ts --port 8080 --persist .data/worker-state
 *   MONETA_WORKER_BINDINGS='{"LIBSQL_URL":"http://127.0.0.1:8081",…}' overrides variables.
 */
import { existsSync } from "node:fs";
import { join } from "node:path";
import { readBuiltWorkerConfig, startBuiltWorker } from "./built-worker.ts";
import { projectRoot } from "./local-stack.ts";

function argument(name: string): string {
  const index = process.argv.indexOf(name);
  const value = index > 0 ? process.argv[index + 1] : undefined;
  if (!value) throw new Error(`serve-built: ${name} is required`);
  return value;
}

/** The [secrets] wrangler.json lists, from the environment or a git-ignored .env, as Wrangler reads them. */
function secretsFromEnvironment(names: string[]): Record<string, string> {
  const dotEnv = join(projectRoot, ".env");
  if (existsSync(dotEnv)) process.loadEnvFile(dotEnv);
  return Object.fromEntries(names.flatMap((name) => (process.env[name] ? [[name, process.env[name]!]] : [])));
}

const port = Number(argument("--port"));
const config = readBuiltWorkerConfig();
const bindings: Record<string, string> = {
  ...config.vars,
  ...secretsFromEnvironment(config.secrets?.required ?? []),
  ...(JSON.parse(process.env.MONETA_WORKER_BINDINGS ?? "{}") as Record<string, string>),
};
const worker = startBuiltWorker({
  databaseUrl: bindings.LIBSQL_URL ?? "",
  vars: bindings,
  // The Worker's console, line by line: .data/server.log is where people (and e2e tests) read sign-in codes.
  onLog: (line, level) => (level === "error" || level === "warn" ? console.error(line) : console.log(line)),
  serve: { port, persistDir: argument("--persist") },
});

const stop = () => void worker.dispose().finally(() => process.exit(0));
process.on("SIGTERM", stop);
process.on("SIGINT", stop);

await worker.ready;
console.log(`Serving the built Worker at http://127.0.0.1:${port}`);
