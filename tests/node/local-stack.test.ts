import { existsSync, mkdtempSync } from "node:fs";
import { createServer, type Server } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import {
  findLocalDatabase,
  findRunningApp,
  freePort,
  LocalStackError,
  recordRunningStack,
} from "../../scripts/local-stack.ts";

/** A stand-in for sqld and the app on a loopback port: both answer their health checks with 200. */
async function startHealthyServer(): Promise<{ url: string; server: Server }> {
  const port = await freePort();
  const server = createServer((_, response) => response.writeHead(200).end("ok"));
  await new Promise<void>((done) => server.listen(port, "127.0.0.1", done));
  return { url: `http://127.0.0.1:${port}`, server };
}

describe("finding the stack `npm start` runs", () => {
  const servers: Server[] = [];
  afterEach(async () => {
    await Promise.all(servers.splice(0).map((server) => new Promise((done) => server.close(done))));
  });
  const emptyDataDir = () => mkdtempSync(join(tmpdir(), "moneta-stack-"));
  const noSettings = {};

  it("finds the database and the app of a running npm start on ports other than the defaults", async () => {
    const [database, app] = [await startHealthyServer(), await startHealthyServer()];
    servers.push(database.server, app.server);
    const dataDir = emptyDataDir();
    recordRunningStack(dataDir, { appUrl: app.url, databaseUrl: database.url });

    expect(await findLocalDatabase({ env: noSettings, dataDir })).toEqual({ url: database.url });
    expect(await findRunningApp({ env: noSettings, dataDir })).toBe(app.url);
    expect(database.url).not.toBe("http://127.0.0.1:8081");
  });

  it("explains in one line how to start the stack when nothing is running, instead of guessing port 8081", async () => {
    const finding = findLocalDatabase({ env: noSettings, dataDir: emptyDataDir() });
    await expect(finding).rejects.toBeInstanceOf(LocalStackError);
    await expect(finding).rejects.toThrow(/^No local database is running: start it with `npm start`[^\n]*$/);
    await expect(findRunningApp({ env: noSettings, dataDir: emptyDataDir() })).rejects.toThrow(/`npm start`/);
  });

  it("refuses a record left behind by a stack that no longer answers", async () => {
    const dataDir = emptyDataDir();
    const [deadDatabase, deadApp] = [await freePort(), await freePort()];
    recordRunningStack(dataDir, {
      appUrl: `http://127.0.0.1:${deadApp}`,
      databaseUrl: `http://127.0.0.1:${deadDatabase}`,
    });
    await expect(findLocalDatabase({ env: noSettings, dataDir })).rejects.toThrow(/No local database is running/);
    await expect(findRunningApp({ env: noSettings, dataDir })).rejects.toThrow(/The app is not running/);
  });

  it("lets an explicit LIBSQL_URL, then DB_PORT (and PORT for the app), win over the recorded stack", async () => {
    const database = await startHealthyServer();
    servers.push(database.server);
    const dataDir = emptyDataDir();
    recordRunningStack(dataDir, { appUrl: "http://127.0.0.1:1", databaseUrl: database.url });

    const turso = { LIBSQL_URL: "libsql://books-acme.turso.io", LIBSQL_AUTH_TOKEN: "token", DB_PORT: "9001" };
    expect(await findLocalDatabase({ env: turso, dataDir })).toEqual({
      url: "libsql://books-acme.turso.io",
      authToken: "token",
    });
    expect(await findLocalDatabase({ env: { DB_PORT: "9001" }, dataDir })).toEqual({ url: "http://127.0.0.1:9001" });
    expect(await findRunningApp({ env: { PORT: "9000" }, dataDir })).toBe("http://127.0.0.1:9000");
  });

  it("forgets the record when the stack that wrote it stops, but not another stack's newer record", async () => {
    const dataDir = emptyDataDir();
    const file = join(dataDir, "running-stack.json");
    const forgetFirst = recordRunningStack(dataDir, { appUrl: "http://127.0.0.1:9000", databaseUrl: "http://a" });
    const forgetSecond = recordRunningStack(dataDir, { appUrl: "http://127.0.0.1:9100", databaseUrl: "http://b" });
    forgetFirst();
    expect(existsSync(file)).toBe(true);
    forgetSecond();
    expect(existsSync(file)).toBe(false);
  });
});
