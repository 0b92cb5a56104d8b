/**
 * CSV as spreadsheets read it (RFC 4180 quoting), and safe to open: a text cell that a spreadsheet
 * would take for a formula is written as text.
 */

import type { CsvSeparator } from "./exports.schemas.ts";

/** The byte order mark that makes Excel read the file as UTF-8 (accents intact). */
export const utf8Bom = "\uFEFF";

/**
 * Characters that start a formula (or, tab and carriage return, hide one) in Excel, LibreOffice and
 * Google Sheets. A text cell starting with one gets a leading apostrophe, which the spreadsheet shows
 * as text: "=HYPERLINK(…)" typed as a description stays a description (OWASP "CSV injection").
 */
const formulaStart = /^[=+\-@\t\r]/;

/** A text cell: neutralised when it could run as a formula, quoted when it holds the separator, a quote or a line break. */
export function textCell(text: string, separator: CsvSeparator): string {
  const safe = formulaStart.test(text) ? `'${text}` : text;
  return quoted(safe, separator);
}

/** A number cell, written as the API's decimal text ("-1234.50") with the decimal mark the separator implies. */
export function numberCell(decimal: string, separator: CsvSeparator): string {
  if (!/^-?\d+(\.\d+)?$/.test(decimal)) throw new RangeError(`Not a decimal: ${decimal}`);
  return separator === ";" ? decimal.replace(".", ",") : decimal;
}

function quoted(text: string, separator: CsvSeparator): string {
  return text.includes(separator) || /["\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** One line of cells already written by textCell / numberCell, ended as RFC 4180 ends lines. */
export function csvLine(cells: string[], separator: CsvSeparator): string {
  return `${cells.join(separator)}\r\n`;
}
