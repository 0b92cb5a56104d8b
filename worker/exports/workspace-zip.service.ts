import type { ServiceCall } from "../access/actor.ts";
import { AppError } from "../http/errors.ts";
import type { Language } from "../i18n/language.ts";
import { todayIn } from "../ledger/dates.ts";
import { resolveTier } from "../tiers/tiers.ts";
import type { TransactionListRow } from "../transactions/transactions.queries.ts";
import { toTransactionResponse } from "../transactions/transactions.mapper.ts";
import { csvLine, textCell, utf8Bom } from "./csv.ts";
import { exportWords, tagNames, walkTransactions } from "./transaction-rows.ts";
import { type EntityFile, receiptPathInArchive, workspaceEntityFiles } from "./workspace-entities.ts";
import { workspaceEntityReads } from "./workspace-entity-reads.ts";
import { recordCsvCells } from "./workspace-records.ts";
import { type ZipFile, zipStream } from "./zip.ts";

export type WorkspaceZipInput = {
  workspaceId: string;
  language: Language;
  /** Rows per read; tests make it small to cross many steps. */
  stepRows?: number;
};

/** A transaction as the archive keeps it: the API's shape, and the statement import that created it. */
function transactionRecord(row: TransactionListRow) {
  return {
    ...toTransactionResponse(row),
    import_uuid: row.transaction.importId,
    imported_id: row.transaction.importedId,
    planned_occurrence_uuid: row.transaction.plannedOccurrenceId,
  };
}

/**
 * A transaction as transactions.csv holds it: its split parts in one cell, each its amount, tags and
 * note ("80.00 Food, Home — bread; 20.00 Home"), where the JSON lists them as objects.
 */
function transactionCsvRecord(row: TransactionListRow) {
  const record = transactionRecord(row);
  const partText = (part: NonNullable<typeof record.parts>[number]) =>
    [`${part.amount} ${tagNames(part)}`, part.note].filter(Boolean).join(" — ");
  return { ...record, parts: record.parts?.map(partText).join("; ") ?? null };
}

const transactionColumns = [
  "uuid",
  "date",
  "type",
  "description",
  "amount",
  "currency",
  "destination_amount",
  "destination_currency",
  "currency_conversion",
  "origin_type",
  "origin_uuid",
  "origin_name",
  "origin_card_mode",
  "destination_type",
  "destination_uuid",
  "destination_name",
  "tags",
  "note",
  "parts",
  "created_by_uuid",
  "created_by_name",
  "created_via_type",
  "source_type",
  "source_uuid",
  "source_name",
  "import_uuid",
  "imported_id",
  "created_at",
  "updated_at",
];

const csvHeader = (columns: string[]) =>
  utf8Bom +
  csvLine(
    columns.map((column) => textCell(column, ",")),
    ",",
  );
const csvRecord = (columns: string[], record: Record<string, unknown>) => csvLine(recordCsvCells(columns, record), ",");
const jsonRecords = (records: unknown[]) =>
  records.length === 0 ? "[]\n" : `[\n${records.map((record) => JSON.stringify(record)).join(",\n")}\n]\n`;

/**
 * The files of the archive, one at a time: the README, every small entity as JSON and CSV, then the
 * transactions (two walks, one per format, since a zip's entries are written one after the other).
 * A walk's read failing after the answer started cannot change the status any more, and workerd ends
 * an errored body as if it were whole (cloudflare/workerd#6818): the file being written ends with
 * the incomplete sentence (the JSON array still closed), nothing after it is attempted, and a last
 * entry, EXPORT-INCOMPLETE.txt, says so where anyone opening the archive sees it.
 */
function* archiveFiles(parts: {
  readme: string;
  entities: EntityFile[];
  transactionsJson: () => AsyncIterable<string>;
  transactionsCsv: () => AsyncIterable<string>;
  receiptFiles: ZipFile[];
  incomplete: { isCut: boolean; sentence: string };
}): Generator<ZipFile> {
  yield { name: "README.txt", content: parts.readme };
  for (const entity of parts.entities) {
    yield { name: `${entity.name}.json`, content: jsonRecords(entity.records) };
    yield {
      name: `${entity.name}.csv`,
      content: csvHeader(entity.columns) + entity.records.map((record) => csvRecord(entity.columns, record)).join(""),
    };
  }
  yield { name: "transactions.json", content: parts.transactionsJson() };
  if (!parts.incomplete.isCut) yield { name: "transactions.csv", content: parts.transactionsCsv() };
  if (!parts.incomplete.isCut) yield* parts.receiptFiles;
  if (parts.incomplete.isCut) yield { name: "EXPORT-INCOMPLETE.txt", content: `${parts.incomplete.sentence}\r\n` };
}

/**
 * GET /exports/workspace.zip: everything the workspace holds, for the person to take elsewhere
 * (LGPD art. 18, GDPR art. 20). An owner may always download it, on every plan — a right, not a
 * feature; an admin needs the owner's plan to have export features; other roles 403, strangers 404.
 * The first read (access, the plan, every small entity and the first transactions) is one round
 * trip before answering, so its errors are still error envelopes; the archive is then written as it
 * downloads and nothing is kept on the server (decision 036).
 */
export async function exportWorkspaceZip({ ctx, input }: ServiceCall<WorkspaceZipInput>) {
  const { workspaceId, language } = input;
  const walkInput = { workspaceId, filters: {}, stepRows: input.stepRows, permission: "workspace.export" as const };
  const first = await walkTransactions(ctx, walkInput, workspaceEntityReads(ctx, workspaceId));
  const tier = resolveTier(first.extra.ownerTierRows[0] ?? { tier: "free", hasBetaAccess: false });
  if (first.role === "admin" && !tier.features.export_features)
    throw new AppError("PLAN_UPGRADE_REQUIRED", { key: "errors:details.workspaceExport" });

  const now = ctx.clock.now();
  const today = todayIn(first.workspace.timeZone, now);
  const words = exportWords[language].workspaceZip;
  const entities = workspaceEntityFiles(first.extra, today, now);
  const incomplete = { isCut: false, sentence: words.incomplete };
  const cut = (error: unknown) => {
    ctx.log.error("export_step_failed", { workspace_id: workspaceId, error: String(error) });
    incomplete.isCut = true;
  };

  async function* transactionsJson(): AsyncGenerator<string> {
    let separator = "[\n";
    try {
      for await (const rows of first.rowSteps) {
        if (rows.length === 0) continue;
        yield separator + rows.map((row) => JSON.stringify(transactionRecord(row))).join(",\n");
        separator = ",\n";
      }
    } catch (error) {
      cut(error);
    }
    // Closed either way, so the file still reads; EXPORT-INCOMPLETE.txt tells a cut one apart.
    yield separator === "[\n" ? "[]\n" : "\n]\n";
  }

  async function* transactionsCsv(): AsyncGenerator<string> {
    yield csvHeader(transactionColumns);
    try {
      // The second walk starts here, when the archive reaches this file.
      const second = await walkTransactions(ctx, walkInput, {});
      for await (const rows of second.rowSteps)
        yield rows.map((row) => csvRecord(transactionColumns, transactionCsvRecord(row))).join("");
    } catch (error) {
      cut(error);
      yield csvLine([textCell(words.incomplete, ",")], ",");
    }
  }

  const readme = readmeText(language, {
    name: entities[0]!.records[0]!.name as string,
    today,
    timeZone: first.workspace.timeZone,
  });
  // Each receipt's file, read from storage when the archive reaches it.
  const bucket = ctx.env.RECEIPTS;
  const receiptFiles: ZipFile[] = first.extra.receiptRows.map((receipt) => ({
    name: receiptPathInArchive(receipt),
    content: (async function* () {
      try {
        const object = await bucket?.get(receipt.objectKey);
        if (!object) return;
        for await (const chunk of object.body as unknown as AsyncIterable<Uint8Array<ArrayBuffer>>) yield chunk;
      } catch (error) {
        cut(error);
      }
    })(),
  }));
  const stream = zipStream(
    archiveFiles({ readme, entities, transactionsJson, transactionsCsv, receiptFiles, incomplete }),
    now,
  );
  return { stream, fileName: `${words.fileName.replace("{{date}}", today)}.zip` };
}

/** README.txt, in the person's language: what the archive is, the date, and what each file holds. */
function readmeText(language: Language, facts: { name: string; today: string; timeZone: string }): string {
  const words = exportWords[language].workspaceZip.readme;
  const fill = (text: string) =>
    text.replace("{{name}}", facts.name).replace("{{date}}", facts.today).replace("{{timeZone}}", facts.timeZone);
  const files = Object.entries(words.files).map(([name, description]) => `- ${name}.json, ${name}.csv: ${description}`);
  return [
    fill(words.title),
    fill(words.date),
    "",
    words.formats,
    "",
    words.filesTitle,
    ...files,
    "",
    words.rights,
    "",
  ].join("\r\n");
}
