import { and, asc, count, eq, notExists, or, sql } from "drizzle-orm";
import { isUuid, newId } from "../../db/ids.ts";
import { reusableRead } from "../../db/reusable-read.ts";
import { accounts, cards, transactions } from "../../db/schema/index.ts";
import type { ServiceContext } from "../context.ts";
import { AppError, fieldError } from "../http/errors.ts";
import { accountsUsedQuery, workspaceOwnerTierQuery } from "../tiers/tier-queries.ts";
import { accountUsage, resolveTier } from "../tiers/tiers.ts";
import type { WorkspaceRef } from "../access/workspace-access.ts";
import { type AccountRow, toAccountResponse } from "./accounts.mapper.ts";
import type { Currency } from "../../db/enums.ts";
import { hundredthsToUnits, unitsToHundredths } from "../ledger/amounts.ts";
import { unitsIn } from "../ledger/amount-in-currency.ts";
import { asOfToday, laterMovementQueries } from "./todays-balances.ts";
import { todayIn } from "../ledger/dates.ts";
import type { CreateAccountInput, UpdateAccountInput } from "./accounts.schemas.ts";
import type { ActingContext, PersonCall, ServiceCall } from "../access/actor.ts";
import { readInWorkspace, actorStillMay } from "../access/actor-access.ts";

export type AccountRef = WorkspaceRef & { accountId: string };

export const accountNotFound = () => new AppError("NOT_FOUND", "errors:details.accountNotFound");

export function accountQuery(ctx: ServiceContext, workspaceId: string, accountId: string) {
  return ctx.db
    .select()
    .from(accounts)
    .where(and(eq(accounts.workspaceId, workspaceId), eq(accounts.id, isUuid(accountId) ? accountId : "")));
}

const accountsOfWorkspace = reusableRead<{ workspaceId: string }>()((db, value) =>
  db
    .select()
    .from(accounts)
    .where(eq(accounts.workspaceId, value("workspaceId")))
    .orderBy(asc(accounts.createdAt), asc(accounts.id)),
);

export function accountsQuery(_ctx: ServiceContext, workspaceId: string) {
  return accountsOfWorkspace({ workspaceId });
}

/** GET /accounts: every account, archived ones included (flagged `is_active: false`), with its balance as of today. */
export async function listAccounts({ ctx, input }: ServiceCall<WorkspaceRef>) {
  const {
    workspace,
    rows: { accounts, ...later },
  } = await readInWorkspace(ctx, input.workspaceId, "workspace.read", {
    accounts: accountsQuery(ctx, input.workspaceId),
    ...laterMovementQueries(ctx, input.workspaceId),
  });
  const now = ctx.clock.now();
  return asOfToday({ accounts }, later, todayIn(workspace.timeZone, now), now).accounts.map(toAccountResponse);
}

/** The accounts page in one round trip: every account (its balance as of today) and the plan's account usage. */
export async function getAccountsPage({ ctx, input }: PersonCall<WorkspaceRef>) {
  const {
    workspace,
    rows: { rows, owners, ...later },
  } = await readInWorkspace(ctx, input.workspaceId, "workspace.read", {
    rows: accountsQuery(ctx, input.workspaceId),
    owners: workspaceOwnerTierQuery(ctx, input.workspaceId),
    ...laterMovementQueries(ctx, input.workspaceId),
  });
  const tier = resolveTier(owners[0] ?? { tier: "free", hasBetaAccess: false });
  const now = ctx.clock.now();
  const accountsOfToday = asOfToday({ accounts: rows }, later, todayIn(workspace.timeZone, now), now).accounts;
  // Every account counts towards the limit, archived ones too (accountsUsedQuery).
  return { accounts: accountsOfToday.map(toAccountResponse), usage: accountUsage(tier, rows.length) };
}

export async function getAccount({ ctx, input }: ServiceCall<AccountRef>) {
  const {
    workspace,
    rows: { found, ...later },
  } = await readInWorkspace(ctx, input.workspaceId, "workspace.read", {
    found: accountQuery(ctx, input.workspaceId, input.accountId),
    ...laterMovementQueries(ctx, input.workspaceId, isUuid(input.accountId) ? input.accountId : ""),
  });
  const now = ctx.clock.now();
  const account = asOfToday({ accounts: found }, later, todayIn(workspace.timeZone, now), now).accounts[0];
  if (!account) throw accountNotFound();
  return toAccountResponse(account);
}

/** POST /accounts: refused when the workspace's plan has no accounts left. */
export async function createAccount({ ctx, input }: ServiceCall<WorkspaceRef & CreateAccountInput>) {
  const {
    workspace,
    rows: { owners, used },
  } = await readInWorkspace(ctx, input.workspaceId, "finances.write", {
    owners: workspaceOwnerTierQuery(ctx, input.workspaceId),
    used: accountsUsedQuery(ctx, input.workspaceId),
  });
  const tier = resolveTier(owners[0] ?? { tier: "free", hasBetaAccess: false });
  const usage = accountUsage(tier, used[0]?.used ?? 0);
  if (!usage.canCreate) {
    throw new AppError("LIMIT_REACHED", {
      key: "errors:details.accountLimit",
      values: { plan: tier.label, limit: usage.limit ?? 0 },
    });
  }
  const currency = input.currency ?? workspace.currency;
  const balanceUnits = unitsIn(input.balance, currency, "balance");
  const [created] = await ctx.db
    .insert(accounts)
    .values({
      id: newId(),
      workspaceId: input.workspaceId,
      name: input.name,
      type: input.type,
      currency,
      initialBalanceCents: balanceUnits,
      balanceCents: balanceUnits,
      color: input.color,
      icon: input.icon,
      createdAt: ctx.clock.now().toISOString(),
    })
    .returning();
  return toAccountResponse(created!);
}

const usesAccount = (workspaceId: string, accountId: string) =>
  and(
    eq(transactions.workspaceId, workspaceId),
    or(eq(transactions.originAccountId, accountId), eq(transactions.destinationAccountId, accountId)),
  );

function usageOfAccountQuery(ctx: ServiceContext, workspaceId: string, accountId: string) {
  const id = isUuid(accountId) ? accountId : "";
  return {
    used: ctx.db.select({ total: count() }).from(transactions).where(usesAccount(workspaceId, id)),
    withCards: ctx.db
      .select({ total: count() })
      .from(cards)
      .where(and(eq(cards.workspaceId, workspaceId), eq(cards.accountId, id))),
  };
}

/** PUT /accounts/{id}: name, type, colour, icon, archive; the currency only while nothing was recorded in it. */
export async function updateAccount({ ctx, input }: ServiceCall<AccountRef & UpdateAccountInput>) {
  const {
    rows: { found, used, withCards },
  } = await readInWorkspace(ctx, input.workspaceId, "finances.write", {
    found: accountQuery(ctx, input.workspaceId, input.accountId),
    ...usageOfAccountQuery(ctx, input.workspaceId, input.accountId),
  });
  const account = found[0];
  if (!account) throw accountNotFound();
  if (input.currency && input.currency !== account.currency && (used[0]!.total > 0 || withCards[0]!.total > 0)) {
    throw fieldError("currency", "errors:fields.currencyLocked", {
      code: "ACCOUNT_CURRENCY_LOCKED",
      message: "errors:ACCOUNT_CURRENCY_LOCKED",
    });
  }
  const newCurrency = input.currency !== undefined && input.currency !== account.currency ? input.currency : null;
  // Nothing was recorded, so the balance is the opening one: the same amount in the new currency's
  // places (R$ 10,50 → ¥ refused, not rounded), and only while the balance is still the one read.
  const rescaled = newCurrency && rescaledBalance(account, newCurrency);
  const [updated] = await ctx.db
    .update(accounts)
    .set({
      ...(input.name !== undefined ? { name: input.name } : {}),
      ...(input.type !== undefined ? { type: input.type } : {}),
      ...(rescaled
        ? { currency: rescaled.currency, initialBalanceCents: rescaled.units, balanceCents: rescaled.units }
        : {}),
      ...(input.color !== undefined ? { color: input.color } : {}),
      ...(input.icon !== undefined ? { icon: input.icon } : {}),
      ...(input.is_active !== undefined ? { isActive: input.is_active } : {}),
      updatedAt: ctx.clock.now().toISOString(),
    })
    .where(
      and(
        eq(accounts.id, account.id),
        actorStillMay(ctx, input.workspaceId, "finances.write"),
        rescaled ? eq(accounts.balanceCents, account.balanceCents) : undefined,
      ),
    )
    .returning();
  if (!updated) throw accountNotFound();
  return toAccountResponse(updated);
}

/** An unused account's opening balance in another currency's minor units; a field error when it has decimals that one lacks. */
function rescaledBalance(account: AccountRow, currency: Currency) {
  const units = hundredthsToUnits(unitsToHundredths(account.initialBalanceCents, account.currency), currency);
  if (units === null) throw fieldError("currency", "errors:fields.amountWholeUnits", { values: { currency } });
  return { currency, units };
}

/** DELETE /accounts/{id}: only an account nothing was recorded in; otherwise archive it. */
export async function deleteAccount({ ctx, input }: ServiceCall<AccountRef>) {
  const account = await readDeletableAccount(ctx, input);
  // The statement re-checks the role and that nothing uses the account, so a transaction or card
  // recorded since the read keeps it (their foreign keys would otherwise fail the delete as a 500).
  const deleted = await ctx.db.delete(accounts).where(
    and(
      eq(accounts.id, account.id),
      actorStillMay(ctx, input.workspaceId, "finances.write"),
      notExists(ctx.db.select({ one: sql`1` }).from(transactions).where(usesAccount(input.workspaceId, account.id))),
      notExists(
        ctx.db
          .select({ one: sql`1` })
          .from(cards)
          .where(and(eq(cards.workspaceId, input.workspaceId), eq(cards.accountId, account.id))),
      ),
    ),
  );
  // Refused by a write that came in between: read again to answer what changed (409, 403 or 404).
  if (deleted.rowsAffected !== 1) {
    await readDeletableAccount(ctx, input);
    throw accountNotFound();
  }
  return { message: "Account deleted" };
}

/** The account, when nothing records money in it and no card is linked to it (409 otherwise). */
async function readDeletableAccount(ctx: ActingContext, input: AccountRef) {
  const {
    rows: { found, used, withCards },
  } = await readInWorkspace(ctx, input.workspaceId, "finances.write", {
    found: accountQuery(ctx, input.workspaceId, input.accountId),
    ...usageOfAccountQuery(ctx, input.workspaceId, input.accountId),
  });
  if (!found[0]) throw accountNotFound();
  if (used[0]!.total > 0) {
    throw new AppError("ACCOUNT_HAS_TRANSACTIONS");
  }
  if (withCards[0]!.total > 0) {
    throw new AppError("ACCOUNT_HAS_CARDS");
  }
  return found[0];
}
