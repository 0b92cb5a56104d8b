import { z } from "zod";
import { importFormats } from "../../db/enums.ts";
import { dateSchema } from "../ledger/dates.schemas.ts";
import { legSchema, noteSchema, payeeNameSchema, tagIdsSchema } from "../transactions/transactions.schemas.ts";
import { positiveAmountSchema } from "../ledger/money.ts";
import { csvMappingSchema } from "./csv-mapping.schemas.ts";
import { maxChunkLines } from "./statement.ts";

/** A signed decimal with a point, as the preview gives it ("-386.80"); the service checks the currency's places. */
const signedDecimalSchema = z
  .string({ error: "errors:fields.amountFormat" })
  .trim()
  .regex(/^-?\d{1,15}(\.\d{1,6})?$/, "errors:fields.amountFormat");

/** Where a statement goes: "account:{uuid}" or "card:{uuid}". */
export const importTargetSchema = legSchema;

/** POST /imports: the file's account or card and what the preview found, before its chunks are sent. */
export const importCreateSchema = z.object({
  target: importTargetSchema,
  file_name: z.string().trim().min(1, "errors:fields.fileName").max(255, "errors:fields.tooLong"),
  format: z.enum(importFormats, { error: "errors:fields.importFormat" }),
  /** The CSV mapping used, kept so the next CSV for the same account or card starts from it. */
  csv_mapping: csvMappingSchema.nullish(),
  line_count: z.number().int().min(0),
  skipped_count: z.number().int().min(0).default(0),
  refused_count: z.number().int().min(0).default(0),
});
export type ImportCreateInput = z.infer<typeof importCreateSchema>;

/** How a line is filed: by the rules, as the preview shows it and a chunk sends it back. */
export const lineFilingSchema = z.object({
  description: z.string().trim().min(1).max(255, "errors:fields.tooLong").optional(),
  payee: payeeNameSchema.optional(),
  note: noteSchema.optional(),
  tag_ids: tagIdsSchema.optional(),
  parts: z
    .array(z.object({ amount: positiveAmountSchema, tag_ids: tagIdsSchema }))
    .min(2, "errors:fields.splitTooFew")
    .max(20, "errors:fields.tooManyParts")
    .optional(),
  /** The rules that filed it, in their order. */
  rule_ids: z.array(z.string()).max(50).default([]),
});
export type LineFiling = z.infer<typeof lineFilingSchema>;

/** The preview's filing of a line, with the names of the tags it uses for the table to show. */
export const previewFilingSchema = z.object({
  description: z.string().optional(),
  payee: z.string().optional(),
  note: z.string().optional(),
  tag_ids: z.array(z.string()).optional(),
  parts: z.array(z.object({ amount: z.string(), tag_ids: z.array(z.string()) })).optional(),
  rule_ids: z.array(z.string()),
  tags: z.array(z.object({ uuid: z.string(), name: z.string(), color: z.string() })),
});
export type PreviewFiling = z.infer<typeof previewFilingSchema>;

export const importLineSchema = z.object({
  line: z.number().int().min(1),
  date: dateSchema,
  description: z.string().trim().min(1, "errors:fields.descriptionRequired").max(255, "errors:fields.tooLong"),
  amount: signedDecimalSchema,
  imported_id: z.string().trim().min(1).max(255, "errors:fields.tooLong").nullish(),
  /** The note Moneta's own export carried; the preview cuts it to what a note holds. */
  note: noteSchema.nullish(),
  /** How the preview's rules filed the line (./import-filing.ts), sent back as the preview gave it. */
  filed: lineFilingSchema.nullish(),
  /**
   * The other side of a transfer or card payment ("account:{uuid}" or "card:{uuid}"), as the preview found
   * it in Moneta's own export: the line is written as that transfer, leaving the import's account or card
   * when its amount is negative and arriving when positive.
   */
  transfer_with: legSchema.nullish(),
});
/** A line as a client sends it: amounts as the preview gave them. */
export type ImportLine = z.input<typeof importLineSchema>;

/** POST /imports/{id}/chunks: the next lines, numbered from 0; a chunk sent again is answered, not written again. */
export const importChunkSchema = z.object({
  chunk_index: z.number().int().min(0).max(1000),
  lines: z.array(importLineSchema).min(1).max(maxChunkLines, "errors:fields.tooManyImportLines"),
});
export type ImportChunkInput = z.infer<typeof importChunkSchema>;

/** GET /imports: the workspace's imports, or one account's or card's. */
export const importListQuerySchema = z.object({ target: importTargetSchema.optional() });
