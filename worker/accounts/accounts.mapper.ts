import type { accounts } from "../../db/schema/index.ts";
import { unitsToDecimal } from "../ledger/money.ts";

export type AccountRow = typeof accounts.$inferSelect;

/** SPEC §3 Account, as the API returns it; amounts are decimal strings. */
export function toAccountResponse(account: AccountRow) {
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

export type AccountResponse = ReturnType<typeof toAccountResponse>;

/** What the transaction wizard and the filters use of an account: all a page sends of it for them. */
export function toAccountOption({ uuid, name, currency, balance_cents, is_active }: AccountResponse) {
  return { uuid, name, currency, balance_cents, is_active };
}

export type AccountOption = ReturnType<typeof toAccountOption>;
