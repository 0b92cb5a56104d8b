import type { ServiceCall } from "../access/actor.ts";
import type { Language } from "../i18n/language.ts";
import { workspaceOwnerTierQuery } from "../tiers/tier-queries.ts";
import {
  type ExportColumn,
  exportColumns,
  exportFileName,
  exportRows,
  exportWords,
  requireExportFeatures,
  type TransactionWalkInput,
  walkTransactions,
} from "./transaction-rows.ts";
import { maxSheetRows, rowXml, xlsxStream } from "./xlsx.ts";

export type TransactionsXlsxInput = TransactionWalkInput & {
  language: Language;
  /** The most rows the sheet may hold, its header included; tests make it small. */
  maxRows?: number;
};

/** Each column's width in characters (widened to its title when that is longer). */
const columnWidths: Record<ExportColumn, number> = {
  date: 12,
  type: 16,
  description: 40,
  payee: 24,
  amount: 14,
  currency: 9,
  from: 20,
  to: 20,
  arrivingAmount: 14,
  arrivingCurrency: 9,
  tags: 24,
  note: 30,
  part: 14,
  createdBy: 20,
  id: 38,
};

/**
 * GET /exports/transactions.xlsx: the CSV's rows as an Excel workbook with typed cells, streamed as
 * the rows are read (nothing but the current step is held). A paid format (requireExportFeatures).
 * A read that fails after the answer started ends the sheet with a row saying it is incomplete; a
 * list longer than a sheet holds ends with a row saying so.
 */
export async function exportTransactionsXlsx({ ctx, input }: ServiceCall<TransactionsXlsxInput>) {
  const { language, workspaceId } = input;
  const maxRows = input.maxRows ?? maxSheetRows;
  const { workspace, extra, steps } = await walkTransactions(ctx, input, {
    ownerTierRows: workspaceOwnerTierQuery(ctx, workspaceId),
  });
  requireExportFeatures(extra.ownerTierRows);
  const words = exportWords[language];
  const messageRow = (text: string, rowNumber: number) => rowXml(rowNumber, [{ kind: "text", text }]);
  async function* rows(): AsyncGenerator<string> {
    let rowNumber = 1;
    let written = 0;
    try {
      for await (const step of steps) {
        let xml = "";
        for (const transaction of step) {
          const transactionRows = exportRows(transaction, language);
          // The last row a sheet holds says what did not fit; a split transaction's parts stay with it.
          if (rowNumber + transactionRows.length >= maxRows) {
            yield `${xml}${messageRow(words.sheetFull.replace("{{rows}}", String(written)), rowNumber + 1)}`;
            return;
          }
          for (const cells of transactionRows) xml += rowXml(++rowNumber, cells);
          written += 1;
        }
        yield xml;
      }
    } catch (error) {
      // As with the CSV: the answer has started, so the file itself says it is not whole.
      ctx.log.error("export_step_failed", { workspace_id: workspaceId, error: String(error) });
      yield messageRow(words.incomplete, rowNumber + 1);
    }
  }
  const stream = xlsxStream({
    sheetName: words.sheetName,
    language,
    columns: exportColumns(language).map((column) => ({ title: column.title, width: columnWidths[column.key] })),
    rows: rows(),
    modifiedAt: ctx.clock.now(),
  });
  return { stream, fileName: exportFileName(language, workspace, ctx, "xlsx") };
}
