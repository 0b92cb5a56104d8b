import { z } from "zod";
import { previewFilingSchema } from "./imports.schemas.ts";
import { currencies, importFormats } from "../../db/enums.ts";
import { csvDateFormats, csvDecimalMarks, csvDelimiters, csvPositiveMeanings, csvPresetIds } from "./csv-mapping.ts";
import { csvMappingSchema } from "./csv-mapping.schemas.ts";

const targetTypeSchema = z.enum(["account", "card"]);

/** A statement import as the API returns it: its account or card, what its file held and what it created. */
export const importResponseSchema = z.object({
  uuid: z.string(),
  file_name: z.string(),
  format: z.enum(importFormats),
  /** `name` is null once the account or card is gone. */
  target: z.object({ type: targetTypeSchema, uuid: z.string(), name: z.string().nullable() }),
  line_count: z.number().int(),
  created_count: z.number().int(),
  skipped_count: z.number().int(),
  refused_count: z.number().int(),
  /** A CSV's column mapping, which the next CSV for the same account or card starts from; null for OFX. */
  csv_mapping: csvMappingSchema.nullable(),
  /** Null in an undo's answer, or once the person is gone. */
  created_by: z.object({ name: z.string() }).nullable(),
  created_at: z.string(),
  undone_at: z.string().nullable(),
});

/** What one chunk wrote: the transactions created and the lines skipped as already there. */
export const importChunkAnswerSchema = z.object({
  chunk_index: z.number().int(),
  created: z.number().int(),
  skipped: z.number().int(),
});

/**
 * A line of the file as it would be written: `amount` signed from the account's or card's side (negative
 * leaves it, or is charged on the card). `status`: `new`; `duplicate` (never written: the account or card
 * has its bank id, `reason: "imported_id"`, or an earlier line of the file had it, `"same_file"`);
 * `possible_duplicate` (no bank id tells them apart, but `existing` looks the same: same amount and
 * direction, at most 3 days away, a word in common); `refused` (the currency cannot hold it: `zero_amount`,
 * `too_many_decimals`, `amount_too_large`; or the statement is in another currency than the account or card,
 * `other_currency`, its amount then shown as the file wrote it; or, in Moneta's own export, the row is another
 * account's or card's, `other_account`). A bank id two different lines of one file share
 * (Banco do Brasil, Chase) comes back as `imported_id` with "#2", "#3"… on the later ones. `note` and `split_parts` come from Moneta's own export: a split
 * transaction is one line with its whole amount and `split_parts` its number of parts, written unsplit.
 */
export const previewLineSchema = z.object({
  line: z.number().int(),
  date: z.string(),
  description: z.string(),
  amount: z.string(),
  imported_id: z.string().nullable(),
  note: z.string().nullable(),
  /** How many parts the transaction was split in, in the file; null when it is not split. */
  split_parts: z.number().int().nullable(),
  status: z.enum(["new", "duplicate", "possible_duplicate", "refused"]),
  reason: z
    .enum([
      "imported_id",
      "same_file",
      "zero_amount",
      "too_many_decimals",
      "amount_too_large",
      "other_currency",
      "other_account",
    ])
    .nullable(),
  existing: z.object({ uuid: z.string(), date: z.string(), description: z.string(), amount: z.string() }).nullable(),
  /**
   * How the workspace's rules file the line, null when none matched (or it is refused): its tags or parts,
   * payee, description and note as they will be written — the chunk sends it back with the line.
   */
  filed: previewFilingSchema.nullable(),
  /**
   * Moneta's own export: the workspace's other account or card a transfer or card payment row moves money
   * with, found by the name in its From or To; the line is then written as that transfer. Null otherwise.
   */
  transfer_with: z.object({ type: targetTypeSchema, uuid: z.string(), name: z.string() }).nullable(),
});

const guessedColumn = z.number().int().nullable();

/** A mapping as far as the file shows it beyond doubt: null where the person has to choose. */
const csvMappingGuessSchema = z.object({
  delimiter: z.enum(csvDelimiters),
  startLine: z.number().int().optional(),
  hasHeader: z.boolean(),
  columns: z.object({
    date: guessedColumn,
    description: guessedColumn,
    amount: guessedColumn,
    debit: guessedColumn,
    credit: guessedColumn,
    identifier: guessedColumn,
  }),
  dateFormat: z.enum(csvDateFormats).nullable(),
  decimalMark: z.enum(csvDecimalMarks).nullable(),
  positiveMeans: z.enum(csvPositiveMeanings),
});

/**
 * What a statement would create, nothing written. A CSV without a mapping (none sent, none its header
 * makes certain) has `needs_mapping: true`, no lines, and what the file showed in `csv`.
 */
export const importPreviewSchema = z.object({
  format: z.enum(importFormats),
  file_name: z.string(),
  target: z.object({ type: targetTypeSchema, uuid: z.string(), name: z.string(), currency: z.enum(currencies) }),
  /** Null for OFX. */
  csv: z
    .object({
      delimiter: z.enum(csvDelimiters),
      /**
       * The file line where the table starts: found below any account details the bank wrote above it, or
       * the form's `csv_start_line` when the person said so.
       */
      start_line: z.number().int(),
      /** The table's first line's cells when it names the columns. */
      header: z.array(z.string()).nullable(),
      /** The first 5 records after the header. */
      sample_rows: z.array(z.array(z.string())),
      /** The known file it is (a bank's, or our own export), or `generic` when its guess found a date and an amount. */
      preset: z.enum(csvPresetIds).nullable(),
      /** The mapping the lines were read with, if any. */
      mapping: csvMappingSchema.nullable(),
      guess: csvMappingGuessSchema,
      /** The mapping the account's or card's last CSV import used. */
      remembered_mapping: csvMappingSchema.nullable(),
    })
    .nullable(),
  /** Null for CSV. */
  ofx: z
    .object({
      /** Every statement in the file, in order: a file may hold a checking and a savings account, or a card. */
      statements: z.array(
        z.object({
          index: z.number().int(),
          kind: z.enum(["bank", "card", "investment"]),
          account_ending: z.string().nullable(),
          /** The statement's CURDEF, upper case; null when the file does not say. */
          currency: z.string().nullable(),
          line_count: z.number().int(),
        }),
      ),
      /** The statement these lines are from (the form's `statement`, 0 by default). */
      statement_index: z.number().int(),
      /** The previewed statement's currency; when it is not the target's, every line is refused (`other_currency`). */
      currency: z.string().nullable(),
      /**
       * What the statement holds that is left out: `trades`, an investment statement's buys, sells and income
       * (only its cash lines are money in Moneta); `balance_rows`, balances the bank wrote as transactions
       * ("SALDO ANTERIOR").
       */
      skipped: z.object({ trades: z.number().int(), balance_rows: z.number().int() }),
    })
    .nullable(),
  needs_mapping: z.boolean(),
  lines: z.array(previewLineSchema),
  /**
   * How many lines are split transactions (Moneta's own export): each is written whole, with its note,
   * without its parts (an import files nothing under tags), so the dialog warns before writing.
   */
  split_lines: z.number().int(),
  counts: z.object({
    new: z.number().int(),
    duplicate: z.number().int(),
    possible_duplicate: z.number().int(),
    refused: z.number().int(),
  }),
});
