import { z } from "zod";
import { bankConnectionStatuses, bankProviders, remoteAccountKinds } from "../../db/enums.ts";

/** Where a bank account's lines go: a Moneta account or card, nowhere (ignored), or not decided yet (null). */
const remoteAccountLinkResponseSchema = z
  .discriminatedUnion("type", [
    z.object({ type: z.literal("account"), account_id: z.string(), name: z.string() }),
    z.object({ type: z.literal("card"), card_id: z.string(), name: z.string() }),
    z.object({ type: z.literal("ignored") }),
  ])
  .nullable();

export const remoteAccountResponseSchema = z.object({
  uuid: z.string(),
  kind: z.enum(remoteAccountKinds),
  name: z.string(),
  number: z.string().nullable(),
  currency: z.string(),
  /** The bank's balance as the person has it (a card's debt negative), at `balance_at`. */
  balance: z.string(),
  balance_cents: z.number().int(),
  balance_at: z.string(),
  credit_limit: z.string().nullable(),
  closing_date: z.string().nullable(),
  due_date: z.string().nullable(),
  link: remoteAccountLinkResponseSchema,
  /** Linked only: what Moneta holds for the account or card, signed like `balance`, and `balance` minus it. */
  moneta_balance: z.string().nullable(),
  balance_difference: z.string().nullable(),
  card_days: z
    .object({
      bank: z.object({ closing_day: z.number().int(), due_day: z.number().int() }),
      moneta: z.object({ closing_day: z.number().int(), due_day: z.number().int() }),
    })
    .nullable()
    .meta({
      description:
        "A linked credit card whose bill the bank dates: the days its bills close and fall due at the bank and " +
        "in Moneta. When they differ, Moneta's statements are not the bank's bills (`POST …/card-days` aligns them).",
    }),
});

/** What a sync did: lines written as new transactions, joined to ones already there, brought up to date, gone from the bank, unreadable. */
const syncSummarySchema = z.object({
  created: z.number().int(),
  matched: z.number().int(),
  updated: z.number().int(),
  gone: z.number().int(),
  skipped: z.number().int(),
  plans: z.number().int().meta({
    description:
      "Installment plans made on a card of purchases em N vezes the sync found (their installments ahead hold the limit).",
  }),
});

/** A bank connection as the API answers it: never anything that reaches the bank (sealed access, tokens). */
export const bankConnectionResponseSchema = z.object({
  uuid: z.string(),
  provider: z.enum(bankProviders),
  institution: z.string(),
  status: z.enum(bankConnectionStatuses),
  consent_expires_at: z.string().nullable(),
  last_synced_at: z.string().nullable(),
  created_at: z.string(),
  disconnected_at: z.string().nullable(),
  /** The sync under way (`running`), or the last one's summary; `requested_at`: the last "Sync now" or webhook. */
  sync: z.object({
    running: z.boolean(),
    started_at: z.string().nullable(),
    requested_at: z.string().nullable(),
    summary: syncSummarySchema.nullable(),
  }),
  accounts: z.array(remoteAccountResponseSchema),
});
export type BankConnectionResponse = z.infer<typeof bankConnectionResponseSchema>;

export const pluggyConnectTokenResponseSchema = z.object({
  /** For Pluggy's Connect widget only; lives 30 minutes. */
  connect_token: z.string(),
});

export const syncRequestedResponseSchema = z.object({ requested_at: z.string() });

/** `handled`: the event named a connected item whose sync it started; false for repeats and other events. */
export const pluggyWebhookAnswerSchema = z.object({ handled: z.boolean() });

/** A bank line joined to a transaction the person had, and that transaction, both signed as the bank states them. */
export const matchedLineResponseSchema = z.object({
  uuid: z.string(),
  account_name: z.string(),
  currency: z.string(),
  date: z.string(),
  amount: z.string(),
  description: z.string(),
  transaction: z.object({ uuid: z.string(), date: z.string(), description: z.string(), amount: z.string() }),
});

/** Why a linked account's balance differs from the bank's, as far as the bank's lines tell. */
export const balanceDifferenceResponseSchema = z.object({
  currency: z.string(),
  difference: z.string().meta({ description: "The bank's balance minus Moneta's today (`balance_difference`)." }),
  lines_from: z.string().nullable().meta({ description: "The day of the bank's first line read (null: none yet)." }),
  entries: z
    .array(
      z.object({
        reason: z.enum(["not_at_bank", "gone_at_bank", "deleted_here"]).meta({
          description:
            "`not_at_bank`: an entry here no bank line joined; `gone_at_bank`: a line the bank no longer shows, " +
            "its transaction still here; `deleted_here`: a bank line whose transaction was deleted here.",
        }),
        date: z.string(),
        description: z.string(),
        transaction_id: z.string().nullable(),
        amount: z.string().meta({ description: "Its share of the difference, signed like it." }),
      }),
    )
    .meta({ description: "Newest first, the first 50." }),
  entries_count: z.number().int(),
  entries_total: z.string().meta({ description: "What all the entries explain together." }),
  before_lines: z.string().meta({
    description: "The rest: from before the bank's first line — what the account held then, which Moneta did not.",
  }),
});

/** The transaction an undo or a reconcile wrote (null: a reconcile with nothing to adjust). */
export const writtenTransactionResponseSchema = z.object({ transaction_id: z.string().nullable() });
