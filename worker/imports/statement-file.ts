import { type CsvInspection, type CsvMapping, inspectCsv, parseCsvStatement } from "./csv-statement.ts";
import { isOfx, parseOfx } from "./ofx.ts";
import { maxStatementBytes, StatementProblem, type StatementLine } from "./statement.ts";
import { decodeStatementBytes } from "./statement-text.ts";

/**
 * A statement file's lines, whatever it is: OFX/QFX is recognised by its content, anything else is
 * read as CSV. A CSV needs a column mapping — the one given, else the one its headers make certain
 * (a known bank's preset); without either, `lines` is null and the inspection says what was found.
 */
export type StatementFile =
  | { format: "ofx"; lines: StatementLine[]; csv: null }
  | { format: "csv"; lines: StatementLine[] | null; csv: CsvInspection & { mapping: CsvMapping | null } };

export function readStatementFile(bytes: Uint8Array, csvMapping: CsvMapping | null): StatementFile {
  if (bytes.byteLength > maxStatementBytes) throw new RangeError("The caller checks the size first.");
  const text = decodeStatementBytes(bytes);
  if (text.trim() === "") throw new StatementProblem(1, "empty");
  if (isOfx(text)) return { format: "ofx", lines: parseOfx(text).lines, csv: null };
  const inspection = inspectCsv(text);
  const mapping = csvMapping ?? inspection.mapping;
  return {
    format: "csv",
    lines: mapping ? parseCsvStatement(text, mapping) : null,
    csv: { ...inspection, mapping },
  };
}
