/**
 * `npm run bench:import [-- --lines 10000 --runs 3 --existing 100000 --rules 200] [-- --no-build]`: the import target — a
 * 10,000-line OFX previews in under 2 s and is written in under 10 s, its round trips growing with
 * chunks, not lines. The app is served as `npm start` serves it (the build in workerd's own HTTP
 * server) over a real sqld, behind a proxy that counts the database's requests; the workspace
 * already holds `--existing` transactions. Each run imports a fresh OFX 1.x file (Windows-1252,
 * comma decimals) into a new account the way the import dialog does — preview, create, chunks of
 * 500 — previews it again (every line a duplicate), then undoes it. The workspace has `--rules` rules
 * (README: "Rules"), which the preview runs on every line and the chunks write as filed: a third of the
 * lines are tagged by one, a sixth split by another. Prints a Markdown table.
 * Not part of `npm test`.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { insertAccount } from "../db/factories.ts";
import { maxChunkLines } from "../worker/imports/statement.ts";
import { servedBenchWorkspace } from "./bench-workspace.ts";
import type { ImportPreview } from "../worker/imports/import-preview.service.ts";
import { chunkLine } from "../app/components/imports/import-api.ts";
import { commandArgument, type RunningProcess } from "./local-stack.ts";

const lineCount = Number(commandArgument("lines", "10000"));
const runs = Number(commandArgument("runs", "3"));
const existing = Number(commandArgument("existing", "100000"));
const ruleCount = Number(commandArgument("rules", "200"));

const memos = [
  "PÃO DE AÇÚCAR",
  "UBER *TRIP",
  "POSTO IPIRANGA",
  "FARMÁCIA SÃO JOÃO",
  "PIX RECEBIDO",
  "IFOOD *RESTAURANTE",
];

/** An Itaú-shaped OFX 1.x statement of `count` lines over the last year, in Windows-1252 bytes. */
function statement(count: number, run: number): Uint8Array<ArrayBuffer> {
  const today = Date.now();
  const entries: string[] = [];
  for (let index = 0; index < count; index += 1) {
    const day = new Date(today - Math.floor((index / count) * 365) * 86_400_000).toISOString().slice(0, 10);
    const cents = 100 + ((index * 7919) % 90_000);
    const sign = index % 9 === 0 ? "" : "-";
    entries.push(
      `<STMTTRN>\n<TRNTYPE>OTHER\n<DTPOSTED>${day.replaceAll("-", "")}100000[-3:BRT]\n<TRNAMT>${sign}${Math.floor(cents / 100)},${String(cents % 100).padStart(2, "0")}\n<FITID>R${run}L${index}\n<MEMO>${memos[index % memos.length]} ${index}\n</STMTTRN>`,
    );
  }
  const text = `OFXHEADER:100\nDATA:OFXSGML\nVERSION:102\nSECURITY:NONE\nENCODING:USASCII\nCHARSET:1252\nCOMPRESSION:NONE\nOLDFILEUID:NONE\nNEWFILEUID:NONE\n\n<OFX>\n<BANKMSGSRSV1>\n<STMTTRNRS>\n<STMTRS>\n<CURDEF>BRL\n<BANKTRANLIST>\n${entries.join("\n")}\n</BANKTRANLIST>\n</STMTRS>\n</STMTTRNRS>\n</BANKMSGSRSV1>\n</OFX>\n`;
  return Uint8Array.from(text, (character) => character.charCodeAt(0));
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

const dataDir = mkdtempSync(join(tmpdir(), "moneta-bench-import-"));
const running: RunningProcess[] = [];
try {
  const { proxy, served, client, db, seeded } = await servedBenchWorkspace(dataDir, running, {
    count: existing,
    ruleCount,
  });
  const headers = { Cookie: `moneta_session=${seeded.token}`, Origin: served.url };
  const base = `${served.url}/api/workspaces/${seeded.workspaceId}/imports`;
  const call = async <Data>(path: string, init: RequestInit = {}): Promise<Data> => {
    const response = await fetch(`${base}${path}`, { ...init, headers: { ...headers, ...init.headers } });
    if (!response.ok)
      throw new Error(`${init.method ?? "GET"} ${path} answered ${response.status}: ${await response.text()}`);
    return ((await response.json()) as { data: Data }).data;
  };
  const json = (body: unknown): RequestInit => ({
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
  const preview = (bytes: Uint8Array<ArrayBuffer>, target: string) => {
    const form = new FormData();
    form.set("file", new File([bytes], "itau.ofx"));
    form.set("target", target);
    return call<ImportPreview>("/preview", { method: "POST", body: form });
  };
  /** Milliseconds and database requests of one step. */
  const measured = async <T>(work: () => Promise<T>) => {
    const requestsBefore = proxy.requests();
    const started = performance.now();
    const result = await work();
    return { result, ms: performance.now() - started, trips: proxy.requests() - requestsBefore };
  };

  const rows: Array<Record<string, { ms: number; trips: number }>> = [];
  for (let run = 0; run <= runs; run += 1) {
    const account = await insertAccount(db, { workspaceId: seeded.workspaceId, name: `Itaú ${run}`, currency: "BRL" });
    const target = `account:${account.id}`;
    const bytes = statement(lineCount, run);
    const first = await measured(() => preview(bytes, target));
    if (first.result.counts.new !== lineCount)
      throw new Error(`expected ${lineCount} new lines: ${JSON.stringify(first.result.counts)}`);
    const write = await measured(async () => {
      const record = await call<{ uuid: string }>(
        "",
        json({ target, file_name: "itau.ofx", format: "ofx", line_count: lineCount }),
      );
      let created = 0;
      for (let index = 0; index * maxChunkLines < lineCount; index += 1) {
        const lines = first.result.lines.slice(index * maxChunkLines, (index + 1) * maxChunkLines).map(chunkLine);
        created += (await call<{ created: number }>(`/${record.uuid}/chunks`, json({ chunk_index: index, lines })))
          .created;
      }
      if (created !== lineCount) throw new Error(`created ${created} of ${lineCount}`);
      return record.uuid;
    });
    const again = await measured(() => preview(bytes, target));
    if (again.result.counts.duplicate !== lineCount)
      throw new Error(`expected every line a duplicate: ${JSON.stringify(again.result.counts)}`);
    const undo = await measured(() => call(`/${write.result}`, { method: "DELETE" }));
    const row = { preview: first, write, "preview again": again, undo };
    // The first run warms the Worker up and is not counted.
    if (run > 0) rows.push(row);
    console.log(
      `    run ${run}${run === 0 ? " (warm-up)" : ""}: ${Object.entries(row)
        .map(([name, step]) => `${name} ${(step.ms / 1000).toFixed(2)} s / ${step.trips} trips`)
        .join(", ")}`,
    );
  }
  client.close();
  const steps = Object.keys(rows[0]!);
  console.log(
    `\n| ${lineCount.toLocaleString("en-US")}-line OFX, ${existing.toLocaleString("en-US")} transactions and ${ruleCount} rules in the workspace | median | worst | database requests |\n|---|---|---|---|\n${steps
      .map((step) => {
        const times = rows.map((row) => row[step]!.ms / 1000);
        return `| ${step} | ${median(times).toFixed(2)} s | ${Math.max(...times).toFixed(2)} s | ${rows[0]![step]!.trips} |`;
      })
      .join("\n")}`,
  );
} finally {
  for (const process of running.reverse()) await process.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
