import { and, asc, eq, inArray } from "drizzle-orm";
import type { RowsByName } from "../../db/named-batch.ts";
import { accounts, cards, tags, workspaceMembers } from "../../db/schema/index.ts";
import type { ServiceContext } from "../context.ts";
import { rolesAllowed } from "../access/permissions.ts";

/** What the settings page offers as the assistant's defaults in one workspace: active accounts and cards, and tags. */
export type PreferenceChoices = {
  accounts: Array<{ uuid: string; name: string; currency: string }>;
  cards: Array<{ uuid: string; name: string; last_four_digits: string | null }>;
  tags: Array<{ uuid: string; name: string }>;
};

/**
 * The reads behind the settings page's default pickers, for every workspace where the user may
 * record money — a few rows each, so the page has them all in its one round trip and switching
 * the default workspace needs no request.
 */
export function preferenceChoicesQueries(ctx: ServiceContext, userId: string) {
  const writable = ctx.db
    .select({ id: workspaceMembers.workspaceId })
    .from(workspaceMembers)
    .where(
      and(eq(workspaceMembers.userId, userId), inArray(workspaceMembers.role, [...rolesAllowed["finances.write"]])),
    );
  return {
    choiceAccounts: ctx.db
      .select({
        uuid: accounts.id,
        workspaceId: accounts.workspaceId,
        name: accounts.name,
        currency: accounts.currency,
      })
      .from(accounts)
      .where(and(inArray(accounts.workspaceId, writable), eq(accounts.isActive, true)))
      .orderBy(asc(accounts.name), asc(accounts.id)),
    choiceCards: ctx.db
      .select({
        uuid: cards.id,
        workspaceId: cards.workspaceId,
        name: cards.name,
        last_four_digits: cards.lastFourDigits,
      })
      .from(cards)
      .where(and(inArray(cards.workspaceId, writable), eq(cards.isActive, true)))
      .orderBy(asc(cards.name), asc(cards.id)),
    choiceTags: ctx.db
      .select({ uuid: tags.id, workspaceId: tags.workspaceId, name: tags.name })
      .from(tags)
      .where(inArray(tags.workspaceId, writable))
      .orderBy(asc(tags.name), asc(tags.id)),
  };
}

type ChoiceRows = RowsByName<ReturnType<typeof preferenceChoicesQueries>>;

/** The choices grouped by workspace id; a writable workspace with none still has its (empty) entry. */
export function toPreferenceChoices(
  writableWorkspaceIds: readonly string[],
  { choiceAccounts, choiceCards, choiceTags }: ChoiceRows,
): Record<string, PreferenceChoices> {
  const of = <Row extends { workspaceId: string }>(rows: Row[], workspaceId: string) =>
    rows.filter((row) => row.workspaceId === workspaceId).map(({ workspaceId: _, ...rest }) => rest);
  return Object.fromEntries(
    writableWorkspaceIds.map((workspaceId) => [
      workspaceId,
      {
        accounts: of(choiceAccounts, workspaceId),
        cards: of(choiceCards, workspaceId),
        tags: of(choiceTags, workspaceId),
      },
    ]),
  );
}
