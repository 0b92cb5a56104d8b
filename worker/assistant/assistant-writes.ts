import type { BatchItem } from "drizzle-orm/batch";
import type { ActingContext, BotActor } from "../access/actor.ts";
import type { ParsedTransaction } from "../bot/message-parser.ts";
import type { Answer } from "../idempotency/idempotent-write.ts";
import { installmentPlanSchema } from "../planning/installments/installments.schemas.ts";
import { createInstallmentPlan } from "../planning/installments/installments.service.ts";
import { installmentRows, regularInstallmentCents } from "../planning/installments/installment-schedule.ts";
import { decimalToUnits, minorUnitOf, unitsToDecimal } from "../ledger/amounts.ts";
import { postTransaction, updateTransaction } from "../transactions/transactions.service.ts";
import { transactionSchema } from "../transactions/transactions.schemas.ts";
import type { Leg, WrittenKind } from "./assistant-legs.ts";
import type { Replies } from "./assistant-sentences.ts";

/** A transaction (or an installment purchase) the assistant is about to write, every piece resolved. */
export type Draft = {
  workspaceId: string;
  kind: WrittenKind;
  /** Decimal text, "45.90". */
  amount: string;
  currency: string;
  date: string;
  origin: Leg | null;
  destination: Leg | null;
  tag: { id: string; name: string } | null;
  description: string;
  installments: ParsedTransaction["installments"];
  /** The transaction's note: how an amount typed in another currency was converted. */
  note?: string;
};

const legText = (leg: Leg | null) => (leg ? `${leg.type}:${leg.id}` : null);

/**
 * Writes the draft through the API's own verbs — the same checks (role, limits, available credit)
 * and the same single batch — keyed by the message that asked for it, with the message's claim
 * (`claim`) in that batch.
 */
export async function writeDraft(
  ctx: ActingContext<BotActor>,
  draft: Draft,
  once: { key: string; claim: (writtenId: string) => BatchItem<"sqlite">[] },
): Promise<Answer<unknown>> {
  const request = { key: once.key, method: "POST", path: `/assistant/${ctx.actor.channel}`, body: draft };
  const tagIds = draft.tag ? [draft.tag.id] : [];
  if (draft.installments) {
    const input = installmentPlanSchema.parse({
      description: draft.description,
      purchase_date: draft.date,
      total_amount: draft.amount,
      installments_count: draft.installments.count,
      interest_rate: draft.installments.interestRatePercent ?? "0",
      origin: legText(draft.origin),
      tag_ids: tagIds,
    });
    return createInstallmentPlan({ ctx, input: { workspaceId: draft.workspaceId, ...input } }, request, once.claim);
  }
  const input = transactionInputOf(draft);
  return postTransaction({ ctx, input: { workspaceId: draft.workspaceId, ...input } }, request, once.claim);
}

function transactionInputOf(draft: Draft) {
  return transactionSchema.parse({
    type: draft.kind,
    amount: draft.amount,
    description: draft.description,
    date: draft.date,
    origin: legText(draft.origin),
    destination: legText(draft.destination),
    tag_ids: draft.tag ? [draft.tag.id] : [],
    ...(draft.note ? { note: draft.note } : {}),
  });
}

/** A transaction the assistant wrote, moved to another leg: the API's edit, guarded by its revision. */
export function moveDraft(ctx: ActingContext<BotActor>, draft: Draft, transactionId: string) {
  return updateTransaction({
    ctx,
    input: { workspaceId: draft.workspaceId, transactionId, ...transactionInputOf(draft) },
  });
}

/** "conta Itaú", "cartão Nubank", "de Itaú para Carteira". */
export function whereOf(draft: Draft, replies: Replies): string {
  const { say } = replies;
  if (draft.origin && draft.destination) {
    return say("parts.transfer", { from: draft.origin.name, to: draft.destination.name });
  }
  const leg = (draft.origin ?? draft.destination)!;
  return say(leg.type === "card" ? "parts.card" : "parts.account", { name: leg.name });
}

/** "Despesa de R$ 45,90 em Mercado, conta Itaú, ontem." — as recorded, or as a draft to confirm. */
export function describeDraft(draft: Draft, as: "recorded" | "draft", replies: Replies, today: string): string {
  const { say } = replies;
  const amount = replies.money(draft.amount, draft.currency);
  const about = draft.tag
    ? say("parts.tag", { tag: draft.tag.name })
    : say("parts.description", { description: draft.description });
  const where = whereOf(draft, replies);
  const day = replies.day(draft.date, today);
  if (draft.installments) {
    const { count, interestRatePercent } = draft.installments;
    // The rate as written, in the reply's notation: "1,99%" / "1.99%".
    const rate = `${replies.language === "en" ? interestRatePercent : interestRatePercent?.replace(".", ",")}%`;
    const interest = interestRatePercent ? say("parts.interest", { rate }) : say("parts.noInterest");
    const installment = replies.money(installmentAmount(draft, count, interestRatePercent ?? "0"), draft.currency);
    return say(`${as}.installments`, { total: amount, count, installment, interest, about, where, day });
  }
  const key = draft.kind === "pay_credit_card" ? "transfer" : draft.kind;
  return say(`${as}.${key}`, { amount, about, where, day });
}

/** What one regular installment comes to, interest included, as the plan will post it. */
function installmentAmount(draft: Draft, count: number, interestRate: string): string {
  const totalAmountCents = decimalToUnits(draft.amount, minorUnitOf(draft.currency)) ?? 0;
  const rows = installmentRows({ totalAmountCents, installmentCount: count, interestRate });
  return unitsToDecimal(regularInstallmentCents(rows), draft.currency);
}
