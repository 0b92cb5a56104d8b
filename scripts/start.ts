/**
 * `npm start`: local database, migrations, build, the Worker in Miniflare, and the cron
 * handler every minute. `npm run dev` (--dev): the same with Vite's hot reload, no build.
 * Data stays in .data/ between runs; Ctrl-C stops everything this started.
 */
import { existsSync, mkdirSync } from "node:fs";
import { join } from "node:path";
import {
  assertPortFree,
  buildApp,
  localDataDir,
  localJwtSecret,
  localVapidKeys,
  LocalStackError,
  localWhatsAppEnv,
  migrateDatabase,
  projectRoot,
  recordRunningStack,
  startDatabase,
  startWorkerServer,
  triggerCron,
  type RunningProcess,
} from "./local-stack.ts";
import { startLocalBanks } from "./local-banks.ts";

const isDev = process.argv.includes("--dev");
const appPort = Number(process.env.PORT ?? 8080);
const databasePort = Number(process.env.DB_PORT ?? 8081);
const cronIntervalMs = 60_000;
const dataDir = localDataDir;

const running: RunningProcess[] = [];
let cronTimer: NodeJS.Timeout | undefined;
let forgetRunningStack: (() => void) | undefined;
let isStopping = false;

async function stopAll(exitCode: number) {
  if (isStopping) return;
  isStopping = true;
  clearInterval(cronTimer);
  forgetRunningStack?.();
  await Promise.all(running.reverse().map((process) => process.stop()));
  process.exit(exitCode);
}

async function main() {
  if (existsSync(join(projectRoot, ".dev.vars"))) {
    throw new LocalStackError(
      ".dev.vars would hide the settings npm start passes to the Worker: move its values to .env (git-ignored) or your shell, then run again.",
    );
  }
  await assertPortFree(databasePort, "local database", "DB_PORT");
  await assertPortFree(appPort, "app", "PORT");
  mkdirSync(dataDir, { recursive: true });

  step("Starting the local database (sqld)");
  const database = await startDatabase({ dataDir, port: databasePort });
  running.push(database);
  step("Applying migrations");
  await migrateDatabase(database.url);
  // From here `npm run db:seed`, user:set-tier, leads, jobs and bot:chat find this stack on these ports.
  forgetRunningStack = recordRunningStack(dataDir, {
    appUrl: `http://127.0.0.1:${appPort}`,
    databaseUrl: database.url,
  });
  step("Starting the bank providers' stand-ins (a sandbox bank)");
  const banks = await startLocalBanks(dataDir, appPort);
  running.push(...banks.running);
  if (!isDev) {
    step("Building the app");
    await buildApp(join(dataDir, "build.log"));
  }
  step(isDev ? "Starting Vite with hot reload" : "Serving the built Worker in Miniflare");
  const server = await startWorkerServer({
    mode: isDev ? "dev" : "preview",
    port: appPort,
    databaseUrl: database.url,
    jwtSecret: localJwtSecret(dataDir),
    logFile: join(dataDir, "server.log"),
    extraEnv: { ...localWhatsAppEnv(dataDir, appPort), ...banks.env, ...localVapidKeys(dataDir) },
  });
  running.push(server);

  const fireCron = async () => {
    if (!(await triggerCron(server.url)))
      console.warn("  cron: the scheduled handler did not answer (see .data/server.log)");
  };
  void fireCron();
  cronTimer = setInterval(fireCron, cronIntervalMs);

  console.log(`\n  Moneta is running at ${server.url}\n`);
  console.log(`  API health   ${server.url}/api/health`);
  console.log(`  Database     ${database.url} (data in .data/sqld)`);
  console.log(`  Logs         .data/server.log, .data/sqld.log`);
  console.log(`  Cron         scheduled() fires every minute`);
  console.log(`  Assistant    npm run bot:chat (WhatsApp without Meta; see docs/assistant.md)`);
  console.log(`  Banks        Pluggy and SimpleFIN stand-ins with a sandbox bank; a SimpleFIN setup token:`);
  console.log(`               ${banks.simplefinSetupToken()}`);
  console.log(`\n  Press Ctrl-C to stop.\n`);
}

function step(message: string) {
  console.log(`  • ${message}…`);
}

process.on("SIGINT", () => void stopAll(0));
process.on("SIGTERM", () => void stopAll(0));

main().catch((error: unknown) => {
  const message =
    error instanceof LocalStackError
      ? error.message
      : `Unexpected failure: ${error instanceof Error ? error.message : error}`;
  console.error(`\n  ✖ ${message}\n`);
  void stopAll(1);
});
