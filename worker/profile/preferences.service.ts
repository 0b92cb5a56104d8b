import { eq, inArray, or } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import { accounts, cards, tags, userPreferences, users, workspaceMembers } from "../../db/schema/index.ts";
import { sessionEnded } from "../access/session.ts";
import { AppError } from "../http/errors.ts";
import type { ErrorMessageKey, FieldMessages } from "../http/messages.ts";
import { can } from "../access/permissions.ts";
import type { UpdatePreferencesInput } from "./profile.schemas.ts";
import { toPreferencesResponse } from "./profile.mapper.ts";
import type { PersonCall, ActingContext, PersonActor } from "../access/actor.ts";
import { batchAsActor } from "../access/actor-access.ts";

/** An account, card or tag as the check needs it. */
type Owned = { id: string; workspaceId: string; isActive: boolean };

/** The default stored now (of one kind), as a subquery of the read batch. */
function storedDefault(ctx: ActingContext<PersonActor>, column: SQLiteColumn) {
  return ctx.db.select({ id: column }).from(userPreferences).where(eq(userPreferences.userId, ctx.actor.userId));
}

/**
 * The rows of the account, card or tag sent and of the one stored, in the read batch: which
 * workspace each belongs to, and whether it is archived, decide whether it may be the default.
 */
function sentAndStored(
  ctx: ActingContext<PersonActor>,
  table: typeof accounts | typeof cards,
  storedColumn: SQLiteColumn,
  sentId: string | null | undefined,
) {
  return ctx.db
    .select({ id: table.id, workspaceId: table.workspaceId, isActive: table.isActive })
    .from(table)
    .where(or(eq(table.id, sentId ?? ""), inArray(table.id, storedDefault(ctx, storedColumn))));
}

/**
 * PUT /profile/preferences: saves the chat-bot settings sent (the row is created on first
 * save); only the fields sent change. The default workspace must be one where the caller may
 * record money (a viewer's is refused), and the default account, card and tag must be of that
 * workspace, the account and card not archived. A sent id that does not fit is refused with 422
 * at its field (the same answer whether it does not exist or belongs to someone else, so nothing
 * leaks); a stored one that no longer fits — the workspace changed, the caller left it or became
 * a viewer, the account was archived — is cleared.
 */
export async function updatePreferences({ ctx, input }: PersonCall<UpdatePreferencesInput>) {
  const { people, storedRows, memberships, accountRows, cardRows, tagRows } = await batchAsActor(ctx, {
    people: ctx.db.select({ language: users.language }).from(users).where(eq(users.id, ctx.actor.userId)),
    storedRows: ctx.db.select().from(userPreferences).where(eq(userPreferences.userId, ctx.actor.userId)),
    memberships: ctx.db
      .select({ workspaceId: workspaceMembers.workspaceId, role: workspaceMembers.role })
      .from(workspaceMembers)
      .where(eq(workspaceMembers.userId, ctx.actor.userId)),
    accountRows: sentAndStored(ctx, accounts, userPreferences.defaultAccountId, input.default_account_uuid),
    cardRows: sentAndStored(ctx, cards, userPreferences.defaultCardId, input.default_card_uuid),
    tagRows: ctx.db
      .select({ id: tags.id, workspaceId: tags.workspaceId })
      .from(tags)
      .where(
        or(
          eq(tags.id, input.default_tag_uuid ?? ""),
          inArray(tags.id, storedDefault(ctx, userPreferences.defaultTagId)),
        ),
      ),
  });
  // A tag is never archived.
  const tagChoices: Owned[] = tagRows.map((row) => ({ ...row, isActive: true }));
  const person = people[0];
  if (!person) throw sessionEnded();
  const stored = storedRows[0];
  const roleIn = (workspaceId: string | null | undefined) =>
    memberships.find((row) => row.workspaceId === workspaceId)?.role;
  const mayWriteIn = (workspaceId: string | null | undefined) => {
    const role = roleIn(workspaceId);
    return role !== undefined && can(role, "finances.write");
  };

  const fieldErrors: FieldMessages = {};
  const refuse = (field: string, key: ErrorMessageKey) => {
    fieldErrors[field] = [{ key }];
  };
  if (input.default_workspace_uuid && !mayWriteIn(input.default_workspace_uuid)) {
    refuse(
      "default_workspace_uuid",
      roleIn(input.default_workspace_uuid) ? "errors:fields.writableWorkspaceChoice" : "errors:fields.workspaceChoice",
    );
  }
  const chosen =
    input.default_workspace_uuid !== undefined ? input.default_workspace_uuid : (stored?.defaultWorkspaceId ?? null);
  const workspaceId = mayWriteIn(chosen) ? chosen : null;
  const rowIn = (rows: Owned[], id: string) =>
    workspaceId === null ? undefined : rows.find((row) => row.id === id && row.workspaceId === workspaceId);
  const fits = (rows: Owned[], id: string) => rowIn(rows, id)?.isActive === true;

  const checks = [
    ["default_account_uuid", accountRows, "errors:fields.accountOfDefaultWorkspace", "errors:fields.accountArchived"],
    ["default_card_uuid", cardRows, "errors:fields.cardOfDefaultWorkspace", "errors:fields.cardArchived"],
    ["default_tag_uuid", tagChoices, "errors:fields.tagOfDefaultWorkspace", "errors:fields.tagOfDefaultWorkspace"],
  ] as const;
  for (const [field, rows, notInWorkspace, archived] of checks) {
    const sent = input[field];
    if (sent && !fits(rows, sent)) refuse(field, rowIn(rows, sent) ? archived : notInWorkspace);
  }
  if (Object.keys(fieldErrors).length > 0) {
    throw new AppError("VALIDATION_FAILED", undefined, { fieldErrors });
  }

  /** A default kept from before stays only while it still fits the (new) default workspace. */
  const kept = (sent: string | null | undefined, storedId: string | null | undefined, rows: Owned[]) =>
    sent !== undefined ? sent : storedId && fits(rows, storedId) ? storedId : null;
  const changes: Partial<typeof userPreferences.$inferInsert> = withoutUndefined({
    botEnabled: input.enabled,
    defaultWorkspaceId: workspaceId,
    defaultAccountId: kept(input.default_account_uuid, stored?.defaultAccountId, accountRows),
    defaultCardId: kept(input.default_card_uuid, stored?.defaultCardId, cardRows),
    defaultCurrency: input.default_currency,
    defaultTagId: kept(input.default_tag_uuid, stored?.defaultTagId, tagChoices),
    botLanguage: input.bot_language,
    autoCategorize: input.auto_categorize,
    requireConfirmation: input.require_confirmation,
  });
  const updatedAt = ctx.clock.now().toISOString();
  const [saved] = await ctx.db
    .insert(userPreferences)
    .values({ userId: ctx.actor.userId, botLanguage: person.language, ...changes, updatedAt })
    .onConflictDoUpdate({ target: userPreferences.userId, set: { ...changes, updatedAt } })
    .returning();
  return toPreferencesResponse(saved, person);
}

function withoutUndefined<T extends Record<string, unknown>>(record: T): Partial<T> {
  return Object.fromEntries(Object.entries(record).filter(([, value]) => value !== undefined)) as Partial<T>;
}
