import { eq, inArray, or } from "drizzle-orm";
import { accounts, tags, userPreferences, users, workspaceMembers } from "../../db/schema/index.ts";
import { sessionEnded } from "../auth/session.ts";
import { AppError } from "../http/errors.ts";
import type { FieldMessages } from "../http/messages.ts";
import type { UpdatePreferencesInput } from "./profile.schemas.ts";
import { toPreferencesResponse } from "./profile.mapper.ts";
import type { PersonCall, ActingContext, PersonActor } from "../auth/actor.ts";
import { batchAsActor } from "../auth/actor-access.ts";

type Owned = { id: string; workspaceId: string };

/**
 * The rows (id, workspace) of the account or tag sent and of the one stored, in the read batch:
 * which workspace each belongs to decides whether it may stay the default.
 */
function sentAndStored(
  ctx: ActingContext<PersonActor>,
  table: typeof accounts | typeof tags,
  sentId: string | null | undefined,
) {
  const storedColumn = table === accounts ? userPreferences.defaultAccountId : userPreferences.defaultTagId;
  const stored = ctx.db
    .select({ id: storedColumn })
    .from(userPreferences)
    .where(eq(userPreferences.userId, ctx.actor.userId));
  return ctx.db
    .select({ id: table.id, workspaceId: table.workspaceId })
    .from(table)
    .where(or(eq(table.id, sentId ?? ""), inArray(table.id, stored)));
}

/**
 * PUT /profile/preferences: saves the chat-bot settings sent (the row is created on first
 * save); only the fields sent change. Every id stored must be the caller's: the default
 * workspace one they are a member of, the default account and tag of that workspace. A sent id
 * that is not is refused with 422 at its field (the same answer whether it does not exist or
 * belongs to someone else, so nothing leaks); a stored one that no longer fits — the workspace
 * changed, or the caller left it — is cleared.
 */
export async function updatePreferences({ ctx, input }: PersonCall<UpdatePreferencesInput>) {
  const { people, storedRows, memberships, accountRows, tagRows } = await batchAsActor(ctx, {
    people: ctx.db.select({ language: users.language }).from(users).where(eq(users.id, ctx.actor.userId)),
    storedRows: ctx.db.select().from(userPreferences).where(eq(userPreferences.userId, ctx.actor.userId)),
    memberships: ctx.db
      .select({ workspaceId: workspaceMembers.workspaceId })
      .from(workspaceMembers)
      .where(eq(workspaceMembers.userId, ctx.actor.userId)),
    accountRows: sentAndStored(ctx, accounts, input.default_account_uuid),
    tagRows: sentAndStored(ctx, tags, input.default_tag_uuid),
  });
  const person = people[0];
  if (!person) throw sessionEnded();
  const stored = storedRows[0];
  const isMemberOf = (workspaceId: string | null | undefined) =>
    memberships.some((row) => row.workspaceId === workspaceId);

  const fieldErrors: FieldMessages = {};
  if (input.default_workspace_uuid && !isMemberOf(input.default_workspace_uuid)) {
    fieldErrors.default_workspace_uuid = [{ key: "errors:fields.workspaceChoice" }];
  }
  const chosen =
    input.default_workspace_uuid !== undefined ? input.default_workspace_uuid : (stored?.defaultWorkspaceId ?? null);
  const workspaceId = isMemberOf(chosen) ? chosen : null;
  const isInWorkspace = (rows: Owned[], id: string) =>
    workspaceId !== null && rows.some((row) => row.id === id && row.workspaceId === workspaceId);
  if (input.default_account_uuid && !isInWorkspace(accountRows, input.default_account_uuid)) {
    fieldErrors.default_account_uuid = [{ key: "errors:fields.accountOfDefaultWorkspace" }];
  }
  if (input.default_tag_uuid && !isInWorkspace(tagRows, input.default_tag_uuid)) {
    fieldErrors.default_tag_uuid = [{ key: "errors:fields.tagOfDefaultWorkspace" }];
  }
  if (Object.keys(fieldErrors).length > 0) {
    throw new AppError("VALIDATION_FAILED", undefined, { fieldErrors });
  }

  /** A default kept from before stays only while it still fits the (new) default workspace. */
  const kept = (sent: string | null | undefined, storedId: string | null | undefined, rows: Owned[]) =>
    sent !== undefined ? sent : storedId && isInWorkspace(rows, storedId) ? storedId : null;
  const changes: Partial<typeof userPreferences.$inferInsert> = withoutUndefined({
    botEnabled: input.enabled,
    defaultWorkspaceId: workspaceId,
    defaultAccountId: kept(input.default_account_uuid, stored?.defaultAccountId, accountRows),
    defaultCurrency: input.default_currency,
    defaultTagId: kept(input.default_tag_uuid, stored?.defaultTagId, tagRows),
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
