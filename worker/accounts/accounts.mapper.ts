import type { accounts } from "../../db/schema/index.ts";
import { centsToDecimal } from "../ledger/money.ts";

export type AccountRow = typeof accounts.$inferSelect;

/** SPEC §3 Account, as the API returns it; amounts are decimal strings. */
export function toAccountResponse(account: AccountRow) {
  return {
    uuid: account.id,
    name: account.name,
    type: account.type,
    currency: account.currency,
    balance: centsToDecimal(account.balanceCents),
    balance_cents: account.balanceCents,
    initial_balance: centsToDecimal(account.initialBalanceCents),
    color: account.color,
    icon: account.icon,
    is_active: account.isActive,
    created_at: account.createdAt,
    updated_at: account.updatedAt,
  };
}

export type AccountResponse = ReturnType<typeof toAccountResponse>;
