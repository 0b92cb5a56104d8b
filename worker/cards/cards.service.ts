import { and, asc, count, eq, notExists, or, sql } from "drizzle-orm";
import { isUuid, newId } from "../../db/ids.ts";
import { reusableRead } from "../../db/reusable-read.ts";
import { accounts, cards, transactions } from "../../db/schema/index.ts";
import type { ServiceContext } from "../context.ts";
import { AppError, fieldError } from "../http/errors.ts";
import type { ErrorMessageKey } from "../http/messages.ts";
import { accountNotFound, accountQuery, type AccountRef } from "../accounts/accounts.service.ts";
import type { WorkspaceRef } from "../access/workspace-access.ts";
import { asOfToday, laterMovementQueries, type LaterMovement } from "../accounts/todays-balances.ts";
import { todayIn } from "../ledger/dates.ts";
import { toCardResponse } from "./cards.mapper.ts";

type CardRow = typeof cards.$inferSelect;
type AccountRow = typeof accounts.$inferSelect;
import type { CardInput } from "./cards.schemas.ts";
import type { ActingContext, ServiceCall } from "../access/actor.ts";
import { runLedgerBatch } from "../ledger/apply-effects.ts";
import { unitsIn } from "../ledger/amount-in-currency.ts";
import { readInWorkspace, actorStillMay } from "../access/actor-access.ts";

export type CardRef = WorkspaceRef & { cardId: string };

export const cardNotFound = () => new AppError("NOT_FOUND", "errors:details.cardNotFound");

const idOrNothing = (id: string) => (isUuid(id) ? id : "");

const cardsWithAccountsOfWorkspace = reusableRead<{ workspaceId: string }>()((db, value) =>
  db
    .select({ card: cards, account: accounts })
    .from(cards)
    .innerJoin(accounts, eq(accounts.id, cards.accountId))
    .where(eq(cards.workspaceId, value("workspaceId")))
    .orderBy(asc(cards.createdAt), asc(cards.id)),
);

export function cardsWithAccountsQuery(_ctx: ServiceContext, workspaceId: string) {
  return cardsWithAccountsOfWorkspace({ workspaceId });
}

export function cardQuery(ctx: ServiceContext, workspaceId: string, cardId: string) {
  return ctx.db
    .select({ card: cards, account: accounts })
    .from(cards)
    .innerJoin(accounts, eq(accounts.id, cards.accountId))
    .where(and(eq(cards.workspaceId, workspaceId), eq(cards.id, idOrNothing(cardId))));
}

/** Cards with their accounts as of today: debts and balances less what is dated later (README: "One balance"). */
function cardsOfToday(
  ctx: ServiceContext,
  workspace: { timeZone: string },
  rows: { card: CardRow; account: AccountRow }[],
  later: LaterMovement,
) {
  const now = ctx.clock.now();
  return asOfToday({ accounts: [], cards: rows }, later, todayIn(workspace.timeZone, now), now).cards;
}

export async function listCards({ ctx, input }: ServiceCall<WorkspaceRef>) {
  const {
    workspace,
    rows: { cardsWithAccounts, ...later },
  } = await readInWorkspace(ctx, input.workspaceId, "workspace.read", {
    cardsWithAccounts: cardsWithAccountsQuery(ctx, input.workspaceId),
    ...laterMovementQueries(ctx, input.workspaceId),
  });
  return cardsOfToday(ctx, workspace, cardsWithAccounts, later).map((row) => toCardResponse(row.card, row.account));
}

/** GET /accounts/{id}/cards */
export async function listCardsOfAccount({ ctx, input }: ServiceCall<AccountRef>) {
  const {
    workspace,
    rows: { account, rows, ...later },
  } = await readInWorkspace(ctx, input.workspaceId, "workspace.read", {
    account: accountQuery(ctx, input.workspaceId, input.accountId),
    rows: cardsWithAccountsQuery(ctx, input.workspaceId),
    ...laterMovementQueries(ctx, input.workspaceId),
  });
  if (!account[0]) throw accountNotFound();
  return cardsOfToday(ctx, workspace, rows, later)
    .filter((row) => row.card.accountId === account[0]!.id)
    .map((row) => toCardResponse(row.card, row.account));
}

export async function getCard({ ctx, input }: ServiceCall<CardRef>) {
  const {
    workspace,
    rows: { card, ...later },
  } = await readInWorkspace(ctx, input.workspaceId, "workspace.read", {
    card: cardQuery(ctx, input.workspaceId, input.cardId),
    ...laterMovementQueries(ctx, input.workspaceId),
  });
  const row = cardsOfToday(ctx, workspace, card, later)[0];
  if (!row) throw cardNotFound();
  return toCardResponse(row.card, row.account);
}

/** The card's columns; the limit in the minor units of its account's currency. */
function cardColumns(input: CardInput, currency: string) {
  return {
    name: input.name,
    accountId: input.account_uuid.toLowerCase(),
    lastFourDigits: input.last_four_digits ?? null,
    issuer: input.issuer ?? null,
    expiryDate: input.expiry_date ?? null,
    type: input.type,
    mode: input.mode,
    creditLimitCents: input.credit_limit == null ? null : unitsIn(input.credit_limit, currency, "credit_limit"),
    billingCycleDay: input.billing_cycle_day,
    dueDay: input.due_day,
    color: input.color,
    icon: input.icon,
  };
}

const accountField = (message: ErrorMessageKey) => fieldError("account_uuid", message);

/** POST /cards: on an active account of this workspace. */
export async function createCard({ ctx, input }: ServiceCall<WorkspaceRef & CardInput>) {
  const {
    rows: { found },
  } = await readInWorkspace(ctx, input.workspaceId, "finances.write", {
    found: accountQuery(ctx, input.workspaceId, input.account_uuid),
  });
  const account = found[0];
  if (!account) throw accountField("errors:fields.accountRequired");
  if (!account.isActive) throw accountField("errors:fields.accountArchived");
  // An account deleted since the read fails the foreign key: 409, not a 500.
  const [card] = await runLedgerBatch(
    ctx.db
      .insert(cards)
      .values({
        id: newId(),
        workspaceId: input.workspaceId,
        ...cardColumns(input, account.currency),
        createdAt: ctx.clock.now().toISOString(),
      })
      .returning(),
  );
  return toCardResponse(card!, account);
}

const usesCard = (workspaceId: string, cardId: string) =>
  and(
    eq(transactions.workspaceId, workspaceId),
    or(eq(transactions.originCardId, cardId), eq(transactions.destinationCardId, cardId)),
  );

function cardUsageQuery(ctx: ServiceContext, workspaceId: string, cardId: string) {
  return ctx.db
    .select({ total: count() })
    .from(transactions)
    .where(usesCard(workspaceId, idOrNothing(cardId)));
}

/**
 * PUT /cards/{id}. A card with debt cannot stop acting as credit (its debt would have nowhere
 * to go), and a card with history cannot move to an account in another currency.
 */
export async function updateCard({ ctx, input }: ServiceCall<CardRef & CardInput>) {
  const {
    rows: { found, targetAccounts, usage },
  } = await readInWorkspace(ctx, input.workspaceId, "finances.write", {
    found: cardQuery(ctx, input.workspaceId, input.cardId),
    targetAccounts: accountQuery(ctx, input.workspaceId, input.account_uuid),
    usage: cardUsageQuery(ctx, input.workspaceId, input.cardId),
  });
  const current = found[0];
  if (!current) throw cardNotFound();
  const account = targetAccounts[0];
  if (!account) throw accountField("errors:fields.accountRequired");
  if (!account.isActive && account.id !== current.account.id) throw accountField("errors:fields.accountArchived");
  if (current.card.debtCents !== 0 && input.mode !== "credit") {
    throw new AppError("CARD_HAS_DEBT");
  }
  if (usage[0]!.total > 0 && account.currency !== current.account.currency) {
    throw accountField("errors:fields.cardAccountCurrency");
  }
  const [card] = await ctx.db
    .update(cards)
    .set({
      ...cardColumns(input, account.currency),
      ...(input.is_active !== undefined ? { isActive: input.is_active } : {}),
      updatedAt: ctx.clock.now().toISOString(),
    })
    .where(and(eq(cards.id, current.card.id), actorStillMay(ctx, input.workspaceId, "finances.write")))
    .returning();
  if (!card) throw cardNotFound();
  return toCardResponse(card, account);
}

/**
 * Archive (is_active false) or restore a card: it keeps its history and statements but is not
 * offered for new transactions. The card form's PUT can do it too; this is the one-click path.
 */
export async function setCardActive({ ctx, input }: ServiceCall<CardRef & { isActive: boolean }>) {
  const {
    rows: { found },
  } = await readInWorkspace(ctx, input.workspaceId, "finances.write", {
    found: cardQuery(ctx, input.workspaceId, input.cardId),
  });
  const current = found[0];
  if (!current) throw cardNotFound();
  const [card] = await ctx.db
    .update(cards)
    .set({ isActive: input.isActive, updatedAt: ctx.clock.now().toISOString() })
    .where(and(eq(cards.id, current.card.id), actorStillMay(ctx, input.workspaceId, "finances.write")))
    .returning();
  if (!card) throw cardNotFound();
  return toCardResponse(card, current.account);
}

/** DELETE /cards/{id}: only a card nothing was recorded on; otherwise archive it. */
export async function deleteCard({ ctx, input }: ServiceCall<CardRef>) {
  const card = await readDeletableCard(ctx, input);
  // Re-checked by the statement: a purchase recorded since the read keeps the card (409 below, not a foreign-key 500).
  const deleted = await ctx.db
    .delete(cards)
    .where(
      and(
        eq(cards.id, card.id),
        actorStillMay(ctx, input.workspaceId, "finances.write"),
        notExists(ctx.db.select({ one: sql`1` }).from(transactions).where(usesCard(input.workspaceId, card.id))),
      ),
    );
  if (deleted.rowsAffected !== 1) {
    await readDeletableCard(ctx, input);
    throw cardNotFound();
  }
  return { message: "Card deleted" };
}

async function readDeletableCard(ctx: ActingContext, input: CardRef) {
  const {
    rows: { found, usage },
  } = await readInWorkspace(ctx, input.workspaceId, "finances.write", {
    found: cardQuery(ctx, input.workspaceId, input.cardId),
    usage: cardUsageQuery(ctx, input.workspaceId, input.cardId),
  });
  if (!found[0]) throw cardNotFound();
  if (usage[0]!.total > 0) {
    throw new AppError("CARD_HAS_TRANSACTIONS");
  }
  return found[0].card;
}
