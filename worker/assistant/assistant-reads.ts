import { and, desc, eq, inArray } from "drizzle-orm";
import { batchByName } from "../../db/named-batch.ts";
import {
  accounts,
  botConversations,
  botLinks,
  botMessages,
  cards,
  tags,
  transactions,
  transactionTags,
  userPreferences,
  users,
  workspaces,
} from "../../db/schema/index.ts";
import type { ActingContext, BotActor } from "../access/actor.ts";
import { readInWorkspace } from "../access/actor-access.ts";
import type { ServiceContext } from "../context.ts";
import type { IncomingMessage } from "./assistant-message.ts";
import { readConversation } from "./conversation-state.ts";
import { compileRules } from "../rules/rule-engine.ts";
import { rulesInOrderQuery, storedRuleOf } from "../rules/rules.service.ts";

/** Auto-categorise learns from the tags of the workspace's newest transactions, this many at most. */
const historyRows = 2000;

/**
 * Everything about the sender in one round trip, before anything else: the user linked to the
 * phone (with plan and language), their assistant settings, what the assistant waits for from
 * them, and whether this message was already handled (a redelivery).
 */
export async function readSender(ctx: ServiceContext, message: IncomingMessage) {
  const linkedUser = ctx.db
    .select({ userId: botLinks.userId })
    .from(botLinks)
    .where(and(eq(botLinks.phone, message.from), eq(botLinks.channel, message.channel)));
  const { rows } = await batchByName(ctx.db, [], {
    people: ctx.db
      .select({ id: users.id, language: users.language, tier: users.tier, hasBetaAccess: users.hasBetaAccess })
      .from(users)
      .where(inArray(users.id, linkedUser)),
    preferenceRows: ctx.db.select().from(userPreferences).where(inArray(userPreferences.userId, linkedUser)),
    conversationRows: ctx.db.select().from(botConversations).where(inArray(botConversations.userId, linkedUser)),
    handledRows: ctx.db
      .select({ messageId: botMessages.messageId })
      .from(botMessages)
      .where(eq(botMessages.messageId, message.messageId)),
  });
  const person = rows.people[0] ?? null;
  return {
    person,
    preferences: rows.preferenceRows[0] ?? null,
    pending: person ? readConversation(rows.conversationRows[0], ctx.clock.now()) : null,
    isHandled: rows.handledRows.length > 0,
  };
}

export type Sender = Awaited<ReturnType<typeof readSender>>;

/**
 * The default workspace as the assistant needs it, in the bot actor's one checked read: its name,
 * active accounts and cards (with their currencies), tags, rules, and — when auto-categorise is on — the
 * newest tagged transactions to learn from. A user who is no longer a member is refused (404).
 */
export async function readWorkspace(ctx: ActingContext<BotActor>, workspaceId: string, withHistory: boolean) {
  const { workspace, role, rows } = await readInWorkspace(ctx, workspaceId, "workspace.read", {
    names: ctx.db.select({ name: workspaces.name }).from(workspaces).where(eq(workspaces.id, workspaceId)),
    accountRows: ctx.db
      .select({
        id: accounts.id,
        name: accounts.name,
        type: accounts.type,
        currency: accounts.currency,
        balanceCents: accounts.balanceCents,
      })
      .from(accounts)
      .where(and(eq(accounts.workspaceId, workspaceId), eq(accounts.isActive, true)))
      .orderBy(accounts.createdAt),
    cardRows: ctx.db
      .select({
        id: cards.id,
        name: cards.name,
        issuer: cards.issuer,
        mode: cards.mode,
        accountId: cards.accountId,
        accountName: accounts.name,
        currency: accounts.currency,
        debtCents: cards.debtCents,
        creditLimitCents: cards.creditLimitCents,
      })
      .from(cards)
      .innerJoin(accounts, eq(accounts.id, cards.accountId))
      .where(and(eq(cards.workspaceId, workspaceId), eq(cards.isActive, true)))
      .orderBy(cards.createdAt),
    tagRows: ctx.db
      .select({ id: tags.id, name: tags.name })
      .from(tags)
      .where(eq(tags.workspaceId, workspaceId))
      .orderBy(tags.name),
    ruleRows: rulesInOrderQuery(ctx, workspaceId),
    historyRows: withHistory
      ? ctx.db
          .select({ description: transactions.description, tagId: transactionTags.tagId })
          .from(transactions)
          .innerJoin(
            transactionTags,
            // The tags people chose, not the categories their subcategories imply.
            and(eq(transactionTags.transactionId, transactions.id), eq(transactionTags.implied, 0)),
          )
          .where(
            inArray(
              transactions.id,
              ctx.db
                .select({ id: transactions.id })
                .from(transactions)
                .where(eq(transactions.workspaceId, workspaceId))
                .orderBy(desc(transactions.date))
                .limit(historyRows),
            ),
          )
          .orderBy(desc(transactions.date))
      : undefined,
  });
  return {
    ...workspace,
    name: rows.names[0]?.name ?? "",
    role,
    accounts: rows.accountRows,
    cards: rows.cardRows,
    tags: rows.tagRows,
    /** The workspace's rules, ready to run on what a person sends (README: "Rules"). */
    rules: compileRules(rows.ruleRows.map(storedRuleOf)),
    history: rows.historyRows ?? [],
  };
}

export type AssistantWorkspace = Awaited<ReturnType<typeof readWorkspace>>;
