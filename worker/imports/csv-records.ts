import type { CsvDelimiter } from "./csv-mapping.ts";
import { StatementProblem } from "./statement.ts";

/**
 * CSV records as RFC 4180 writes them, read in one pass over the text: quoted cells may hold the
 * delimiter, doubled quotes and line breaks; lines end in CRLF, LF or a lone CR. Each record keeps
 * the file line where it starts, counting the line breaks inside quoted cells, so a refusal names
 * the line a person sees in an editor.
 *
 * Lenient where spreadsheets are: a quote inside an unquoted cell (12" pipe) is text, and text
 * after a closing quote ("abc"def) is kept. A quote that opens a cell and never closes is refused.
 */

export type CsvRecord = { line: number; cells: string[] };

const quote = 0x22;
const lineFeed = 0x0a;
const carriageReturn = 0x0d;
const byteOrderMark = 0xfeff;

/** Where the cell starting at `from` ends: the next delimiter, line break, or the end of the text. */
function cellEnd(text: string, from: number, delimiter: number): number {
  let index = from;
  for (; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (code === delimiter || code === lineFeed || code === carriageReturn) break;
  }
  return index;
}

/** The quote that closes a quoted cell whose text starts at `from` (doubled quotes are text), or -1. */
function closingQuote(text: string, from: number): number {
  let search = from;
  for (;;) {
    const found = text.indexOf('"', search);
    if (found === -1 || text.charCodeAt(found + 1) !== quote) return found;
    search = found + 2;
  }
}

/** Line breaks in text[from, to): CRLF counts once, a lone CR or LF once each. */
function lineBreaksIn(text: string, from: number, to: number): number {
  let breaks = 0;
  for (let index = from; index < to; index++) {
    const code = text.charCodeAt(index);
    if (code === lineFeed) breaks++;
    else if (code === carriageReturn && text.charCodeAt(index + 1) !== lineFeed) breaks++;
  }
  return breaks;
}

/** A record with nothing in it: a blank line, or only delimiters (";;;" as spreadsheets pad). */
function isBlankRecord(cells: readonly string[]): boolean {
  return cells.every((cell) => cell.trim() === "");
}

/**
 * The file's records in order, blank ones left out (trailing empty lines, padding rows). A UTF-8
 * byte order mark at the start is ignored. Lazy, so a caller that needs the first few stops early.
 */
export function* csvRecords(text: string, delimiter: CsvDelimiter): Generator<CsvRecord> {
  const delimiterCode = delimiter.charCodeAt(0);
  let index = text.charCodeAt(0) === byteOrderMark ? 1 : 0;
  let line = 1;
  while (index < text.length) {
    const recordLine = line;
    const cells: string[] = [];
    for (;;) {
      let cell: string;
      if (text.charCodeAt(index) === quote) {
        const start = index + 1;
        const closing = closingQuote(text, start);
        if (closing === -1) throw new StatementProblem(line, "unclosedQuote");
        line += lineBreaksIn(text, start, closing);
        // One slice, its doubled quotes undone at once: a cell of a million of them built piece by
        // piece would be a string a million pieces deep (split and join outrun replaceAll here).
        const quoted = text.slice(start, closing).split('""').join('"');
        const end = cellEnd(text, closing + 1, delimiterCode);
        cell = quoted + text.slice(closing + 1, end);
        index = end;
      } else {
        const end = cellEnd(text, index, delimiterCode);
        cell = text.slice(index, end);
        index = end;
      }
      cells.push(cell);
      const next = text.charCodeAt(index);
      if (next === delimiterCode) {
        index++;
        continue;
      }
      if (next === carriageReturn) {
        index += text.charCodeAt(index + 1) === lineFeed ? 2 : 1;
        line++;
      } else if (next === lineFeed) {
        index++;
        line++;
      }
      break;
    }
    if (!isBlankRecord(cells)) yield { line: recordLine, cells };
  }
}
