import { asOfToday } from "../accounts/todays-balances.ts";
import { toAccountResponse } from "../accounts/accounts.mapper.ts";
import { addDays, todayIn } from "../ledger/dates.ts";
import { ledgerOptionsQueries } from "./transactions-page.service.ts";
import { suggestedRates } from "../currency/rate-queries.ts";
import type { WorkspaceRef } from "../access/workspace-access.ts";
import { toCardResponse } from "../cards/cards.mapper.ts";
import {
  cardStatementBasis,
  chargesWindowStart,
  listedStatements,
  monthAfter,
  monthBefore,
  statementQueries,
  statementWithLines,
  toStatementLine,
} from "../cards/statements.service.ts";
import type { PersonCall } from "../access/actor.ts";
import { readInWorkspace } from "../access/actor-access.ts";

type CardsPageInput = WorkspaceRef & {
  selectedCardId: string | null;
  /** The closing date of the statement to show in full; null: the open one. */
  selectedClosing: string | null;
  statementCount: number;
};

/**
 * The cards page in ONE round trip: the cards, the accounts and tags the card form and the
 * payment wizard offer and, when a card is chosen, its statements with the chosen one's lines (or,
 * for a card acting as debit, its latest purchases). Which period the lines belong to depends on
 * the card's billing day, read in the same batch, so the batch reads the months around the
 * closing date (or today) and the period is cut out here. A chosen card that is not in the
 * workspace selects nothing; `isStatementMissing` says the chosen statement is not one of the list.
 */
export async function getCardsPage({ ctx, input }: PersonCall<CardsPageInput>) {
  const { workspaceId, selectedCardId, selectedClosing, statementCount } = input;
  const utcToday = todayIn("UTC", ctx.clock.now());
  // The open statement's lines: the workspace's today may be UTC's yesterday or tomorrow.
  const lines = selectedClosing
    ? { from: monthBefore(selectedClosing), to: selectedClosing }
    : { from: monthBefore(addDays(utcToday, -1)), to: monthAfter(addDays(utcToday, 1)) };
  const {
    workspace,
    rows: {
      accountRows,
      cardRows,
      tagRows,
      rateRows,
      laterInflows,
      laterOutflows,
      laterCharges,
      laterCardPayments,
      ...statementRows
    },
  } = await readInWorkspace(ctx, workspaceId, "workspace.read", {
    ...ledgerOptionsQueries(ctx, workspaceId),
    ...statementQueries(ctx, {
      workspaceId,
      cardId: selectedCardId ?? "",
      since: chargesWindowStart(ctx, statementCount),
      lines,
      withRecentPurchases: true,
    }),
  });
  const today = todayIn(workspace.timeZone, ctx.clock.now());
  // Balances and debts as of today (README: "One balance").
  const ofToday = asOfToday(
    { accounts: accountRows, cards: cardRows },
    { laterInflows, laterOutflows, laterCharges, laterCardPayments },
    today,
    ctx.clock.now(),
  );
  const page = {
    cards: ofToday.cards.map((row) => toCardResponse(row.card, row.account)),
    accounts: ofToday.accounts.map(toAccountResponse),
    tags: tagRows,
    rates: suggestedRates(
      rateRows,
      accountRows.map((row) => row.currency),
    ),
    today,
  };
  const basis = selectedCardId ? cardStatementBasis(ctx, workspace, statementRows) : null;
  if (!basis) return { ...page, statements: null, isStatementMissing: false };
  const statements = listedStatements(basis, statementRows, statementCount);
  // Unless one is chosen, the open statement: later ones (installments) come first in the list.
  const closing =
    selectedClosing ?? (statements.find((statement) => statement.status === "open") ?? statements[0])?.closing_date;
  const isListed = statements.some((statement) => statement.closing_date === closing);
  return {
    ...page,
    statements: {
      card: basis.card,
      statements,
      selected: closing && isListed ? statementWithLines(basis, statementRows, closing) : null,
      recentPurchases: basis.hasStatements
        ? []
        : (statementRows.recentPurchases ?? []).map((line) => toStatementLine(line, basis.card.currency)),
    },
    isStatementMissing: selectedClosing !== null && !isListed,
  };
}
