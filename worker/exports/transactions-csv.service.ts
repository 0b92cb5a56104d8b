import english from "../../locales/en/exports.json";
import portuguese from "../../locales/pt-BR/exports.json";
import type { ServiceCall } from "../auth/actor.ts";
import { readInWorkspace } from "../auth/actor-access.ts";
import type { Language } from "../i18n/language.ts";
import { todayIn } from "../ledger/dates.ts";
import { toTransactionResponse, type TransactionResponse } from "../transactions/transactions.mapper.ts";
import { type ListCursor, transactionStepQuery } from "../transactions/transactions.queries.ts";
import type { TransactionFilters } from "../transactions/transactions.schemas.ts";
import type { WorkspaceRef } from "../workspaces/workspaces.service.ts";
import { type CsvSeparator, csvLine, numberCell, textCell, utf8Bom } from "./csv.ts";

const words = { en: english, "pt-BR": portuguese } satisfies Record<Language, typeof english>;

/** Rows per read: one round trip each, small enough that the first bytes leave at once. */
export const exportStepRows = 1000;

export type TransactionsCsvInput = WorkspaceRef & {
  filters: Partial<TransactionFilters>;
  separator: CsvSeparator;
  language: Language;
  /** Rows per read; tests make it small to cross many steps. */
  stepRows?: number;
};

/**
 * The amount as a spreadsheet should sum it: income in, an expense out (negative); a transfer and a
 * card payment move money between the workspace's own legs, so they stay positive with From and To.
 */
function signedAmount(transaction: TransactionResponse): string {
  return transaction.type === "expense" ? `-${transaction.amount}` : transaction.amount;
}

function legName(leg: TransactionResponse["origin"]): string {
  return leg.name ?? "";
}

function rowCells(transaction: TransactionResponse, separator: CsvSeparator, language: Language): string[] {
  const isConverted = transaction.destination_currency !== transaction.currency;
  return [
    transaction.date,
    textCell(words[language].kinds[transaction.type], separator),
    textCell(transaction.description, separator),
    numberCell(signedAmount(transaction), separator),
    transaction.currency,
    textCell(legName(transaction.origin), separator),
    textCell(legName(transaction.destination), separator),
    isConverted ? numberCell(transaction.destination_amount, separator) : "",
    isConverted ? transaction.destination_currency : "",
    textCell(transaction.tags.map((tag) => tag.name).join(", "), separator),
    textCell(transaction.created_by?.name ?? "", separator),
    transaction.uuid,
  ];
}

function headerCells(separator: CsvSeparator, language: Language): string[] {
  const columns = words[language].columns;
  return [
    columns.date,
    columns.type,
    columns.description,
    columns.amount,
    columns.currency,
    columns.from,
    columns.to,
    columns.arrivingAmount,
    columns.arrivingCurrency,
    columns.tags,
    columns.createdBy,
    columns.id,
  ].map((column) => textCell(column, separator));
}

/**
 * GET /exports/transactions.csv: every transaction the filters keep, newest first, as a stream.
 * The first step (with the access check: 404 outside the workspace) is read before answering, so an
 * error is still an error envelope; the rest is read step by step as the download takes it, each step
 * checking access again, so a member removed mid-download stops receiving rows.
 */
export async function exportTransactionsCsv({ ctx, input }: ServiceCall<TransactionsCsvInput>) {
  const { workspaceId, filters, separator, language } = input;
  const stepRows = input.stepRows ?? exportStepRows;
  const step = async (cursor: ListCursor | null) => {
    const { workspace, rows } = await readInWorkspace(ctx, workspaceId, "workspace.read", {
      rows: transactionStepQuery(workspaceId, filters, cursor, stepRows),
    });
    return { workspace, rows: rows.rows };
  };
  const first = await step(null);
  const encoder = new TextEncoder();
  let pending: Awaited<ReturnType<typeof step>>["rows"] | null = first.rows;
  let isFirst = true;
  const stream = new ReadableStream<Uint8Array>({
    async pull(controller) {
      const rows = pending ?? [];
      let text = isFirst ? utf8Bom + csvLine(headerCells(separator, language), separator) : "";
      isFirst = false;
      for (const row of rows) text += csvLine(rowCells(toTransactionResponse(row), separator, language), separator);
      controller.enqueue(encoder.encode(text));
      const last = rows.at(-1)?.transaction;
      if (rows.length < stepRows || !last) {
        controller.close();
        return;
      }
      try {
        pending = (await step({ date: last.date, id: last.id })).rows;
      } catch (error) {
        // The answer has started, and workerd ends an errored body as if it were whole
        // (cloudflare/workerd#6818): the file itself then says, on its last line, that it is not.
        ctx.log.error("export_step_failed", { workspace_id: workspaceId, error: String(error) });
        controller.enqueue(encoder.encode(csvLine([textCell(words[language].incomplete, separator)], separator)));
        controller.close();
      }
    },
  });
  const today = todayIn(first.workspace.timeZone, ctx.clock.now());
  return { stream, fileName: `${words[language].fileName.replace("{{date}}", today)}.csv` };
}
