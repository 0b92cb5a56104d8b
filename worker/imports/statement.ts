/**
 * What a bank statement file becomes before anything is written: its transactions as lines, each
 * with the file's own line number, whatever the format (OFX or CSV). The parsers read text only;
 * the import service decides what each line becomes in the chosen account or card.
 */

import { dateRangeYears, isWithinDateRange } from "../ledger/date-range.ts";

/**
 * The largest file an import takes, and the most transactions one import writes. Here, with no zod, so the
 * import dialog checks them before uploading without evaluating the schemas when the page loads.
 */
export const maxStatementBytes = 5 * 1024 * 1024;
export const maxStatementLines = 20_000;

/** Lines one chunk writes: one atomic batch each, small enough to answer within a second. */
export const maxChunkLines = 500;

export type StatementLine = {
  /** The file's line (1-based) where this transaction starts, for previews and errors. */
  line: number;
  /** YYYY-MM-DD, the day the bank booked it (an OFX time zone never moves it to another day). */
  date: string;
  description: string;
  /**
   * Signed decimal text with a point and no grouping ("-386.80", "1234.5", "20"): negative is
   * money leaving the account (or charged on the card), positive is money arriving. Never a float.
   */
  amount: string;
  /** The bank's own id for the transaction (OFX FITID, a CSV identifier column), if the file has one. */
  importedId: string | null;
  /** Moneta's own export only: the transaction's note, when it has one. */
  note?: string;
  /**
   * Moneta's own export only: how many rows of a split transaction's parts followed this line. They
   * are read and left out — the line is the whole transaction, so nothing is counted twice.
   */
  splitParts?: number;
  /**
   * Moneta's own export only: the row's type and the names in its From and To, so a transfer comes
   * back as a transfer (and from the side of the account it is imported into); `converted` when it
   * arrived in another currency.
   */
  moved?: { kind: "income" | "expense" | "transfer" | "pay_credit_card"; from: string; to: string; converted: boolean };
};

/** Why a file is refused. Each has a sentence in locales errors.json under `statement`. */
export const statementProblemReasons = [
  "empty",
  "unknownFormat",
  "unclosedTransaction",
  "truncated",
  "missingDate",
  "badDate",
  "dateOutOfRange",
  "missingAmount",
  "badAmount",
  "missingColumn",
  "columnCount",
  "unclosedQuote",
  "tooManyLines",
  "ambiguousDates",
  "mixedDecimalMarks",
] as const;
export type StatementProblemReason = (typeof statementProblemReasons)[number];

/** A file that cannot be read as a statement: where and why. Nothing of it is written. */
export class StatementProblem extends Error {
  readonly line: number;
  readonly reason: StatementProblemReason;
  /** Values the sentence names besides the line: the text found, a column, a limit. */
  readonly values: Record<string, string | number>;

  constructor(line: number, reason: StatementProblemReason, values: Record<string, string | number> = {}) {
    super(`line ${line}: ${reason}`);
    this.name = "StatementProblem";
    this.line = line;
    this.reason = reason;
    this.values = values;
  }
}

/**
 * A line's booked day, refused with the file when it falls outside the dates Moneta keeps
 * (docs/decisions/038-dates-from-1900-to-2199.md), as a line that does not read is: never skipped
 * in silence, never written.
 */
export function assertDayInRange(line: number, date: string, written: string): void {
  if (!isWithinDateRange(date))
    throw new StatementProblem(line, "dateOutOfRange", { value: written, ...dateRangeYears });
}
