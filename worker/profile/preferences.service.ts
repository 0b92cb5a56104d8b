import { eq } from "drizzle-orm";
import { userPreferences, users } from "../../db/schema/index.ts";
import { batchAsCaller, sessionEnded, type Caller } from "../auth/session.ts";
import type { ServiceContext } from "../context.ts";
import { AppError } from "../http/errors.ts";
import { membershipQuery } from "../workspaces/workspace-access.ts";
import type { UpdatePreferencesInput } from "./profile.schemas.ts";
import { toPreferencesResponse } from "./profile.mapper.ts";

/**
 * PUT /profile/preferences: saves the chat-bot settings sent (the row is created on first
 * save). The default workspace must be one of the caller's; accounts and tags are checked
 * once they exist.
 */
export async function updatePreferences(ctx: ServiceContext, caller: Caller, input: UpdatePreferencesInput) {
  const workspaceId = input.default_workspace_uuid ?? null;
  const [accounts, membership] = await batchAsCaller(ctx, caller, [
    ctx.db.select({ language: users.language }).from(users).where(eq(users.id, caller.userId)),
    // With no workspace chosen this matches nothing and is not consulted.
    membershipQuery(ctx, caller, workspaceId ?? ""),
  ]);
  const account = accounts[0];
  if (!account) throw sessionEnded();
  if (workspaceId && membership.length === 0) {
    throw new AppError("VALIDATION_FAILED", "Some fields need your attention.", {
      fieldErrors: { default_workspace_uuid: ["Choose one of your workspaces"] },
    });
  }
  const changes: Partial<typeof userPreferences.$inferInsert> = withoutUndefined({
    botEnabled: input.enabled,
    defaultWorkspaceId: input.default_workspace_uuid,
    defaultAccountId: input.default_account_uuid,
    defaultCurrency: input.default_currency,
    defaultTagId: input.default_tag_uuid,
    botLanguage: input.bot_language,
    autoCategorize: input.auto_categorize,
    requireConfirmation: input.require_confirmation,
  });
  const updatedAt = ctx.clock.now().toISOString();
  const [saved] = await ctx.db
    .insert(userPreferences)
    .values({ userId: caller.userId, botLanguage: account.language, ...changes, updatedAt })
    .onConflictDoUpdate({ target: userPreferences.userId, set: { ...changes, updatedAt } })
    .returning();
  return toPreferencesResponse(saved, account);
}

function withoutUndefined<T extends Record<string, unknown>>(record: T): Partial<T> {
  return Object.fromEntries(Object.entries(record).filter(([, value]) => value !== undefined)) as Partial<T>;
}
