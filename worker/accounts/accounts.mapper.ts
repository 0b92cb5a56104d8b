import type { accounts } from "../../db/schema/index.ts";
import type { z } from "zod";
import { unitsToDecimal } from "../ledger/money.ts";
import type { accountResponseSchema } from "./accounts.responses.ts";

export type AccountRow = typeof accounts.$inferSelect;

/** An account as the API returns it (./accounts.responses.ts); amounts are decimal strings. */
export function toAccountResponse(account: AccountRow): AccountResponse {
  return {
    uuid: account.id,
    name: account.name,
    type: account.type,
    currency: account.currency,
    balance: unitsToDecimal(account.balanceCents, account.currency),
    balance_cents: account.balanceCents,
    initial_balance: unitsToDecimal(account.initialBalanceCents, account.currency),
    color: account.color,
    icon: account.icon,
    is_active: account.isActive,
    created_at: account.createdAt,
    updated_at: account.updatedAt,
  };
}

export type AccountResponse = z.infer<typeof accountResponseSchema>;

/** What the transaction wizard and the filters use of an account: all a page sends of it for them. */
export function toAccountOption({ uuid, name, currency, balance_cents, is_active }: AccountResponse) {
  return { uuid, name, currency, balance_cents, is_active };
}

export type AccountOption = ReturnType<typeof toAccountOption>;
