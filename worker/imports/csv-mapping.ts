import type { CsvMapping } from "./csv-mapping.schemas.ts";

/**
 * How a CSV statement's columns are read: the choices the import dialog offers, and a guess made whole. No
 * zod here: the import dialog uses these while the page loads, and the schema (./csv-mapping.schemas.ts)
 * checks the answer on the server.
 */

export const csvDelimiters = [",", ";", "\t"] as const;
export type CsvDelimiter = (typeof csvDelimiters)[number];

/** Day/month/year (31/12/2026), ISO year-month-day (2026-12-31), month/day/year (12/31/2026). */
export const csvDateFormats = ["dmy", "ymd", "mdy"] as const;
export type CsvDateFormat = (typeof csvDateFormats)[number];

/** "1.234,56" is read with ",", "1,234.56" with ".". */
export const csvDecimalMarks = [",", "."] as const;
export type CsvDecimalMark = (typeof csvDecimalMarks)[number];

/**
 * What a positive amount is: money arriving (a bank account's statement), or money leaving (a card's
 * statement where a purchase is positive, as Nubank's card CSV writes it).
 */
export const csvPositiveMeanings = ["money_in", "money_out"] as const;
export type CsvPositiveMeaning = (typeof csvPositiveMeanings)[number];

/** The files we know by their header, and the generic guess for any other. */
export const csvPresetIds = ["nubank_card", "nuconta", "moneta", "generic"] as const;
export type CsvPresetId = (typeof csvPresetIds)[number];

/** The most columns a mapping may point at: far beyond any bank's file. */
export const maxCsvColumns = 100;

/** Past any bank's account details above its table (ING writes 12 lines, Banco Inter 5). */
export const maxCsvStartLine = 1_000;

/** A mapping as far as it is known: a preset's or the header's guess, or the form while it is filled; null where unsure. */
export type CsvMappingGuess = {
  delimiter: CsvDelimiter;
  /** Where the table was found (1 when the file starts with it). */
  startLine?: number;
  hasHeader: boolean;
  columns: {
    date: number | null;
    description: number | null;
    amount: number | null;
    debit: number | null;
    credit: number | null;
    identifier: number | null;
  };
  dateFormat: CsvDateFormat | null;
  decimalMark: CsvDecimalMark | null;
  positiveMeans: CsvPositiveMeaning;
};

/** The guess as a mapping the reader can use, or null while it leaves something for the person to choose. */
export function completeMapping(guess: CsvMappingGuess): CsvMapping | null {
  const { columns, dateFormat, decimalMark } = guess;
  const { date, description } = columns;
  if (date === null || description === null || dateFormat === null || decimalMark === null) return null;
  if (columns.amount === null && (columns.debit === null || columns.credit === null)) return null;
  return { ...guess, columns: { ...columns, date, description }, dateFormat, decimalMark };
}
