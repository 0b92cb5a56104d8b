import { z } from "zod";

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const idField = (message: "errors:fields.accountUnknown" | "errors:fields.cardUnknown") =>
  z
    .string({ error: message })
    .regex(uuid, message)
    .transform((id) => id.toLowerCase());

/** POST /bank-connections/simplefin: the setup token the person made in the SimpleFIN Bridge. */
export const simplefinConnectSchema = z.object({
  setup_token: z
    .string({ error: "errors:fields.setupTokenRequired" })
    .trim()
    .min(1, "errors:fields.setupTokenRequired")
    .max(2000, "errors:fields.setupTokenInvalid"),
});
export type SimplefinConnectInput = z.infer<typeof simplefinConnectSchema>;

/** POST /bank-connections/pluggy/connect-token: for a new connection, or to sign in again to one (`connection_id`). */
export const pluggyConnectTokenSchema = z.object({
  connection_id: z
    .string()
    .regex(uuid, "errors:fields.bankConnectionUnknown")
    .transform((id) => id.toLowerCase())
    .optional(),
});
export type PluggyConnectTokenInput = z.infer<typeof pluggyConnectTokenSchema>;

/** POST /bank-connections/pluggy: the item Pluggy's Connect widget made. */
export const pluggyConnectSchema = z.object({
  item_id: z
    .string({ error: "errors:fields.pluggyItemUnknown" })
    .trim()
    .min(1, "errors:fields.pluggyItemUnknown")
    .max(100, "errors:fields.pluggyItemUnknown"),
});
export type PluggyConnectInput = z.infer<typeof pluggyConnectSchema>;

/**
 * PUT /bank-connections/{id}/accounts/{accountId}: where the bank account's lines go — a Moneta account
 * (bank accounts) or card (credit cards) — or nowhere (`ignore`), or back to undecided (`none`).
 */
export const remoteAccountLinkSchema = z.object({
  link: z.discriminatedUnion(
    "type",
    [
      z.object({ type: z.literal("account"), account_id: idField("errors:fields.accountUnknown") }),
      z.object({ type: z.literal("card"), card_id: idField("errors:fields.cardUnknown") }),
      z.object({ type: z.literal("ignore") }),
      z.object({ type: z.literal("none") }),
    ],
    { error: "errors:fields.bankLinkType" },
  ),
});
export type RemoteAccountLinkInput = z.infer<typeof remoteAccountLinkSchema>;

/**
 * POST /bank-connections/{id}/accounts/{accountId}/reconcile: the difference the person saw (the bank's
 * balance minus Moneta's, as answered in `balance_difference`), confirmed.
 */
export const reconcileSchema = z.object({
  difference: z
    .string({ error: "errors:fields.differenceFormat" })
    .trim()
    .regex(/^-?\d{1,13}(\.\d{1,3})?$/, "errors:fields.differenceFormat"),
});
export type ReconcileInput = z.infer<typeof reconcileSchema>;
