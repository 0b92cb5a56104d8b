import type { z } from "zod";
import { unitsToDecimal } from "../ledger/amounts.ts";
import { readInWorkspace } from "../access/actor-access.ts";
import type { PersonCall } from "../access/actor.ts";
import { AppError, fieldError } from "../http/errors.ts";
import type { Language } from "../i18n/language.ts";
import type { LegRef } from "../transactions/transactions.schemas.ts";
import type { CsvMapping } from "./csv-statement.ts";
import { csvMappingSchema } from "./csv-mapping.schemas.ts";
import type { importPreviewSchema, previewLineSchema } from "./imports.responses.ts";
import { comparedDays, distinctImportedIds, matchLines, type ComparableLine } from "./duplicates.ts";
import {
  existingTransactionsQuery,
  namedLegsQueries,
  rememberedMappingQuery,
  targetMissing,
  targetQuery,
} from "./import-target.ts";
import { maxStatementBytes, StatementProblem, type StatementLine } from "./statement.ts";
import { readStatementFile } from "./statement-file.ts";
import { filingQueries, lineFiler } from "./import-filing.ts";
import { type AmountRefusal, storedDescription, storedNote, unitsOf } from "./line-values.ts";

/**
 * Why the preview leaves a line out, besides duplicates: amounts the target's currency cannot hold,
 * a statement in another currency than the account's or card's (never booked as if it were its), or a
 * row of Moneta's own export that belongs to another account or card.
 */
export type RefusalReason = AmountRefusal | "other_currency" | "other_account";

/** A line as the preview answers it (./imports.responses.ts). */
export type PreviewLine = z.infer<typeof previewLineSchema>;
export type ImportPreview = z.infer<typeof importPreviewSchema>;

type NamedLeg = { id: string; name: string; currency: string; isActive: boolean };
type LegSide = { amount: string; transferWith: { type: "account" | "card"; uuid: string; name: string } | null };

/**
 * A row of Moneta's own export read from the side of the account or card it is imported into. Its From
 * and To say whose row it is: when the file names the target anywhere, a row naming neither side as
 * the target belongs to another account or card and is refused (`other_account`), never booked here;
 * a transfer or card payment leaves the target when it is the From (negative) and arrives when it is
 * the To, and comes back as a transfer with the other side when an active account or card of that
 * name, in the target's currency, is in the workspace (a converted one is money in or out). A file
 * that never names the target (exported under another name) is read as the target's own, as it says.
 * Null for any other file's line.
 */
function sideOf(
  lines: readonly StatementLine[],
  target: { type: "account" | "card"; id: string; name: string; currency: string },
  named: { accounts: readonly NamedLeg[]; cards: readonly NamedLeg[] },
) {
  const namesTarget = lines.some(({ moved }) => moved && (moved.from === target.name || moved.to === target.name));
  const legNamed = (name: string) => {
    const usable = (leg: NamedLeg) =>
      leg.name === name && leg.isActive && leg.currency === target.currency && leg.id !== target.id;
    const account = named.accounts.find(usable);
    if (account) return { type: "account" as const, uuid: account.id, name: account.name };
    const card = named.cards.find(usable);
    return card ? { type: "card" as const, uuid: card.id, name: card.name } : null;
  };
  return ({ moved, amount }: StatementLine): LegSide | "other_account" | null => {
    if (!moved || !namesTarget) return null;
    const isFrom = moved.from === target.name;
    if (!isFrom && moved.to !== target.name) return "other_account";
    if (moved.kind !== "transfer" && moved.kind !== "pay_credit_card") return { amount, transferWith: null };
    const unsigned = amount.replace(/^-/, "");
    const other = isFrom ? moved.to : moved.from;
    return {
      amount: isFrom ? `-${unsigned}` : unsigned,
      transferWith: moved.converted || other === "" ? null : legNamed(other),
    };
  };
}

/** A file that cannot be read: 422 naming the line and what is wrong with it. */
export function refusedFile(problem: StatementProblem): AppError {
  return new AppError("IMPORT_FILE_INVALID", {
    key: `errors:statement.${problem.reason}`,
    values: { line: problem.line, ...problem.values },
  });
}

export const statementTooLarge = () =>
  new AppError("PAYLOAD_TOO_LARGE", {
    key: "errors:details.statementTooLarge",
    values: { limit: `${maxStatementBytes / 1024 / 1024} MB` },
  });

/** The uploaded form: the file, the account or card it goes into, and the CSV mapping sent with it. */
export type PreviewUpload = {
  target: LegRef;
  fileName: string;
  bytes: Uint8Array;
  csvMapping: CsvMapping | null;
  /** Which statement of an OFX file holding several (0-based); the first by default. */
  statementIndex: number;
  /** Where a CSV's table starts, when the person said so; found in the file otherwise. */
  csvStartLine?: number;
};

export type PreviewInput = {
  workspaceId: string;
  /** Reads the upload; called only once the caller is known to be allowed to write in the workspace. */
  readUpload: () => Promise<PreviewUpload>;
  language: Language;
};

/**
 * POST /imports/preview: what the file would create in the account or card, with the lines it
 * already has marked, before anything is written. Two read round trips, where other reads take
 * one: the access check comes before the upload is read, so a stranger (404) or a viewer (403)
 * never has 5 MB read and parsed on their behalf; the data (the target, its transactions around
 * the file's days, its remembered CSV mapping) depends on the file, so it follows the parse, with
 * the access checked again in the same batch (docs/decisions/035-imports-preview-then-chunks.md).
 */
export async function previewImport({ ctx, input }: PersonCall<PreviewInput>): Promise<ImportPreview> {
  await readInWorkspace(ctx, input.workspaceId, "finances.write", {});
  const upload = await input.readUpload();
  if (upload.bytes.byteLength > maxStatementBytes) throw statementTooLarge();
  let file: ReturnType<typeof readStatementFile>;
  try {
    file = readStatementFile(upload.bytes, {
      csvMapping: upload.csvMapping,
      csvStartLine: upload.csvStartLine,
      statementIndex: upload.statementIndex,
    });
  } catch (error) {
    if (error instanceof StatementProblem) throw refusedFile(error);
    throw error;
  }
  if (file.ofx && file.lines === null) throw fieldError("statement", "errors:fields.importStatementMissing");
  const lines: StatementLine[] = distinctImportedIds(file.lines ?? []);
  const days = comparedDays(lines);
  const {
    rows: { targetRows, existingRows, mappingRows, namedAccounts, namedCards, ...filingRows },
  } = await readInWorkspace(ctx, input.workspaceId, "finances.write", {
    targetRows: targetQuery(ctx, input.workspaceId, upload.target),
    ...(lines.some((line) => line.moved) ? namedLegsQueries(ctx, input.workspaceId) : {}),
    existingRows: days ? existingTransactionsQuery(ctx, input.workspaceId, upload.target, days) : undefined,
    mappingRows: rememberedMappingQuery(ctx, input.workspaceId, upload.target),
    ...filingQueries(ctx, input.workspaceId),
  });
  const target = targetRows[0];
  if (!target) throw targetMissing();
  if (!target.isActive) throw fieldError("target", "errors:fields.legArchived");
  const fileCurrency = file.ofx?.chosen?.currency ?? null;
  const isOtherCurrency = fileCurrency !== null && fileCurrency !== target.currency;
  const sides = lines.map(
    sideOf(lines, { ...upload.target, ...target }, { accounts: namedAccounts ?? [], cards: namedCards ?? [] }),
  );
  const amounts = lines.map((line, index): { units: number } | { refused: RefusalReason } => {
    const side = sides[index]!;
    if (isOtherCurrency) return { refused: "other_currency" };
    if (side === "other_account") return { refused: "other_account" };
    return unitsOf(side?.amount ?? line.amount, target.currency);
  });
  const fileLine = lineFiler(filingRows, upload.target, target.currency);
  const comparable: ComparableLine[] = [];
  const comparedIndexes: number[] = [];
  amounts.forEach((amount, index) => {
    if (!("units" in amount)) return;
    const line = lines[index]!;
    comparable.push({
      date: line.date,
      description: line.description,
      units: amount.units,
      importedId: line.importedId,
    });
    comparedIndexes.push(index);
  });
  const existing = existingRows ?? [];
  const matches = matchLines(comparable, existing);
  const matchOf = new Map(comparedIndexes.map((lineIndex, matchIndex) => [lineIndex, matches[matchIndex]!]));
  const existingById = new Map(existing.map((row) => [row.id, row]));
  const previewLines = lines.map((line, index): PreviewLine => {
    const amount = amounts[index]!;
    const base = {
      line: line.line,
      date: line.date,
      description: storedDescription(line.description, input.language),
      imported_id: line.importedId,
      note: line.note ? storedNote(line.note) : null,
      split_parts: line.splitParts ?? null,
    };
    if ("refused" in amount)
      return {
        ...base,
        amount: line.amount,
        status: "refused",
        reason: amount.refused,
        existing: null,
        filed: null,
        transfer_with: null,
      };
    const match = matchOf.get(index)!;
    const found = "existingId" in match ? existingById.get(match.existingId) : undefined;
    return {
      ...base,
      amount: unitsToDecimal(amount.units, target.currency),
      status: match.status,
      reason: match.status === "duplicate" ? match.reason : null,
      existing: found
        ? {
            uuid: found.id,
            date: found.date,
            description: found.description,
            amount: unitsToDecimal(found.units, target.currency),
          }
        : null,
      filed: match.status === "duplicate" ? null : fileLine({ description: base.description, units: amount.units }),
      transfer_with: (sides[index] !== "other_account" && sides[index]?.transferWith) || null,
    };
  });
  const rememberedText = mappingRows[0]?.csvMapping;
  const remembered = rememberedText ? csvMappingSchema.safeParse(JSON.parse(rememberedText)) : null;
  return {
    format: file.format,
    file_name: upload.fileName,
    target: { type: upload.target.type, uuid: target.id, name: target.name, currency: target.currency },
    csv: file.csv && {
      delimiter: file.csv.delimiter,
      start_line: file.csv.startLine,
      header: file.csv.header,
      sample_rows: file.csv.sampleRows,
      preset: file.csv.preset,
      mapping: file.csv.mapping,
      /** What the file's header and cells made likely, for the mapping form to start from; null where unsure. */
      guess: file.csv.guess,
      remembered_mapping: remembered?.success ? remembered.data : null,
    },
    ofx: file.ofx && {
      statements: file.ofx.statements.map((statement, index) => ({
        index,
        kind: statement.kind,
        /** The account's last four letters or digits, as banks print them ("••1234"); null when the file names none. */
        account_ending: statement.account.accountId?.replace(/[^\p{L}\p{N}]/gu, "").slice(-4) || null,
        currency: statement.currency,
        line_count: statement.lineCount,
      })),
      statement_index: upload.statementIndex,
      currency: fileCurrency,
      skipped: {
        trades: file.ofx.chosen?.skipped.trades ?? 0,
        balance_rows: file.ofx.chosen?.skipped.balanceRows ?? 0,
      },
    },
    needs_mapping: file.lines === null,
    lines: previewLines,
    split_lines: lines.filter((line) => line.splitParts).length,
    counts: {
      new: previewLines.filter((line) => line.status === "new").length,
      duplicate: previewLines.filter((line) => line.status === "duplicate").length,
      possible_duplicate: previewLines.filter((line) => line.status === "possible_duplicate").length,
      refused: previewLines.filter((line) => line.status === "refused").length,
    },
  };
}
