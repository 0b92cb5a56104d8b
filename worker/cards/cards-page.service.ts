import { accountsQuery } from "../accounts/accounts.service.ts";
import { toAccountResponse } from "../accounts/accounts.mapper.ts";
import type { WorkspaceRef } from "../workspaces/workspaces.service.ts";
import { statementQueries, statementsFrom } from "./card-money.service.ts";
import { toCardResponse } from "./cards.mapper.ts";
import { cardsWithAccountsQuery } from "./cards.service.ts";
import type { PersonCall } from "../auth/actor.ts";
import { readInWorkspace } from "../auth/actor-access.ts";

/**
 * The cards page in ONE round trip: the cards, the accounts the form offers and, when a card is
 * chosen, its statements. A chosen card that is not in the workspace selects nothing.
 */
export async function getCardsPage({
  ctx,
  input,
}: PersonCall<WorkspaceRef & { selectedCardId: string | null; statementCount: number }>) {
  const {
    workspace,
    rows: { cardRows, accountRows, ...statementRows },
  } = await readInWorkspace(ctx, input.workspaceId, "workspace.read", {
    cardRows: cardsWithAccountsQuery(ctx, input.workspaceId),
    accountRows: accountsQuery(ctx, input.workspaceId),
    ...statementQueries(ctx, input.workspaceId, input.selectedCardId ?? "", input.statementCount),
  });
  return {
    cards: cardRows.map((row) => toCardResponse(row.card, row.account)),
    accounts: accountRows.map(toAccountResponse),
    statements: input.selectedCardId ? statementsFrom(ctx, workspace, statementRows, input.statementCount) : null,
  };
}
