import { createClient } from "@libsql/client";
import { drizzle } from "drizzle-orm/libsql";
import type { Miniflare } from "miniflare";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { Database } from "../../db/client.ts";
import { insertAccount, insertWorkspace } from "../../db/factories.ts";
import { workspaceMembers } from "../../db/schema/index.ts";
import { startBuiltWorker, workerApi, workerPerson } from "../support/built-worker.ts";

const photo = Uint8Array.from([0xff, 0xd8, 0xff, 0xe1, ...new TextEncoder().encode("Exif nota fiscal")]);

/** Receipts in the built Worker, in workerd, with its own R2 bucket: kept, read by members only, gone with what holds them. */
describe("receipts in the built Worker", () => {
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

  it("keeps a photo in R2, serves it to a member, 404 to anyone else, and deletes it with its transaction", async () => {
    const owner = await person("Olga");
    const stranger = await person("Sérgio");
    const workspace = await insertWorkspace(db, { ownerId: owner.user.id });
    const account = await insertAccount(db, { workspaceId: workspace.id, currency: "BRL" });
    const recorded = await call(`/workspaces/${workspace.id}/transactions`, owner.token, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({
        type: "expense",
        origin_id: `account:${account.id}`,
        amount: "89.90",
        description: "Farmácia",
      }),
    });
    expect(recorded.status).toBe(201);
    const transactionId = ((await recorded.json()) as { data: { uuid: string } }).data.uuid;
    const form = new FormData();
    form.set("file", new File([photo], "farmacia.jpg"));
    const uploaded = await call(`/workspaces/${workspace.id}/transactions/${transactionId}/receipts`, owner.token, {
      method: "POST",
      body: form,
    });
    expect(uploaded.status, await uploaded.clone().text()).toBe(201);
    const receiptId = ((await uploaded.json()) as { data: { uuid: string } }).data.uuid;
    const bucket = await worker.getR2Bucket("RECEIPTS");
    const key = `workspaces/${workspace.id}/receipts/${receiptId}`;
    expect(await bucket.head(key)).not.toBeNull();

    const file = await call(`/workspaces/${workspace.id}/receipts/${receiptId}/file`, owner.token);
    expect(file.status).toBe(200);
    expect(file.headers.get("Content-Type")).toBe("image/jpeg");
    expect(new Uint8Array(await file.arrayBuffer())).toEqual(photo);
    const strangers = await call(`/workspaces/${workspace.id}/receipts/${receiptId}/file`, stranger.token);
    expect(strangers.status).toBe(404);
    await strangers.arrayBuffer();
    // A member added later reads it too.
    await db.insert(workspaceMembers).values({ workspaceId: workspace.id, userId: stranger.user.id, role: "viewer" });
    const asViewer = await call(`/workspaces/${workspace.id}/receipts/${receiptId}/file`, stranger.token);
    expect(asViewer.status).toBe(200);
    await asViewer.arrayBuffer();

    const deleted = await call(`/workspaces/${workspace.id}/transactions/${transactionId}`, owner.token, {
      method: "DELETE",
    });
    expect(deleted.status).toBe(200);
    expect((await call(`/workspaces/${workspace.id}/receipts/${receiptId}/file`, owner.token)).status).toBe(404);
    // The cron's tick deletes the file from storage.
    const handler = await worker.getWorker();
    await handler.scheduled({ cron: "*/5 * * * *", scheduledTime: new Date() });
    expect(await bucket.head(key)).toBeNull();
  });
});
