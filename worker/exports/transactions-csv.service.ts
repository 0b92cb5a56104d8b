import type { ServiceCall } from "../access/actor.ts";
import type { Language } from "../i18n/language.ts";
import { csvLine, numberCell, textCell, utf8Bom } from "./csv.ts";
import type { CsvSeparator } from "./exports.schemas.ts";
import {
  type ExportCell,
  exportColumns,
  exportFileName,
  exportRows,
  exportWords,
  type TransactionWalkInput,
  walkTransactions,
} from "./transaction-rows.ts";

export type TransactionsCsvInput = TransactionWalkInput & {
  separator: CsvSeparator;
  language: Language;
};

function csvCell(cell: ExportCell, separator: CsvSeparator): string {
  if (cell === null) return "";
  if (cell.kind === "date") return cell.date;
  if (cell.kind === "amount") return numberCell(cell.decimal, separator);
  return textCell(cell.text, separator);
}

/**
 * GET /exports/transactions.csv: every transaction the filters keep, newest first, as a stream.
 * The first step (with the access check: 404 outside the workspace) is read before answering, so an
 * error is still an error envelope; the rest is read step by step as the download takes it.
 */
export async function exportTransactionsCsv({ ctx, input }: ServiceCall<TransactionsCsvInput>) {
  const { separator, language } = input;
  const { workspace, steps } = await walkTransactions(ctx, input, {});
  const encoder = new TextEncoder();
  let text =
    utf8Bom +
    csvLine(
      exportColumns(language).map((column) => textCell(column.title, separator)),
      separator,
    );
  const stream = new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const step = await steps.next();
        if (step.done) {
          if (text) controller.enqueue(encoder.encode(text));
          controller.close();
          return;
        }
        for (const transaction of step.value)
          for (const cells of exportRows(transaction, language))
            text += csvLine(
              cells.map((cell) => csvCell(cell, separator)),
              separator,
            );
        controller.enqueue(encoder.encode(text));
        text = "";
      } catch (error) {
        // The answer has started, and workerd ends an errored body as if it were whole
        // (cloudflare/workerd#6818): the file itself then says, on its last line, that it is not.
        ctx.log.error("export_step_failed", { workspace_id: input.workspaceId, error: String(error) });
        controller.enqueue(
          encoder.encode(text + csvLine([textCell(exportWords[language].incomplete, separator)], separator)),
        );
        controller.close();
      }
    },
    async cancel() {
      await steps.return(undefined);
    },
  });
  return { stream, fileName: exportFileName(language, workspace, ctx, "csv") };
}
