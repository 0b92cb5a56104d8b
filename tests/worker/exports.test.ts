import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import type { Miniflare } from "miniflare";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { freePort } from "../../scripts/local-stack.ts";
import { users } from "../../db/schema/index.ts";
import { seedLedger } from "../../scripts/seed-ledger.ts";
import { startBuiltWorker } from "../support/built-worker.ts";
import { startFaultProxy } from "../support/fault-proxy.ts";
import { databaseAt, workspaceOwnerIn } from "../support/worker-session.ts";
import { readXlsx, readZip, rowValues } from "../support/xlsx-reader.ts";

/**
 * The transactions CSV and Excel files stream out of the built Worker, served over HTTP by
 * workerd as in production — read after read, as the download takes it. A database lost
 * mid-download cannot turn the answer into an error any more, and workerd ends an errored body as
 * if it were whole (cloudflare/workerd#6818): the file's last line (the sheet's last row) then says
 * it is incomplete. The whole workspace's zip streams the same way, and a cut one ends with an
 * EXPORT-INCOMPLETE.txt entry.
 */
describe("the transactions exports from the built Worker", () => {
  const rowCount = 2_500;
  let proxy: Awaited<ReturnType<typeof startFaultProxy>>;
  let worker: Miniflare;
  let owner: Awaited<ReturnType<typeof workspaceOwnerIn>>;
  let origin: string;
  const persistDir = mkdtempSync(join(tmpdir(), "moneta-export-worker-"));

  beforeAll(async () => {
    const target = new URL(inject("databaseUrl"));
    proxy = await startFaultProxy({ host: target.hostname, port: Number(target.port) });
    worker = startBuiltWorker({
      databaseUrl: proxy.url,
      vars: { LIBSQL_TIMEOUT_MS: "1500" },
      serve: { port: await freePort(), persistDir },
    });
    origin = (await worker.ready).origin;
    const db = databaseAt(inject("databaseUrl"));
    owner = await workspaceOwnerIn(db);
    // The Excel file is a paid format.
    await db.update(users).set({ tier: "unlimited" }).where(eq(users.id, owner.user.id));
    await seedLedger(db, {
      workspaceId: owner.workspace.id,
      createdBy: owner.user.id,
      count: rowCount,
      lastDate: new Date().toISOString().slice(0, 10),
      chunkSize: 1000,
    });
  });
  afterAll(async () => {
    await worker?.dispose();
    await proxy?.stop();
    rmSync(persistDir, { recursive: true, force: true });
  });

  const exportUrl = () =>
    `${origin}/api/workspaces/${owner.workspace.id}/exports/transactions.csv?language=en&separator=%2C`;

  it("sends every row, in pieces as each read arrives", async () => {
    const response = await fetch(exportUrl(), { headers: owner.api });
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    const reader = response.body!.getReader();
    const decoder = new TextDecoder("utf-8", { ignoreBOM: true });
    let text = "";
    let pieces = 0;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      pieces++;
      text += decoder.decode(value, { stream: true });
    }
    const lines = text.split("\r\n").slice(0, -1);
    expect(lines[0]).toMatch(/^\uFEFFDate,Type,Description,Payee,Amount,/);
    expect(lines).toHaveLength(rowCount + 1);
    expect(new Set(lines.slice(1).map((line) => line.split(",").at(-1))).size).toBe(rowCount);
    // Three reads of 1 000 rows, each sent as it arrives: the file was never built whole first.
    expect(pieces).toBeGreaterThanOrEqual(3);
  });

  it("ends the file with a line saying it is incomplete when the database is lost after the first rows", async () => {
    const response = await fetch(exportUrl(), { headers: owner.api });
    expect(response.status).toBe(200);
    const reader = response.body!.getReader();
    const decoder = new TextDecoder("utf-8", { ignoreBOM: true });
    const first = await reader.read();
    expect(first.done).toBe(false);
    let text = decoder.decode(first.value, { stream: true });
    await proxy.setMode("refuse");
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        text += decoder.decode(value, { stream: true });
      }
    } finally {
      await proxy.setMode("pass");
    }
    const lines = text.split("\r\n").slice(0, -1);
    expect(lines.length).toBeLessThan(rowCount + 1);
    expect(lines.at(-1)).toBe("Export incomplete: the rest could not be read. Download the file again.");
  });

  /** The whole body, and how many pieces it came in. */
  async function readAll(response: Response, onFirstPiece = async () => {}) {
    const reader = response.body!.getReader();
    const pieces: Uint8Array[] = [];
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      pieces.push(value);
      if (pieces.length === 1) await onFirstPiece();
    }
    return { bytes: new Uint8Array(Buffer.concat(pieces)), pieces: pieces.length };
  }

  const workbookUrl = () => `${origin}/api/workspaces/${owner.workspace.id}/exports/transactions.xlsx?language=en`;

  it("streams the Excel workbook too, zipped by workerd's CompressionStream as the reads arrive", async () => {
    const response = await fetch(workbookUrl(), { headers: owner.api });
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe(
      "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    );
    const { bytes, pieces } = await readAll(response);
    const book = readXlsx(bytes);
    expect(book.rows.size).toBe(rowCount + 1);
    expect(rowValues(book, 1).slice(0, 5)).toEqual(["Date", "Type", "Description", "Payee", "Amount"]);
    expect(new Set([...book.rows.keys()].slice(1).map((row) => rowValues(book, row).at(-1))).size).toBe(rowCount);
    expect(book.rows.get(2)!.get("A")!.type).toBe("date");
    expect(book.rows.get(2)!.get("E")!.type).toBe("number");
    expect(pieces).toBeGreaterThanOrEqual(3);
  });

  it("ends the sheet with a row saying it is incomplete when the database is lost mid-download, the file still whole", async () => {
    const response = await fetch(workbookUrl(), { headers: owner.api });
    expect(response.status).toBe(200);
    try {
      const { bytes } = await readAll(response, () => proxy.setMode("refuse"));
      const book = readXlsx(bytes);
      const last = Math.max(...book.rows.keys());
      expect(last).toBeLessThan(rowCount + 1);
      expect(rowValues(book, last)).toEqual([
        "Export incomplete: the rest could not be read. Download the file again.",
      ]);
    } finally {
      await proxy.setMode("pass");
    }
  });

  const zipUrl = () => `${origin}/api/workspaces/${owner.workspace.id}/exports/workspace.zip?language=pt-BR`;

  it("streams the whole workspace as a zip: every entity in JSON and CSV, every transaction in both", async () => {
    const response = await fetch(zipUrl(), { headers: owner.api });
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("application/zip");
    expect(response.headers.get("Content-Disposition")).toMatch(
      /^attachment; filename="moneta-espaco-\d{4}-\d{2}-\d{2}\.zip"$/,
    );
    const { bytes, pieces } = await readAll(response);
    const files = readZip(bytes);
    expect(files.get("README.txt")).toMatch(/^Moneta: tudo o que o espaço/);
    for (const name of ["workspace", "members", "accounts", "tags", "goals", "statement-imports", "transactions"]) {
      expect(files.has(`${name}.json`), name).toBe(true);
      expect(files.get(`${name}.csv`)?.startsWith("\uFEFF"), name).toBe(true);
    }
    const transactions = JSON.parse(files.get("transactions.json")!) as Array<{ uuid: string; amount: string }>;
    expect(new Set(transactions.map((row) => row.uuid)).size).toBe(rowCount);
    expect(transactions.every((row) => /^\d+\.\d{2}$/.test(row.amount))).toBe(true);
    expect(files.get("transactions.csv")!.split("\r\n").slice(0, -1)).toHaveLength(rowCount + 1);
    expect(files.has("EXPORT-INCOMPLETE.txt")).toBe(false);
    expect(pieces).toBeGreaterThanOrEqual(3);
  });

  it("ends a zip cut by a lost database with EXPORT-INCOMPLETE.txt, the archive and the cut file still readable", async () => {
    const response = await fetch(zipUrl(), { headers: owner.api });
    expect(response.status).toBe(200);
    try {
      const { bytes } = await readAll(response, () => proxy.setMode("refuse"));
      const files = readZip(bytes);
      const names = [...files.keys()];
      expect(names.at(-1)).toBe("EXPORT-INCOMPLETE.txt");
      expect(files.get("EXPORT-INCOMPLETE.txt")).toBe(
        "Exportação incompleta: o restante não pôde ser lido. Baixe o arquivo de novo.\r\n",
      );
      // The first read (every small entity and the first 1 000 transactions) came before the answer.
      expect(names).toContain("accounts.json");
      const cutJson = JSON.parse(files.get("transactions.json")!) as unknown[];
      expect(cutJson.length).toBeGreaterThanOrEqual(1000);
      const cutCsv = files.get("transactions.csv");
      if (cutJson.length < rowCount) expect(cutCsv).toBeUndefined();
      else expect(cutCsv!.split("\r\n").at(-2)).toMatch(/^Exportação incompleta/);
    } finally {
      await proxy.setMode("pass");
    }
  });
});
