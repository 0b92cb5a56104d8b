import { z } from "zod";
import {
  csvDateFormats,
  csvDecimalMarks,
  csvDelimiters,
  csvPositiveMeanings,
  maxCsvColumns,
  maxCsvStartLine,
} from "./csv-mapping.ts";

/**
 * The schema a CSV statement's mapping (./csv-mapping.ts) passes through. Column indexes are 0-based. The
 * reader itself is csv-statement.ts.
 */

const columnIndex = z
  .number({ error: "errors:fields.invalid" })
  .int("errors:fields.invalid")
  .min(0, "errors:fields.invalid")
  .max(maxCsvColumns - 1, "errors:fields.invalid");

const csvColumnsSchema = z
  .object({
    date: columnIndex,
    description: columnIndex,
    /** A signed amount column; null when the file has debit and credit columns instead. */
    amount: columnIndex.nullable(),
    /** Money leaving, when the file splits amounts in two columns. */
    debit: columnIndex.nullable(),
    /** Money arriving, when the file splits amounts in two columns. */
    credit: columnIndex.nullable(),
    /** The bank's own id for each transaction, kept as the imported id. */
    identifier: columnIndex.nullable(),
  })
  .refine(
    (columns) =>
      columns.amount === null
        ? columns.debit !== null && columns.credit !== null
        : columns.debit === null && columns.credit === null,
    { error: "errors:fields.csvAmountColumns", path: ["amount"] },
  )
  .refine(
    (columns) => {
      const chosen = Object.values(columns).filter((index) => index !== null);
      return new Set(chosen).size === chosen.length;
    },
    { error: "errors:fields.csvColumnsDistinct" },
  );

/**
 * The file line (1-based, as an editor numbers them) where the table starts: its header, or its first
 * transaction without one. Lines above it are the bank's account details, never read as transactions.
 */
export const csvStartLineSchema = z
  .number({ error: "errors:fields.invalid" })
  .int("errors:fields.invalid")
  .min(1, "errors:fields.invalid")
  .max(maxCsvStartLine, "errors:fields.invalid");

export const csvMappingSchema = z.object({
  delimiter: z.enum(csvDelimiters, { error: "errors:fields.invalid" }),
  /** 1 when absent: a mapping remembered before it was asked starts at the top. */
  startLine: csvStartLineSchema.optional(),
  hasHeader: z.boolean({ error: "errors:fields.boolean" }),
  columns: csvColumnsSchema,
  dateFormat: z.enum(csvDateFormats, { error: "errors:fields.invalid" }),
  decimalMark: z.enum(csvDecimalMarks, { error: "errors:fields.invalid" }),
  positiveMeans: z.enum(csvPositiveMeanings, { error: "errors:fields.invalid" }),
});

export type CsvMapping = z.infer<typeof csvMappingSchema>;
