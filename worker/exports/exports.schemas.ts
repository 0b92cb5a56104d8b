import { z } from "zod";
import { languages } from "../i18n/language.ts";
import { rangeQuerySchema } from "../analytics/analytics.schemas.ts";
import { transactionFiltersSchema } from "../transactions/transactions.schemas.ts";

/** ";" is what Excel expects where the decimal mark is a comma (Brazil); "," elsewhere. */
export const csvSeparators = [";", ","] as const;
export type CsvSeparator = (typeof csvSeparators)[number];

/** GET /exports/transactions.xlsx: the list's filters and the language of the headers. */
export const transactionsXlsxQuerySchema = transactionFiltersSchema.omit({ page: true, per_page: true }).extend({
  language: z.enum(languages, { error: "errors:fields.language" }).optional(),
});

/** GET /exports/transactions.pdf: the same as the workbook's. */
export const transactionsPdfQuerySchema = transactionsXlsxQuerySchema;

/** GET /exports/transactions.csv: the same, and the separator. */
export const transactionsCsvQuerySchema = transactionsXlsxQuerySchema.extend({
  separator: z.enum(csvSeparators, { error: "errors:fields.csvSeparator" }).optional(),
});

/** GET /exports/workspace.zip: only the language of its README (the files speak the API's field names). */
export const workspaceZipQuerySchema = z.object({
  language: z.enum(languages, { error: "errors:fields.language" }).optional(),
});

/** GET /exports/analytics.pdf: the analytics page's range (the reports' own schema) and the language. */
export const analyticsPdfQuerySchema = rangeQuerySchema.extend({
  language: z.enum(languages, { error: "errors:fields.language" }).optional(),
});
