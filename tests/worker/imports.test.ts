import { readFileSync } from "node:fs";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import type { Miniflare } from "miniflare";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { accounts, transactions } from "../../db/schema/index.ts";
import { startBuiltWorker } from "../support/built-worker.ts";
import { databaseAt, workspaceOwnerIn } from "../support/worker-session.ts";
import type { ImportPreview } from "../../worker/imports/import-preview.service.ts";

const fixture = (name: string) => readFileSync(join(import.meta.dirname, "..", "fixtures", "statements", name));

/**
 * Statement imports through the built Worker in workerd — its own multipart parsing and
 * text decoding (a Windows-1252 OFX, a UTF-8 CSV), the chunks' atomic batches, a chunk sent five
 * times at once written once, and an undo that puts the balance back.
 */
describe("statement imports in the built Worker", () => {
  let worker: Miniflare;
  let owner: Awaited<ReturnType<typeof workspaceOwnerIn>>;
  const db = () => databaseAt(inject("databaseUrl"));

  beforeAll(async () => {
    worker = startBuiltWorker({ databaseUrl: inject("databaseUrl") });
    await worker.ready;
    owner = await workspaceOwnerIn(db());
  });
  afterAll(async () => {
    await worker?.dispose();
  });

  const path = (suffix = "") => `http://localhost/api/workspaces/${owner.workspace.id}/imports${suffix}`;
  /** Node's own Request writes the multipart body; its bytes and type cross into workerd as they are. */
  async function send(suffix: string, init: { method?: string; json?: unknown; form?: FormData } = {}) {
    if (!init.form) {
      return worker.dispatchFetch(path(suffix), {
        method: init.method,
        headers: init.json === undefined ? owner.api : owner.json,
        body: init.json === undefined ? undefined : JSON.stringify(init.json),
      });
    }
    const encoded = new Request(path(suffix), { method: "POST", body: init.form });
    return worker.dispatchFetch(path(suffix), {
      method: "POST",
      headers: { ...owner.api, "Content-Type": encoded.headers.get("Content-Type")! },
      body: new Uint8Array(await encoded.arrayBuffer()),
    });
  }

  async function preview(file: Buffer, name: string): Promise<ImportPreview> {
    const form = new FormData();
    form.set("file", new File([new Uint8Array(file)], name));
    form.set("target", `account:${owner.account.id}`);
    const response = await send("/preview", { form });
    expect(response.status, await response.clone().text()).toBe(200);
    return ((await response.json()) as { data: ImportPreview }).data;
  }

  const balance = async () =>
    (await db().select({ cents: accounts.balanceCents }).from(accounts).where(eq(accounts.id, owner.account.id)))[0]!
      .cents;

  it("reads an Itaú OFX in Windows-1252, writes it once however often a chunk is sent, and undoes it", async () => {
    const before = await balance();
    const read = await preview(fixture("itau.ofx"), "itau.ofx");
    expect(read.format).toBe("ofx");
    expect(read.counts.new).toBe(read.lines.length);
    expect(read.lines.some((line) => /[ÁÃÇÚÉ]/.test(line.description))).toBe(true);
    const created = await send("", {
      method: "POST",
      json: {
        target: `account:${owner.account.id}`,
        file_name: "itau.ofx",
        format: "ofx",
        line_count: read.lines.length,
      },
    });
    expect(created.status).toBe(201);
    const { uuid } = ((await created.json()) as { data: { uuid: string } }).data;
    const lines = read.lines.map(({ line, date, description, amount, imported_id }) => ({
      line,
      date,
      description,
      amount,
      imported_id,
    }));
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => send(`/${uuid}/chunks`, { method: "POST", json: { chunk_index: 0, lines } })),
    );
    for (const answer of answers) {
      expect(answer.status).toBe(200);
      expect(((await answer.json()) as { data: unknown }).data).toEqual({
        chunk_index: 0,
        created: lines.length,
        skipped: 0,
      });
    }
    expect(await db().$count(transactions, eq(transactions.importId, uuid))).toBe(lines.length);
    const moved = read.lines.reduce((sum, line) => sum + Math.round(Number(line.amount) * 100), 0);
    expect(await balance()).toBe(before + moved);

    const again = await preview(fixture("itau.ofx"), "itau.ofx");
    expect(again.counts.duplicate).toBe(read.lines.length);

    const undone = await send(`/${uuid}`, { method: "DELETE" });
    expect(undone.status).toBe(200);
    expect(await balance()).toBe(before);
    expect(await db().$count(transactions, eq(transactions.importId, uuid))).toBe(0);
  });

  it("reads a NuConta CSV by its header, accents intact", async () => {
    const read = await preview(fixture("nuconta.csv"), "nuconta.csv");
    expect(read.format).toBe("csv");
    expect(read.counts.new).toBeGreaterThan(0);
    expect(read.lines.every((line) => line.imported_id !== null)).toBe(true);
  });

  it("refuses a file over 5 MB before reading it", async () => {
    const form = new FormData();
    form.set("file", new File([new Uint8Array(5 * 1024 * 1024 + 10).fill(65)], "big.csv"));
    form.set("target", `account:${owner.account.id}`);
    const response = await send("/preview", { form });
    expect(response.status).toBe(413);
    expect(((await response.json()) as { code: string }).code).toBe("PAYLOAD_TOO_LARGE");
  });
});
