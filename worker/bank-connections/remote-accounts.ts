import { sql } from "drizzle-orm";
import { newId } from "../../db/ids.ts";
import { type bankConnections, bankRemoteAccounts } from "../../db/schema/index.ts";
import type { ServiceContext } from "../context.ts";
import { decimalToUnits, minorUnitOf } from "../ledger/amounts.ts";
import { pluggyOf, simplefinOf } from "./bank-provider-settings.ts";
import { BankProviderError, type BankProvider, type RemoteAccount } from "./providers/bank-provider.ts";
import { openSecret } from "./sealed-secrets.ts";

/**
 * What connecting and syncing share: a connection's provider and what reaches its bank, the accounts a
 * provider lists written onto the connection, and the status a provider's failure leaves.
 */

type ConnectionRow = typeof bankConnections.$inferSelect;

/** A signed decimal from a provider in minor units of its currency, or null when it is not one. */
export function signedUnits(text: string, currency: string): number | null {
  const trimmed = text.trim();
  const isNegative = trimmed.startsWith("-");
  const units = decimalToUnits(isNegative ? trimmed.slice(1) : trimmed.replace(/^\+/, ""), minorUnitOf(currency));
  if (units === null) return null;
  return isNegative ? -units : units;
}

/**
 * The accounts a provider listed, written onto the connection: new ones added undecided, known ones'
 * names, balances and card details brought up to date (their links stay). An account whose balance is not
 * a readable amount is left out, and logged.
 */
export function remoteAccountStatements(
  ctx: ServiceContext,
  connection: { id: string; workspaceId: string },
  remote: RemoteAccount[],
) {
  const now = ctx.clock.now().toISOString();
  const rows = remote.flatMap((account) => {
    const balanceUnits = signedUnits(account.balance, account.currency);
    if (balanceUnits === null) {
      ctx.log.warn("bank.account_unreadable", { connection_id: connection.id, field: "balance" });
      return [];
    }
    const limit = account.card?.creditLimit ? signedUnits(account.card.creditLimit, account.currency) : null;
    return [
      {
        id: newId(),
        workspaceId: connection.workspaceId,
        connectionId: connection.id,
        remoteId: account.remoteId,
        kind: account.kind,
        name: account.name,
        currency: account.currency.toUpperCase(),
        number: account.number,
        balanceUnits,
        balanceAt: account.balanceAt,
        creditLimitUnits: limit,
        closingDate: account.card?.closingDate ?? null,
        dueDate: account.card?.dueDate ?? null,
        createdAt: now,
      },
    ];
  });
  if (rows.length === 0) return [];
  return [
    ctx.db
      .insert(bankRemoteAccounts)
      .values(rows)
      .onConflictDoUpdate({
        target: [bankRemoteAccounts.connectionId, bankRemoteAccounts.remoteId],
        set: {
          name: sql`excluded.name`,
          number: sql`excluded.number`,
          balanceUnits: sql`excluded.balance_units`,
          balanceAt: sql`excluded.balance_at`,
          creditLimitUnits: sql`excluded.credit_limit_units`,
          closingDate: sql`excluded.closing_date`,
          dueDate: sql`excluded.due_date`,
        },
      }),
  ];
}

/** What reaches the connection's bank: Pluggy's item id, or SimpleFIN's access URL opened. */
export async function accessOf(
  ctx: ServiceContext,
  connection: Pick<ConnectionRow, "id" | "provider" | "externalId" | "sealedAccess">,
) {
  if (connection.provider === "pluggy") return connection.externalId;
  if (!connection.sealedAccess) return null;
  return openSecret(ctx.env.BANK_SECRETS_KEY, connection.id, connection.sealedAccess);
}

/** The status a provider's failure leaves a connection in. */
export function statusAfter(error: BankProviderError): ConnectionRow["status"] {
  if (error.failure === "credentials") return "needs_login";
  if (error.failure === "consent_expired") return "consent_expired";
  return "failing";
}

/** The provider a connection reads from, as this Worker is configured to reach it. */
export const providerOf = (ctx: ServiceContext, connection: Pick<ConnectionRow, "provider">): BankProvider =>
  connection.provider === "pluggy" ? pluggyOf(ctx.env) : simplefinOf(ctx.env).provider;

/** What reaches the bank, opened; a sealed access that no longer opens asks the person to connect again. */
export async function openedAccess(
  ctx: ServiceContext,
  connection: Pick<ConnectionRow, "id" | "provider" | "externalId" | "sealedAccess">,
): Promise<string> {
  const access = await accessOf(ctx, connection);
  if (access === null) throw new BankProviderError("credentials", "the sealed access does not open");
  return access;
}
