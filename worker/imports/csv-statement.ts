import type { CsvMapping } from "./csv-mapping.schemas.ts";
import {
  type CsvDelimiter,
  type CsvMappingGuess,
  type CsvPresetId,
  completeMapping,
  maxCsvColumns,
} from "./csv-mapping.ts";
import { csvPresets, type CsvSample, monetaExtraColumns, monetaKindOf } from "./csv-presets.ts";
import { type CsvRecord, csvRecords } from "./csv-records.ts";
import { datePartsOf, negatedAmount, readCsvAmount, readCsvDate } from "./csv-values.ts";
import { assertDayInRange, maxStatementLines, type StatementLine, StatementProblem } from "./statement.ts";

/**
 * A CSV bank statement: what the import dialog shows of it (inspectCsv) and its transactions read
 * with the mapping the person confirmed (parseCsvStatement). Pure: text in, lines or a refusal out.
 */

export type { CsvMapping } from "./csv-mapping.schemas.ts";
export type { CsvMappingGuess, CsvPresetId } from "./csv-mapping.ts";
export type { CsvPreset } from "./csv-presets.ts";
export { completeMapping } from "./csv-mapping.ts";
export { csvPresets } from "./csv-presets.ts";

export type CsvInspection = {
  delimiter: CsvDelimiter;
  /** The file line where the table starts: below any account details the bank wrote above it. */
  startLine: number;
  /** The table's first line's cells when it names the columns, else null. */
  header: string[] | null;
  /** The first 5 records after the header (or from the start, without one). */
  sampleRows: string[][];
  /** The preset whose file this is, or the generic one when its guess found a date and an amount; null otherwise. */
  preset: CsvPresetId | null;
  /** The preset's mapping, when it leaves nothing to choose; null otherwise. */
  mapping: CsvMapping | null;
  /** What the file shows of each choice (null where it does not show it beyond doubt), to start the dialog from. */
  guess: CsvMappingGuess;
};

const sampleRowCount = 5;
/** Records read to guess a generic file's formats: more than the dialog shows, so a day above 12 turns up. */
const guessRecordCount = 100;
/** Records each delimiter is tried on, from where its table seems to start. */
const delimiterTrialRecords = 10;
/** Records looked at to find the table: enough to see past a bank's account details above it. */
const tableSearchRecords = 40;
const delimiterPreference: readonly CsvDelimiter[] = [";", "\t", ","];

/** Longer than any header, date or amount: a sampled cell is looked at up to here. */
const inspectedCellLength = 1_000;

/**
 * What the inspection looks at of a record: the columns a mapping can point at, each cut short.
 * Guessing goes over every sampled cell several times, so a crafted file of a million columns or
 * one endless cell would otherwise burn seconds; the lines themselves are read from the whole file.
 */
function inspectedCells(cells: readonly string[]): string[] {
  return cells.slice(0, maxCsvColumns).map((cell) => cell.slice(0, inspectedCellLength));
}

function firstRecords(text: string, delimiter: CsvDelimiter, count: number, fromLine = 1): CsvRecord[] {
  const records: CsvRecord[] = [];
  for (const record of csvRecords(text, delimiter)) {
    if (record.line < fromLine) continue;
    records.push(record);
    if (records.length === count) break;
  }
  return records;
}

/** A record's width, a trailing empty cell (a trailing delimiter) not counted. */
const widthOf = (cells: readonly string[]) =>
  cells.length > 1 && cells.at(-1)!.trim() === "" ? cells.length - 1 : cells.length;

/** A record that holds a day: a transaction's row, not a header or a line of account details. */
const holdsADay = (cells: readonly string[]) => inspectedCells(cells).some((cell) => datePartsOf(cell.trim()) !== null);

type Table = { delimiter: CsvDelimiter; startLine: number };
type ScoredTable = Table & { rows: number; agreeing: number; width: number };

/**
 * The table as `delimiter` splits the records: the width most records holding a day share, starting at
 * the first of those (or at the line right above it, when that line is as wide and names the columns).
 * The lines a bank writes above its table — ING's account details, Schwab's title, Banco Inter's period
 * and balance — hold no day of their own, so however many they are, they are not the table.
 */
function tableSplitBy(records: readonly CsvRecord[], delimiter: CsvDelimiter): ScoredTable | null {
  const counts = new Map<number, number>();
  for (const record of records) {
    const width = widthOf(record.cells);
    if (width >= 2 && holdsADay(record.cells)) counts.set(width, (counts.get(width) ?? 0) + 1);
  }
  let best: [width: number, rows: number] | null = null;
  for (const entry of counts)
    if (!best || entry[1] > best[1] || (entry[1] === best[1] && entry[0] > best[0])) best = entry;
  if (!best) return null;
  const [width, rows] = best;
  const isTableRecord = (record: CsvRecord) => widthOf(record.cells) === width;
  let start = records.findIndex((record) => isTableRecord(record) && holdsADay(record.cells));
  const above = records[start - 1];
  if (above && isTableRecord(above) && isHeaderRecord(above.cells)) start -= 1;
  const trial = records.slice(start, start + delimiterTrialRecords);
  const agreeing = trial.filter(isTableRecord).length / trial.length;
  return { delimiter, startLine: records[start]!.line, rows, agreeing, width };
}

/**
 * Where the file's table is and what splits it: the delimiter whose table holds the most rows with a
 * day, then the one whose first records agree on their width most often, then the one giving the
 * most cells; ";" before tab before "," when that still ties (a Brazilian file's comma decimals must
 * not split its amounts). `fromLine`, when the person said where the table starts, is where it starts.
 * A file with no day anywhere is split as its first records agree.
 */
function findTable(text: string, fromLine?: number): Table {
  let best: ScoredTable | null = null;
  for (const delimiter of delimiterPreference) {
    let records: CsvRecord[];
    try {
      records = firstRecords(text, delimiter, fromLine ? delimiterTrialRecords : tableSearchRecords, fromLine);
    } catch {
      continue;
    }
    const candidate = fromLine
      ? tableFrom(records, delimiter)
      : (tableSplitBy(records, delimiter) ?? tableFrom(records, delimiter, 0));
    if (candidate && (!best || isBetterTable(candidate, best))) best = candidate;
  }
  return best ?? { delimiter: ",", startLine: fromLine ?? 1 };
}

/** The table that starts at the first record, its width the first record's. */
function tableFrom(records: readonly CsvRecord[], delimiter: CsvDelimiter, rowsWithADay?: number): ScoredTable | null {
  const width = widthOf(records[0]?.cells ?? []);
  if (width < 2) return null;
  const isTableRecord = (record: CsvRecord) => widthOf(record.cells) === width;
  const trial = records.slice(0, delimiterTrialRecords);
  const rows = rowsWithADay ?? records.filter((record) => isTableRecord(record) && holdsADay(record.cells)).length;
  return {
    delimiter,
    startLine: records[0]!.line,
    rows,
    agreeing: trial.filter(isTableRecord).length / trial.length,
    width,
  };
}

const isBetterTable = (a: ScoredTable, b: ScoredTable) =>
  a.rows !== b.rows ? a.rows > b.rows : a.agreeing !== b.agreeing ? a.agreeing > b.agreeing : a.width > b.width;

/** The table's first line names the columns when none of its cells is a date or a number. */
function isHeaderRecord(cells: readonly string[]): boolean {
  return cells.every((cell) => {
    const value = cell.trim();
    return datePartsOf(value) === null && readCsvAmount(value, ",") === null && readCsvAmount(value, ".") === null;
  });
}

/**
 * What the import dialog starts from: where the table starts, the delimiter, header, first rows, and
 * the preset and mapping that fit. `startLine`, when the person said where the table starts, is
 * taken as it is.
 */
export function inspectCsv(text: string, startLine?: number): CsvInspection {
  const table = findTable(text, startLine);
  const { delimiter } = table;
  const records = firstRecords(text, delimiter, guessRecordCount + 1, table.startLine).map((record) =>
    inspectedCells(record.cells),
  );
  if (records.length === 0) throw new StatementProblem(table.startLine, "empty");
  const header = isHeaderRecord(records[0]!) ? records[0]! : null;
  const rows = records.slice(header ? 1 : 0);
  const sample: CsvSample = { delimiter, header, rows };
  const preset = Object.values(csvPresets).find((candidate) => candidate.fits(sample)) ?? null;
  const guess = { ...(preset ?? csvPresets.generic).guess(sample), startLine: table.startLine };
  return {
    delimiter,
    startLine: table.startLine,
    header,
    sampleRows: rows.slice(0, sampleRowCount),
    preset: preset?.id ?? null,
    mapping: preset ? completeMapping(guess) : null,
    guess,
  };
}

function assertUsableMapping({ columns }: CsvMapping) {
  const isSplit = columns.debit !== null && columns.credit !== null;
  if ((columns.amount === null) !== isSplit)
    throw new TypeError("A CSV mapping needs an amount column, or a debit and a credit column");
}

/** The columns the mapping reads, by field name, for the check that the file has them. */
function mappedColumns({ columns }: CsvMapping): Array<[string, number]> {
  return Object.entries(columns).filter((entry): entry is [string, number] => entry[1] !== null);
}

/**
 * Whether a record has the header's cells: the same count, or one more when it ends in an empty cell
 * (a trailing delimiter), or one fewer when the header is the one with the trailing delimiter.
 */
function hasExpectedCells(cells: readonly string[], expected: readonly string[]): boolean {
  if (cells.length === expected.length) return true;
  if (cells.length === expected.length + 1) return cells.at(-1)!.trim() === "";
  return cells.length === expected.length - 1 && expected.at(-1)!.trim() === "";
}

/** Text without the apostrophe our export put before "=", "+", "-" or "@" (worker/exports/csv.ts). */
const unneutralised = (text: string) => (/^'[=+\-@]/.test(text) ? text.slice(1) : text);

/** A description as one line of text. */
function cleanDescription(cell: string): string {
  return unneutralised(/[^\S ]| {2}/.test(cell) ? cell.replace(/\s+/g, " ").trim() : cell.trim());
}

function amountOf(cells: readonly string[], line: number, mapping: CsvMapping): string {
  const { columns, decimalMark, positiveMeans } = mapping;
  const read = (column: number) => {
    const cell = (cells[column] ?? "").trim();
    if (cell === "") return null;
    const amount = readCsvAmount(cell, decimalMark);
    if (amount === null) throw new StatementProblem(line, "badAmount", { value: cell });
    return amount;
  };
  if (columns.amount !== null) {
    const amount = read(columns.amount);
    if (amount === null) throw new StatementProblem(line, "missingAmount");
    return positiveMeans === "money_out" ? negatedAmount(amount) : amount;
  }
  const isZero = (amount: string | null) => amount === null || /^-?[0.]+$/.test(amount);
  const debit = read(columns.debit!);
  const credit = read(columns.credit!);
  if (isZero(debit) && isZero(credit)) {
    if (debit === null && credit === null) throw new StatementProblem(line, "missingAmount");
    return "0";
  }
  if (!isZero(debit) && !isZero(credit))
    throw new StatementProblem(line, "badAmount", {
      value: `${cells[columns.debit!]!.trim()} / ${cells[columns.credit!]!.trim()}`,
    });
  // A debit is money out and a credit money in, whichever sign the bank wrote it with.
  const unsigned = (amount: string) => amount.replace(/^-/, "");
  return isZero(credit) ? negatedAmount(unsigned(debit!)) : unsigned(credit!);
}

/**
 * A bank's balance line ("SALDO ANTERIOR", "Saldo do dia", "Opening balance"): no amount in the
 * mapped columns and a description that names a balance. It is not a transaction, so it is passed
 * over rather than refusing the file.
 */
function isBalanceRow(cells: readonly string[], { columns }: CsvMapping): boolean {
  const amountColumns = [columns.amount, columns.debit, columns.credit].filter((column) => column !== null);
  if (amountColumns.some((column) => (cells[column] ?? "").trim() !== "")) return false;
  const description = (cells[columns.description] ?? "").normalize("NFD").replace(/\p{M}/gu, "");
  return /\b(saldo|balance)\b/i.test(description);
}

/** Where our own export's note and split-part marker are; null for any other file. */
type ExtraColumns = ReturnType<typeof monetaExtraColumns>;

function statementLineOf({ line, cells }: CsvRecord, mapping: CsvMapping, extra: ExtraColumns): StatementLine {
  const { columns, dateFormat } = mapping;
  const dateCell = (cells[columns.date] ?? "").trim();
  if (dateCell === "") throw new StatementProblem(line, "missingDate");
  const date = readCsvDate(dateCell, dateFormat);
  if (date === null) throw new StatementProblem(line, "badDate", { value: dateCell });
  assertDayInRange(line, date, dateCell);
  const identifier = columns.identifier === null ? "" : (cells[columns.identifier] ?? "").trim();
  const note = extra?.note == null ? "" : unneutralised((cells[extra.note] ?? "").trim());
  const cell = (column: number) => unneutralised((cells[column] ?? "").trim());
  const kind = extra ? monetaKindOf(cell(extra.type)) : null;
  return {
    line,
    date,
    description: cleanDescription(cells[columns.description] ?? ""),
    amount: amountOf(cells, line, mapping),
    importedId: identifier === "" ? null : identifier,
    ...(note ? { note } : {}),
    ...(extra && kind
      ? {
          moved: {
            kind,
            from: cell(extra.from),
            to: cell(extra.to),
            converted: cell(extra.arrivingCurrency) !== "",
          },
        }
      : {}),
  };
}

/**
 * Whether the record is a part of the split transaction on `previous` in our own export: its Part cell
 * is filled and its id is the transaction's. A part whose transaction is not in the file (cut by hand)
 * is read as a transaction of its own.
 */
function isPartOf(
  previous: { line: StatementLine; cells: readonly string[] } | undefined,
  cells: readonly string[],
  extra: ExtraColumns,
) {
  if (extra?.part == null || !previous || (cells[extra.part] ?? "").trim() === "") return false;
  return (cells[extra.id] ?? "").trim() === (previous.cells[extra.id] ?? "").trim();
}

/**
 * The file's transactions read with `mapping`, in file order. Refused as a whole (StatementProblem)
 * at the first record that does not read: a cell count that differs from the header's, a missing or
 * malformed date or amount, a date outside the range kept, an unclosed quote; "empty" when no
 * transaction is left after the header; "tooManyLines" beyond maxStatementLines. Blank records are
 * skipped. In our own export, a split transaction's part rows are counted on its line
 * (`splitParts`), not read as transactions, and its note is kept.
 */
export function parseCsvStatement(text: string, mapping: CsvMapping): StatementLine[] {
  assertUsableMapping(mapping);
  const lines: StatementLine[] = [];
  let expected: CsvRecord | null = null;
  let extra: ExtraColumns = null;
  let previous: { line: StatementLine; cells: readonly string[] } | undefined;
  const startLine = mapping.startLine ?? 1;
  for (const record of csvRecords(text, mapping.delimiter)) {
    // The bank's account details above the table.
    if (record.line < startLine) continue;
    if (!expected) {
      expected = record;
      if (mapping.hasHeader) extra = monetaExtraColumns(record.cells);
      for (const [field, column] of mappedColumns(mapping))
        if (column >= record.cells.length)
          throw new StatementProblem(record.line, "missingColumn", {
            column: column + 1,
            field,
            found: record.cells.length,
          });
      if (mapping.hasHeader) continue;
    } else if (!hasExpectedCells(record.cells, expected.cells)) {
      throw new StatementProblem(record.line, "columnCount", {
        found: record.cells.length,
        expected: expected.cells.length,
      });
    }
    if (isBalanceRow(record.cells, mapping)) continue;
    if (isPartOf(previous, record.cells, extra)) {
      previous!.line.splitParts = (previous!.line.splitParts ?? 0) + 1;
      continue;
    }
    if (lines.length === maxStatementLines)
      throw new StatementProblem(record.line, "tooManyLines", { max: maxStatementLines });
    previous = { line: statementLineOf(record, mapping, extra), cells: record.cells };
    lines.push(previous.line);
  }
  if (lines.length === 0) throw new StatementProblem(expected?.line ?? startLine, "empty");
  return lines;
}
