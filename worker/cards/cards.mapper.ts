import type { accounts, cards } from "../../db/schema/index.ts";
import type { z } from "zod";
import { unitsToDecimal } from "../ledger/money.ts";
import type { cardResponseSchema } from "./cards.responses.ts";

type CardRow = typeof cards.$inferSelect;
type AccountRow = typeof accounts.$inferSelect;

/**
 * A card as the API returns it (./cards.responses.ts). A card acting as credit reports its limit, debt,
 * available credit and utilisation; a debit card's current balance is its account's. The debt is today's
 * (README: "One balance"); available credit and utilisation count the limit held by later installments too.
 */
export function toCardResponse(card: CardRow & { committedDebtCents?: number }, account: AccountRow): CardResponse {
  const isCredit = card.mode === "credit";
  const limit = card.creditLimitCents;
  // What holds the limit: today's debt, or more when later charges (installments on later
  // statements) are already posted — the kept debt, which is what a purchase is checked against.
  const holdingCents = Math.max(card.debtCents, card.committedDebtCents ?? card.debtCents);
  const available = isCredit && limit !== null ? Math.max(0, limit - holdingCents) : null;
  return {
    uuid: card.id,
    name: card.name,
    display_name: card.lastFourDigits ? `${card.name} •••• ${card.lastFourDigits}` : card.name,
    account: { uuid: account.id, name: account.name, currency: account.currency },
    account_uuid: account.id,
    currency: account.currency,
    last_four_digits: card.lastFourDigits,
    issuer: card.issuer,
    expiry_date: card.expiryDate,
    type: card.type,
    mode: card.mode,
    credit_limit: limit === null ? null : unitsToDecimal(limit, account.currency),
    billing_cycle_day: card.billingCycleDay,
    due_day: card.dueDay,
    color: card.color,
    icon: card.icon,
    debt_amount: unitsToDecimal(card.debtCents, account.currency),
    debt_cents: card.debtCents,
    available_credit: available === null ? null : unitsToDecimal(available, account.currency),
    /** Charges dated after today that already hold the limit (a plan's later installments). */
    held_amount: unitsToDecimal(isCredit ? holdingCents - card.debtCents : 0, account.currency),
    current_balance: unitsToDecimal(isCredit ? card.debtCents : account.balanceCents, account.currency),
    utilization: isCredit && limit ? Math.round((holdingCents / limit) * 1000) / 10 : 0,
    is_active: card.isActive,
    created_at: card.createdAt,
  };
}

export type CardResponse = z.infer<typeof cardResponseSchema>;

/** What the transaction wizard and the filters use of a card: all a page sends of it for them. */
export function toCardOption({
  uuid,
  name,
  display_name,
  account,
  currency,
  mode,
  available_credit,
  current_balance,
  is_active,
}: CardResponse) {
  return { uuid, name, display_name, account, currency, mode, available_credit, current_balance, is_active };
}

export type CardOption = ReturnType<typeof toCardOption>;
