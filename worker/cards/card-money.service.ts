import { AppError } from "../http/errors.ts";
import { workspaceWriteRequest } from "../idempotency/idempotent-write.ts";
import { cardMissingMessage } from "../transactions/transaction-legs.ts";
import { postTransaction } from "../transactions/transactions.service.ts";
import { isUuid } from "../../db/ids.ts";
import { cardNotFound, type CardRef } from "./cards.service.ts";
import type { ServiceCall } from "../access/actor.ts";

type Keyed = { idempotencyKey?: string };
type Purchase = CardRef & Keyed & { amount: number; description: string; date?: string; tag_ids?: string[] };
type Payment = CardRef & Keyed & { amount: number; description?: string; date?: string };

/** POST /cards/{id}/purchase: an expense on the card ('Insufficient available credit' past its limit). */
export async function purchaseWithCard({ ctx, input }: ServiceCall<Purchase>) {
  const { workspaceId, cardId, idempotencyKey, ...purchase } = input;
  const origin = { type: "card" as const, id: isUuid(cardId) ? cardId.toLowerCase() : "" };
  if (!origin.id) throw cardNotFound();
  const request = workspaceWriteRequest(idempotencyKey, workspaceId, `cards/${cardId}/purchase`, purchase);
  return withCardFromPath(
    postTransaction({ ctx, input: { workspaceId, type: "expense", origin, ...purchase } }, request),
    "origin",
  );
}

/** The card is in the address: when it is not in this workspace, that is a 404, not a field error. */
async function withCardFromPath<T>(work: Promise<T>, leg: "origin" | "destination"): Promise<T> {
  try {
    return await work;
  } catch (error) {
    if (error instanceof AppError && error.fieldErrors?.[leg]?.some((message) => message.key === cardMissingMessage))
      throw cardNotFound();
    throw error;
  }
}

/** POST /cards/{id}/payment: money leaves the card's account and the card's debt goes down. */
export async function payCard({ ctx, input }: ServiceCall<Payment>) {
  const { workspaceId, cardId, idempotencyKey, description, ...payment } = input;
  const destination = { type: "card" as const, id: isUuid(cardId) ? cardId.toLowerCase() : "" };
  if (!destination.id) throw cardNotFound();
  const request = workspaceWriteRequest(idempotencyKey, workspaceId, `cards/${cardId}/payment`, {
    description,
    ...payment,
  });
  const work = postTransaction(
    {
      ctx,
      input: {
        workspaceId,
        type: "pay_credit_card",
        destination,
        description: description ?? "Card payment",
        ...payment,
      },
    },
    request,
  );
  return withCardFromPath(work, "destination");
}
