import { createClient } from "@libsql/client";
import { drizzle } from "drizzle-orm/libsql";
import type { Miniflare } from "miniflare";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { Database } from "../../db/client.ts";
import { insertAccount, insertWorkspace } from "../../db/factories.ts";
import { startBuiltWorker, workerApi, workerPerson } from "../support/built-worker.ts";
import { mobillsSheet, strings, workbookFiles, zipped } from "../support/history-workbook.ts";

/**
 * Moving in, in the built Worker (workerd): a workbook is unpacked by workerd's own DecompressionStream,
 * and a workspace archive the Worker wrote comes back as a new workspace with the same balance.
 */
describe("moving in through the built Worker", () => {
  let worker: Miniflare;
  let db: Database;
  beforeAll(async () => {
    worker = startBuiltWorker({ databaseUrl: inject("databaseUrl") });
    await worker.ready;
    db = drizzle(createClient({ url: inject("databaseUrl") })) as unknown as Database;
  });
  afterAll(async () => {
    await worker?.dispose();
  });

  const person = (name: string) => workerPerson(db, name);
  const call = (path: string, token: string, init: RequestInit = {}) => workerApi(worker)(path, token, init);
  const form = (bytes: Uint8Array<ArrayBuffer>, name: string) => {
    const body = new FormData();
    body.set("file", new File([bytes], name));
    return body;
  };

  it("reads an Excel export and restores the workspace archive the Worker wrote", async () => {
    const owner = await person("Mara Mudança");
    const workspace = await insertWorkspace(db, { ownerId: owner.user.id, currency: "BRL" });
    const workbook = await zipped(workbookFiles(mobillsSheet, strings));
    const preview = await call(`/workspaces/${workspace.id}/move-ins/preview`, owner.token, {
      method: "POST",
      body: form(workbook, "mobills.xlsx"),
    });
    expect(preview.status, await preview.clone().text()).toBe(200);
    const found = ((await preview.json()) as { data: { app: string; lines: { date: string }[] } }).data;
    expect(found.app).toBe("mobills");
    expect(found.lines.map((line: { date: string }) => line.date)).toEqual(["2026-10-01", "2026-10-02", "2026-10-02"]);

    const account = await insertAccount(db, { workspaceId: workspace.id, name: "Conta", currency: "BRL" });
    const recorded = await call(`/workspaces/${workspace.id}/transactions`, owner.token, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({
        type: "income",
        destination_id: `account:${account.id}`,
        amount: "321.09",
        description: "Pix",
      }),
    });
    expect(recorded.status).toBe(201);
    const archive = await call(`/workspaces/${workspace.id}/exports/workspace.zip?language=pt-BR`, owner.token);
    expect(archive.status).toBe(200);
    const bytes = new Uint8Array(await archive.arrayBuffer());
    const restored = await call("/workspace-archives", owner.token, { method: "POST", body: form(bytes, "casa.zip") });
    expect(restored.status, await restored.clone().text()).toBe(201);
    const copyId = ((await restored.json()) as { data: { uuid: string } }).data.uuid;
    const listed = (await (await call(`/workspaces/${copyId}/accounts`, owner.token)).json()) as {
      data: { name: string; balance: string }[];
    };
    const accounts = listed.data;
    expect(accounts.map((row: { name: string; balance: string }) => [row.name, row.balance])).toEqual([
      ["Conta", "321.09"],
    ]);
  });
});
