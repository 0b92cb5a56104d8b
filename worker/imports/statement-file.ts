import { type CsvInspection, type CsvMapping, inspectCsv, parseCsvStatement } from "./csv-statement.ts";
import { isOfx, type OfxStatement, parseOfx } from "./ofx.ts";
import { maxStatementBytes, StatementProblem, type StatementLine } from "./statement.ts";
import { decodeStatementBytes } from "./statement-text.ts";

/** What the preview says of each statement in an OFX file: everything but its lines, which it counts. */
export type OfxStatementSummary = Omit<OfxStatement, "lines"> & { lineCount: number };

/**
 * A statement file's lines, whatever it is: OFX/QFX is recognised by its content, anything else is
 * read as CSV. An OFX file may hold several statements (a checking and a savings account, a card):
 * `lines` are the chosen one's (`statementIndex`, the first by default), null when the file has no
 * statement of that number, and `ofx.statements` lists them all. A CSV needs a column mapping — the
 * one given, else the one its headers make certain (a known bank's preset); without either, `lines`
 * is null and the inspection says what was found.
 */
export type StatementFile =
  | {
      format: "ofx";
      lines: StatementLine[] | null;
      csv: null;
      ofx: { statements: OfxStatementSummary[]; chosen: OfxStatementSummary | null };
    }
  | { format: "csv"; lines: StatementLine[] | null; csv: CsvInspection & { mapping: CsvMapping | null }; ofx: null };

export type StatementFileChoices = {
  /** A CSV's column mapping, when the person gave one. */
  csvMapping?: CsvMapping | null;
  /** Where a CSV's table starts, when the person said so before mapping its columns. */
  csvStartLine?: number;
  /** Which statement of an OFX file (0-based). */
  statementIndex?: number;
};

export function readStatementFile(
  bytes: Uint8Array,
  { csvMapping = null, csvStartLine, statementIndex = 0 }: StatementFileChoices = {},
): StatementFile {
  if (bytes.byteLength > maxStatementBytes) throw new RangeError("The caller checks the size first.");
  const text = decodeStatementBytes(bytes);
  if (text.trim() === "") throw new StatementProblem(1, "empty");
  if (isOfx(text)) {
    const statements = parseOfx(text);
    const summaries = statements.map(({ lines, ...statement }) => ({ ...statement, lineCount: lines.length }));
    // A file with no statement at all reads as one with no lines.
    const isEmpty = statements.length === 0 && statementIndex === 0;
    return {
      format: "ofx",
      lines: isEmpty ? [] : (statements[statementIndex]?.lines ?? null),
      csv: null,
      ofx: { statements: summaries, chosen: summaries[statementIndex] ?? null },
    };
  }
  const inspection = inspectCsv(text, csvMapping?.startLine ?? csvStartLine);
  const mapping = csvMapping ?? inspection.mapping;
  return {
    format: "csv",
    lines: mapping ? parseCsvStatement(text, mapping) : null,
    csv: { ...inspection, mapping },
    ofx: null,
  };
}
