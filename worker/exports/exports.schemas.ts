import { z } from "zod";
import { languages } from "../i18n/language.ts";
import { transactionFiltersSchema } from "../transactions/transactions.schemas.ts";
import { csvSeparators } from "./csv.ts";

/** GET /exports/transactions.csv: the list's filters, the separator and the language of the headers. */
export const transactionsCsvQuerySchema = transactionFiltersSchema.omit({ page: true, per_page: true }).extend({
  separator: z.enum(csvSeparators, { error: "errors:fields.csvSeparator" }).optional(),
  language: z.enum(languages, { error: "errors:fields.language" }).optional(),
});
