import { and, desc, eq, gte, isNull, sql } from "drizzle-orm";
import { z } from "zod";
import type { Database } from "../../db/client.ts";
import { payees, ruleSuggestions, tags, transactions } from "../../db/schema/index.ts";
import type { ServiceContext } from "../context.ts";
import { AppError } from "../http/errors.ts";
import type { ServiceCall } from "../access/actor.ts";
import { readInWorkspace } from "../access/actor-access.ts";
import type { WorkspaceRef } from "../access/workspace-access.ts";
import { createRule } from "./rules.service.ts";

/**
 * Suggested rules (README: "Rules"): a person who re-tags a payee's transaction the same way twice is
 * offered, once, a rule that does it for them — "Always tag Uber as Transporte?".
 */

/** Re-tagged this many times the same way, a payee's tags are offered as a rule. */
export const timesBeforeSuggesting = 2;

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** POST /rules/suggestions/answer: the suggestion (its payee and tags) and whether it becomes a rule. */
export const suggestionAnswerSchema = z.object({
  payee_id: z.string().regex(uuid, "errors:fields.payeeUnknown"),
  tag_ids: z
    .array(z.string().regex(uuid, "errors:fields.tagUnknown"))
    .min(1, "errors:fields.tagList")
    .max(20, "errors:fields.tooManyTags"),
  accept: z.boolean({ error: "errors:fields.suggestionAnswer" }),
});
export type SuggestionAnswer = z.infer<typeof suggestionAnswerSchema>;

const tagSetOf = (tagIds: readonly string[]) => JSON.stringify([...new Set(tagIds)].sort());

/**
 * An edit that gives a transaction of a payee other tags counts one time for that payee and those tags,
 * in the edit's batch, while the row is at the revision read (and has a payee by then).
 */
export function retaggingCounted(
  db: Database,
  workspaceId: string,
  transactionId: string,
  revision: number,
  tagIds: readonly string[],
) {
  return db.run(sql`insert into ${ruleSuggestions} (workspace_id, payee_id, tag_ids, times)
    select ${workspaceId}, ${transactions.payeeId}, ${tagSetOf(tagIds)}, 1 from ${transactions}
    where ${transactions.id} = ${transactionId} and ${transactions.revision} = ${revision} and ${transactions.payeeId} is not null
    on conflict (workspace_id, payee_id, tag_ids) do update set times = times + 1`);
}

/** The rules to offer: counted enough, never answered, most re-tagged first, with the payee's and tags' names. */
export function pendingSuggestionsQuery(ctx: ServiceContext, workspaceId: string) {
  const tagsJson = sql<string>`(select json_group_array(json_object('uuid', ${tags.id}, 'name', ${tags.name}, 'color', ${tags.color}))
    from json_each(${ruleSuggestions.tagIds}) as "given" join ${tags} on ${tags.id} = "given"."value")`;
  return ctx.db
    .select({
      payeeId: payees.id,
      payeeName: payees.name,
      tagIds: ruleSuggestions.tagIds,
      times: ruleSuggestions.times,
      tagsJson,
    })
    .from(ruleSuggestions)
    .innerJoin(payees, eq(payees.id, ruleSuggestions.payeeId))
    .where(
      and(
        eq(ruleSuggestions.workspaceId, workspaceId),
        gte(ruleSuggestions.times, timesBeforeSuggesting),
        isNull(ruleSuggestions.answeredAt),
      ),
    )
    .orderBy(desc(ruleSuggestions.times))
    .limit(5);
}

export type PendingSuggestion = {
  payee: { uuid: string; name: string };
  tags: { uuid: string; name: string; color: string }[];
  times: number;
};

export function toSuggestion(row: Awaited<ReturnType<typeof pendingSuggestionsQuery>>[number]): PendingSuggestion {
  return {
    payee: { uuid: row.payeeId, name: row.payeeName },
    tags: JSON.parse(row.tagsJson) as PendingSuggestion["tags"],
    times: row.times,
  };
}

/** GET /rules/suggestions. */
export async function listSuggestions({ ctx, input }: ServiceCall<WorkspaceRef>) {
  const {
    rows: { rows },
  } = await readInWorkspace(ctx, input.workspaceId, "finances.write", {
    rows: pendingSuggestionsQuery(ctx, input.workspaceId),
  });
  return rows.map(toSuggestion);
}

/**
 * POST /rules/suggestions/answer: accepted, the rule "payee is X → tags" is made (last in the order, on
 * everything that enters, typed entries too); either way the suggestion is answered and never offered again.
 */
export async function answerSuggestion({ ctx, input }: ServiceCall<WorkspaceRef & SuggestionAnswer>) {
  const { workspaceId } = input;
  const tagIds = tagSetOf(input.tag_ids);
  const {
    rows: { found },
  } = await readInWorkspace(ctx, workspaceId, "finances.write", {
    found: ctx.db
      .select({ payeeName: payees.name })
      .from(ruleSuggestions)
      .innerJoin(payees, eq(payees.id, ruleSuggestions.payeeId))
      .where(
        and(
          eq(ruleSuggestions.workspaceId, workspaceId),
          eq(ruleSuggestions.payeeId, input.payee_id),
          eq(ruleSuggestions.tagIds, tagIds),
          isNull(ruleSuggestions.answeredAt),
        ),
      ),
  });
  const suggestion = found[0];
  if (!suggestion) throw new AppError("NOT_FOUND", "errors:details.suggestionNotFound");
  const rule = input.accept
    ? await createRule({
        ctx,
        input: {
          workspaceId,
          name: suggestion.payeeName,
          conditions: [{ field: "payee", operator: "equals", value: suggestion.payeeName }],
          sources: ["imported", "assistant", "bank", "typed"],
          actions: { set_tags: JSON.parse(tagIds) as string[] },
        },
      })
    : null;
  await ctx.db
    .update(ruleSuggestions)
    .set({ answeredAt: ctx.clock.now().toISOString() })
    .where(
      and(
        eq(ruleSuggestions.workspaceId, workspaceId),
        eq(ruleSuggestions.payeeId, input.payee_id),
        eq(ruleSuggestions.tagIds, tagIds),
      ),
    );
  return { rule };
}
