import { z } from "zod";
import { importFormats } from "../../db/enums.ts";
import { dateSchema } from "../ledger/dates.schemas.ts";
import { legSchema, noteSchema } from "../transactions/transactions.schemas.ts";
import { csvMappingSchema } from "./csv-mapping.schemas.ts";

/** The largest file an import takes, and the most transactions one import writes. */
export const maxStatementBytes = 5 * 1024 * 1024;
export const maxStatementLines = 20_000;

/** Lines one chunk writes: one atomic batch each, small enough to answer within a second. */
export const maxChunkLines = 500;

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

export const importLineSchema = z.object({
  line: z.number().int().min(1),
  date: dateSchema,
  description: z.string().trim().min(1, "errors:fields.descriptionRequired").max(255, "errors:fields.tooLong"),
  amount: signedDecimalSchema,
  imported_id: z.string().trim().min(1).max(255, "errors:fields.tooLong").nullish(),
  /** The note Moneta's own export carried; the preview cuts it to what a note holds. */
  note: noteSchema.nullish(),
});
export type ImportLine = z.infer<typeof importLineSchema>;

/** POST /imports/{id}/chunks: the next lines, numbered from 0; a chunk sent again is answered, not written again. */
export const importChunkSchema = z.object({
  chunk_index: z.number().int().min(0).max(1000),
  lines: z.array(importLineSchema).min(1).max(maxChunkLines, "errors:fields.tooManyImportLines"),
});
export type ImportChunkInput = z.infer<typeof importChunkSchema>;

/** GET /imports: the workspace's imports, or one account's or card's. */
export const importListQuerySchema = z.object({ target: importTargetSchema.optional() });
