import { and, eq, exists, inArray, isNull, ne, notExists, or, sql, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import { batchByName, batchStartingWith } from "../../db/named-batch.ts";
import {
  budgets,
  installmentPlans,
  recurringTransactions,
  scheduledTransactions,
  rules,
  tags,
  transactionPartTags,
  userPreferences,
} from "../../db/schema/index.ts";
import type { RuleActions } from "../rules/rules.schemas.ts";
import type { ServiceContext } from "../context.ts";
import { AppError, fieldError } from "../http/errors.ts";
import {
  impliedLinksRederived,
  partTagsMoved,
  splitLinksRederived,
  splitTransactionsFiledUnder,
  tagLinksMoved,
  transactionsCarrying,
  transactionsFiledUnder,
} from "../ledger/tag-links.ts";
import type { ServiceCall } from "../access/actor.ts";
import { actorStillMay, readInWorkspace } from "../access/actor-access.ts";
import type { DeleteTagInput, MergeTagInput } from "./tags.schemas.ts";
import {
  tagFamilyQuery,
  tagNotFound,
  tagsWithUsageQuery,
  toTagResponse,
  type TagFamilyRow,
  type TagRef,
} from "./tags.service.ts";

/*
 * Merging and deleting tags (README: "Tags and categories"). Each is one batch: its first statement, a
 * guarded touch of a tag, tells whether it applied, and every statement after it carries the same guard,
 * so a tag, budget or subcategory changed between the read and the write leaves nothing written.
 */

const guardTag = alias(tags, "guard_tag");
const guardBudget = alias(budgets, "guard_budget");

const tagsChanged = () => new AppError("TAGS_CHANGED");

/** True while the tag is in the workspace (and, with `parentIs`, sits there: null for the top level). */
function tagStillThere(ctx: ServiceContext, workspaceId: string, tagId: string, parentIs?: null) {
  return exists(
    ctx.db
      .select({ one: sql`1` })
      .from(guardTag)
      .where(
        and(
          eq(guardTag.id, tagId),
          eq(guardTag.workspaceId, workspaceId),
          parentIs === null ? isNull(guardTag.parentId) : undefined,
        ),
      ),
  );
}

const hasNoSubcategories = (ctx: ServiceContext, tagId: string) =>
  notExists(ctx.db.select({ one: sql`1` }).from(guardTag).where(eq(guardTag.parentId, tagId)));

const hasNoBudget = (ctx: ServiceContext, tagId: string) =>
  notExists(ctx.db.select({ one: sql`1` }).from(guardBudget).where(eq(guardBudget.tagId, tagId)));

/** A tag's touch, the batch's first statement: it applies only while `guard` holds. */
const touched = (ctx: ServiceContext, tagId: string, guard: SQL | undefined) =>
  ctx.db
    .update(tags)
    .set({ updatedAt: ctx.clock.now().toISOString() })
    .where(and(eq(tags.id, tagId), guard))
    .returning({ id: tags.id });

/** The planned templates' tag lists (JSON text) naming `fromId` name `intoId` instead, once, in their order. */
function templatesRetagged(ctx: ServiceContext, workspaceId: string, fromId: string, intoId: string, guard: SQL) {
  return [scheduledTransactions, recurringTransactions, installmentPlans].map((table) =>
    ctx.db
      .update(table)
      .set({
        tagIds: sql`(select json_group_array(tag_id) from (select case when value = ${fromId} then ${intoId} else value end
          as tag_id, min(key) as position from json_each(${table.tagIds}) group by 1 order by position))`,
      })
      .where(
        and(
          eq(table.workspaceId, workspaceId),
          sql`exists (select 1 from json_each(${table.tagIds}) where value = ${fromId})`,
          guard,
        ),
      ),
  );
}

/** The tags of split transactions' parts filed under a tag or one of its subcategories, one row per tag. */
function partTagsUnderQuery(ctx: ServiceContext, tagId: string) {
  const partTagRow = alias(tags, "part_tag_row");
  return ctx.db
    .selectDistinct({ tagId: transactionPartTags.tagId })
    .from(transactionPartTags)
    .innerJoin(partTagRow, eq(partTagRow.id, transactionPartTags.tagId))
    .where(or(eq(transactionPartTags.tagId, tagId), eq(partTagRow.parentId, tagId)));
}

const rulesOfWorkspaceQuery = (ctx: ServiceContext, workspaceId: string) =>
  ctx.db.select({ id: rules.id, actions: rules.actions }).from(rules).where(eq(rules.workspaceId, workspaceId));

/** Every tag a rule's actions give: its tags and its split's parts'. */
const tagIdsOfActions = (actions: RuleActions) => [
  ...(actions.set_tags ?? []),
  ...(actions.split?.parts.flatMap((part) => part.tag_ids) ?? []),
];

/** The rules that give some tags give `intoId` instead, once per list (README: "Rules"), in the guarded batch. */
function rulesRetagged(
  ctx: ServiceContext,
  ruleRows: readonly { id: string; actions: unknown }[],
  fromIds: readonly string[],
  intoId: string,
  guard: SQL,
) {
  const retag = (ids: readonly string[]) => [...new Set(ids.map((id) => (fromIds.includes(id) ? intoId : id)))];
  return ruleRows.flatMap((rule) => {
    const actions = rule.actions as RuleActions;
    if (!tagIdsOfActions(actions).some((id) => fromIds.includes(id))) return [];
    const retagged: RuleActions = {
      ...actions,
      ...(actions.set_tags ? { set_tags: retag(actions.set_tags) } : {}),
      ...(actions.split
        ? { split: { parts: actions.split.parts.map((part) => ({ ...part, tag_ids: retag(part.tag_ids) })) } }
        : {}),
    };
    return [
      ctx.db
        .update(rules)
        .set({ actions: retagged, revision: sql`${rules.revision} + 1` })
        .where(and(eq(rules.id, rule.id), guard)),
    ];
  });
}

/** The tag a merge or a delete names besides the one it acts on: 404 for none of the workspace's. */
function namedTag(family: readonly TagFamilyRow[], tagId: string) {
  const found = family.find((tag) => tag.id === tagId);
  if (!found) throw tagNotFound();
  return found;
}

/**
 * POST /tags/{id}/merge: the tag goes and everything it had moves to `into` — its transactions (a
 * transaction carrying both keeps one link), its budget, its subcategories, the planned transactions'
 * tags, the rules' tags and the assistant's default tag. Refused at `into` for the tag itself, when both have a budget
 * (one is deleted first: which to keep is the person's choice) and when its subcategories would end up
 * three levels deep. Answers the survivor.
 */
export async function mergeTag({ ctx, input }: ServiceCall<TagRef & MergeTagInput>) {
  const {
    rows: { family, budgeted, ruleRows },
  } = await readInWorkspace(ctx, input.workspaceId, "finances.write", {
    family: tagFamilyQuery(ctx, input.workspaceId),
    ruleRows: rulesOfWorkspaceQuery(ctx, input.workspaceId),
    budgeted: ctx.db
      .select({ tagId: budgets.tagId })
      .from(budgets)
      .where(and(eq(budgets.workspaceId, input.workspaceId), inArray(budgets.tagId, [input.tagId, input.into]))),
  });
  const from = namedTag(family, input.tagId);
  const into = namedTag(family, input.into);
  if (into.id === from.id) throw fieldError("into", "errors:fields.mergeIntoItself");
  if (budgeted.length === 2) throw fieldError("into", "errors:fields.mergeBothBudgeted");
  const hasSubcategories = family.some((tag) => tag.parentId === from.id);
  if (hasSubcategories && into.parentId !== null) throw fieldError("into", "errors:fields.mergeThreeLevels");

  const { workspaceId } = input;
  const guard = and(
    actorStillMay(ctx, workspaceId, "finances.write"),
    tagStillThere(ctx, workspaceId, from.id),
    tagStillThere(ctx, workspaceId, into.id),
    or(tagStillThere(ctx, workspaceId, into.id, null), hasNoSubcategories(ctx, from.id)),
    or(hasNoBudget(ctx, from.id), hasNoBudget(ctx, into.id)),
  )!;
  const now = ctx.clock.now().toISOString();
  const {
    before: [applied],
    rows: { survivor },
  } = await batchByName(
    ctx.db,
    [
      touched(ctx, into.id, guard),
      ...partTagsMoved(ctx.db, [from.id], into.id, guard),
      ...tagLinksMoved(ctx.db, [from.id], into.id, guard),
      ctx.db
        .update(tags)
        .set({ parentId: into.id, updatedAt: now })
        .where(and(eq(tags.workspaceId, workspaceId), eq(tags.parentId, from.id), guard)),
      ctx.db
        .update(budgets)
        .set({ tagId: into.id, revision: sql`${budgets.revision} + 1`, updatedAt: now })
        .where(and(eq(budgets.workspaceId, workspaceId), eq(budgets.tagId, from.id), guard)),
      ...templatesRetagged(ctx, workspaceId, from.id, into.id, guard),
      ...rulesRetagged(ctx, ruleRows, [from.id], into.id, guard),
      ctx.db
        .update(userPreferences)
        .set({ defaultTagId: into.id })
        .where(and(eq(userPreferences.defaultTagId, from.id), guard)),
      ctx.db.delete(tags).where(and(eq(tags.id, from.id), guard)),
      ...impliedLinksRederived(ctx.db, transactionsFiledUnder(ctx.db, into.id)),
      ...splitLinksRederived(ctx.db, splitTransactionsFiledUnder(ctx.db, into.id)),
    ],
    { survivor: tagsWithUsageQuery(ctx, workspaceId, into.id) },
  );
  const row = survivor[0];
  if (applied.length !== 1 || !row) throw tagsChanged();
  return toTagResponse(row.tag, row.lastUsed);
}

/**
 * DELETE /tags/{id}, as the person chose: a category's subcategories are promoted to the top level or
 * deleted with it (a choice it must make when it has any), and with `move_to` the transactions given
 * what is deleted are given that tag instead; otherwise the tag just comes off them and they stay. Its
 * budget goes with it. A category comes off, in the same batch, the transactions that carried it only
 * through a deleted subcategory.
 */
export async function deleteTag({ ctx, input }: ServiceCall<TagRef & DeleteTagInput>) {
  const {
    rows: { family, filedParts, ruleRows },
  } = await readInWorkspace(ctx, input.workspaceId, "finances.write", {
    family: tagFamilyQuery(ctx, input.workspaceId),
    filedParts: partTagsUnderQuery(ctx, input.tagId),
    ruleRows: rulesOfWorkspaceQuery(ctx, input.workspaceId),
  });
  const doomed = family.find((tag) => tag.id === input.tagId);
  if (!doomed) throw tagNotFound();
  const { subcategories: choice } = input;
  const hasSubcategories = family.some((tag) => tag.parentId === doomed.id);
  if (hasSubcategories && choice === undefined) throw fieldError("subcategories", "errors:fields.subcategoriesChoice");
  const moveTo = input.move_to === undefined ? undefined : namedTag(family, input.move_to);
  if (moveTo?.id === doomed.id) throw fieldError("move_to", "errors:fields.moveToItself");
  if (moveTo && choice === "delete" && moveTo.parentId === doomed.id)
    throw fieldError("move_to", "errors:fields.moveToDeletedSubcategory");
  // A split transaction's part keeps a tag (its amount is filed somewhere): where it goes is asked.
  const partsFiledUnderDoomed = filedParts.some((part) => part.tagId === doomed.id || choice === "delete");
  if (partsFiledUnderDoomed && !moveTo) throw fieldError("move_to", "errors:fields.splitPartsNeedTag");
  // A rule that files money under what is deleted would stop filing it: where it files instead is asked.
  const doomedIds = [
    doomed.id,
    ...(choice === "delete" ? family.filter((tag) => tag.parentId === doomed.id).map((tag) => tag.id) : []),
  ];
  if (
    !moveTo &&
    ruleRows.some((rule) => tagIdsOfActions(rule.actions as RuleActions).some((id) => doomedIds.includes(id)))
  )
    throw fieldError("move_to", "errors:fields.rulesNeedTag");

  const { workspaceId } = input;
  const subcategoriesOf = and(eq(tags.workspaceId, workspaceId), eq(tags.parentId, doomed.id));
  const guard = and(
    actorStillMay(ctx, workspaceId, "finances.write"),
    tagStillThere(ctx, workspaceId, doomed.id),
    choice === undefined ? hasNoSubcategories(ctx, doomed.id) : undefined,
    moveTo
      ? exists(
          ctx.db
            .select({ one: sql`1` })
            .from(guardTag)
            .where(
              and(
                eq(guardTag.id, moveTo.id),
                eq(guardTag.workspaceId, workspaceId),
                choice === "delete" ? or(isNull(guardTag.parentId), ne(guardTag.parentId, doomed.id)) : undefined,
              ),
            ),
        )
      : undefined,
  )!;
  const movedFrom =
    choice === "delete"
      ? ctx.db
          .select({ id: tags.id })
          .from(tags)
          .where(or(eq(tags.id, doomed.id), subcategoriesOf))
      : [doomed.id];
  const applied = await batchStartingWith(ctx.db, touched(ctx, doomed.id, guard), [
    ...(moveTo ? partTagsMoved(ctx.db, movedFrom, moveTo.id, guard) : []),
    ...(moveTo ? rulesRetagged(ctx, ruleRows, doomedIds, moveTo.id, guard) : []),
    ...(moveTo ? tagLinksMoved(ctx.db, movedFrom, moveTo.id, guard) : []),
    ...(choice === "delete" ? [ctx.db.delete(tags).where(and(subcategoriesOf, guard))] : []),
    ...(choice === "promote"
      ? [
          ctx.db
            .update(tags)
            .set({ parentId: null, updatedAt: ctx.clock.now().toISOString() })
            .where(and(subcategoriesOf, guard)),
        ]
      : []),
    ctx.db.delete(tags).where(and(eq(tags.id, doomed.id), guard)),
    ...(doomed.parentId ? impliedLinksRederived(ctx.db, transactionsCarrying(ctx.db, doomed.parentId, "implied")) : []),
    ...(moveTo ? impliedLinksRederived(ctx.db, transactionsCarrying(ctx.db, moveTo.id, "given")) : []),
    ...(moveTo ? splitLinksRederived(ctx.db, splitTransactionsFiledUnder(ctx.db, moveTo.id)) : []),
  ]).catch((error: unknown) => {
    // A part filed under the tag since the read: its foreign key refuses the delete, nothing is written.
    if (String((error as Error)?.cause ?? error).includes("FOREIGN KEY constraint failed")) throw tagsChanged();
    throw error;
  });
  if (applied.length !== 1) throw tagsChanged();
  return { message: "Tag deleted" };
}
