import { z } from "zod";
import { currencies, transactionKinds } from "../../db/enums.ts";
import type { ErrorCode } from "../http/errors.ts";

/** A leg of what an item posts, as a transaction's: an account or a card (`name` null once it is gone), or outside. */
export const plannedSideSchema = z.discriminatedUnion("type", [
  z.object({ type: z.enum(["account", "card"]), uuid: z.string(), name: z.string().nullable() }),
  z.object({ type: z.literal("external"), uuid: z.null(), name: z.null() }),
]);

/**
 * What a scheduled or recurring item will post, with the transaction's field names; `origin_id` and
 * `destination_id` as they were sent ("account:{uuid}", "card:{uuid}" or null).
 */
export const templateResponseSchema = z.object({
  type: z.enum(transactionKinds),
  description: z.string(),
  notes: z.string().nullable(),
  amount: z.string(),
  amount_cents: z.number().int(),
  currency: z.enum(currencies),
  /** The rate between the legs' currencies, or null. */
  currency_conversion: z.string().nullable(),
  origin: plannedSideSchema,
  destination: plannedSideSchema,
  origin_id: z.string().nullable(),
  destination_id: z.string().nullable(),
  /** The tags still in the workspace (one deleted since is left off). */
  tags: z.array(z.object({ uuid: z.string(), name: z.string(), color: z.string() })),
  tag_ids: z.array(z.string()),
});

/**
 * Why the executor could not post the item yet, or null: `key` is a message key of the errors
 * namespace (`errors:fields.legArchived`…), which a client translates. It is tried again every tick.
 */
export const plannedFailureSchema = z.object({ key: z.string(), failed_at: z.string().nullable() }).nullable();

/** Why a person's "post now" is refused as the transaction itself would be: a leg archived or deleted since, no credit left. */
export const postingRefusals: ErrorCode[] = ["VALIDATION_FAILED", "INSUFFICIENT_CREDIT", "BALANCE_OUT_OF_RANGE"];
