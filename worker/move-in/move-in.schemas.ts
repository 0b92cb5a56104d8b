import { z } from "zod";
import { currencies } from "../../db/enums.ts";
import { historyApps } from "../../db/history-apps.ts";
import { csvDateFormats } from "../imports/csv-mapping.ts";
import { maxChunkLines } from "../imports/statement.ts";
import { dateSchema } from "../ledger/dates.schemas.ts";
import { legSchema, noteSchema, tagIdsSchema } from "../transactions/transactions.schemas.ts";

/** "Bring your history" (docs/api.md#moving-in): another app's export, previewed, then written in chunks. */

const placeTypeSchema = z.enum(["account", "card"]);
const lineKinds = ["income", "expense", "transfer", "pay_credit_card"] as const;
const nameSchema = z.string().trim().min(1, "errors:fields.nameRequired").max(100, "errors:fields.tooLong");
/** A signed decimal with a point, in the account's currency. */
const signedDecimalSchema = z
  .string({ error: "errors:fields.amountFormat" })
  .trim()
  .regex(/^-?\d{1,15}(\.\d{1,6})?$/, "errors:fields.amountFormat");
const positiveDecimalSchema = signedDecimalSchema.refine((text) => !text.startsWith("-"), "errors:fields.amountFormat");

/** The preview form's date format, when the file's dates read both ways. */
export const moveInDateFormatSchema = z.enum(csvDateFormats);

/** POST /move-ins: the accounts, cards and tags the preview found, created or matched by name, before the lines. */
export const moveInCreateSchema = z.object({
  file_name: z.string().trim().min(1, "errors:fields.fileName").max(255, "errors:fields.tooLong"),
  app: z.enum(historyApps, { error: "errors:fields.invalid" }),
  accounts: z
    .array(
      z.object({
        name: nameSchema,
        type: placeTypeSchema,
        currency: z.enum(currencies, { error: "errors:fields.currency" }),
        /** A created account's initial balance; ignored for one the workspace has. */
        opening_balance: signedDecimalSchema.default("0"),
        /** A created card's paying account, by its name in this list. */
        paid_from: nameSchema.nullish(),
      }),
    )
    .max(200, "errors:fields.tooLong"),
  tags: z.array(z.object({ name: nameSchema, parent: nameSchema.nullish() })).max(1000, "errors:fields.tooLong"),
  line_count: z.number().int().min(0),
  skipped_count: z.number().int().min(0).default(0),
  refused_count: z.number().int().min(0).default(0),
});
export type MoveInCreateInput = z.infer<typeof moveInCreateSchema>;

export const moveInLineSchema = z.object({
  line: z.number().int().min(1),
  date: dateSchema,
  type: z.enum(lineKinds),
  amount: positiveDecimalSchema,
  description: z.string().trim().min(1, "errors:fields.descriptionRequired").max(255, "errors:fields.tooLong"),
  origin: legSchema.nullish(),
  destination: legSchema.nullish(),
  tag_ids: tagIdsSchema.optional(),
  /** A split purchase's parts (income or expense): their amounts sum to the line's, each under its tags. */
  parts: z
    .array(
      z.object({
        amount: positiveDecimalSchema,
        tag_ids: tagIdsSchema.refine((ids) => ids.length > 0, "errors:fields.partTagRequired"),
        note: noteSchema.nullish(),
      }),
    )
    .min(2, "errors:fields.splitTooFew")
    .max(20, "errors:fields.tooManyParts")
    .nullish(),
  note: noteSchema.nullish(),
  imported_id: z.string().trim().min(1).max(255, "errors:fields.tooLong"),
});
export type MoveInLine = z.input<typeof moveInLineSchema>;

/** POST /move-ins/{id}/chunks: the next lines, numbered from 0; a chunk sent again is answered, not written again. */
export const moveInChunkSchema = z.object({
  chunk_index: z.number().int().min(0).max(1000),
  lines: z.array(moveInLineSchema).min(1).max(maxChunkLines, "errors:fields.tooManyImportLines"),
});
export type MoveInChunkInput = z.infer<typeof moveInChunkSchema>;

const existingSchema = z.object({ uuid: z.string(), date: z.string(), description: z.string(), amount: z.string() });

export const moveInPreviewLineSchema = z.object({
  /** The file's lines it came from: two for a transfer the app wrote once in each account. */
  lines: z.array(z.number().int()),
  date: z.string(),
  type: z.enum(lineKinds),
  /** Positive decimal text in `currency`. */
  amount: z.string(),
  currency: z.string(),
  /** Names of the accounts or cards it leaves and arrives at, as `accounts` lists them. */
  from: z.string().nullable(),
  to: z.string().nullable(),
  description: z.string(),
  /** The tag it is filed under, as `tags` lists it. */
  tag: z.string().nullable(),
  /** A split purchase's parts, each with its amount and tag (the line then has no tag of its own). */
  parts: z.array(z.object({ amount: z.string(), tag: z.string(), note: z.string().nullable() })).nullable(),
  note: z.string().nullable(),
  /** Its id on every import of the same file: a second move-in of the file finds it already here. */
  imported_id: z.string(),
  status: z.enum(["new", "duplicate", "possible_duplicate", "refused"]),
  /** Why it is refused, or "imported_id" for a duplicate. */
  reason: z.string().nullable(),
  existing: existingSchema.nullable(),
});

export const moveInPreviewSchema = z.object({
  app: z.enum(historyApps),
  file_name: z.string(),
  date_format: moveInDateFormatSchema.nullable(),
  accounts: z.array(
    z.object({
      name: z.string(),
      type: placeTypeSchema,
      currency: z.string(),
      /** The workspace's account or card of that name; null when it will be created. */
      uuid: z.string().nullable(),
      archived: z.boolean(),
      /** A created account's initial balance, from the file's opening-balance row. */
      opening_balance: z.string(),
      /** A created card's paying account (by name). */
      paid_from: z.string().nullable(),
      line_count: z.number().int(),
    }),
  ),
  tags: z.array(z.object({ name: z.string(), parent: z.string().nullable(), uuid: z.string().nullable() })),
  lines: z.array(moveInPreviewLineSchema),
  counts: z.object({
    new: z.number().int(),
    duplicate: z.number().int(),
    possible_duplicate: z.number().int(),
    refused: z.number().int(),
  }),
  /** Rows the file holds that are not money that moved: not yet paid, or between two outside parties. */
  skipped: z.object({ unpaid: z.number().int(), not_money: z.number().int() }),
  /** The plan's account limit: null without one. */
  account_limit: z.object({ limit: z.number().int().nullable(), used: z.number().int(), to_create: z.number().int() }),
});

export const moveInResponseSchema = z.object({
  uuid: z.string(),
  app: z.enum(historyApps),
  file_name: z.string(),
  line_count: z.number().int(),
  created_count: z.number().int(),
  skipped_count: z.number().int(),
  refused_count: z.number().int(),
  /** What it created, as counts; the ids come in the start's answer. */
  created: z.object({ accounts: z.number().int(), cards: z.number().int(), tags: z.number().int() }),
  created_by: z.object({ name: z.string() }).nullable(),
  created_at: z.string(),
  undone_at: z.string().nullable(),
});

/** The start's answer: the move-in, and each account, card and tag by name with the id its lines use. */
export const moveInStartSchema = moveInResponseSchema.extend({
  accounts: z.array(z.object({ name: z.string(), type: placeTypeSchema, uuid: z.string(), created: z.boolean() })),
  tags: z.array(z.object({ name: z.string(), uuid: z.string(), created: z.boolean() })),
});

export const moveInChunkAnswerSchema = z.object({
  chunk_index: z.number().int(),
  created: z.number().int(),
  skipped: z.number().int(),
});
