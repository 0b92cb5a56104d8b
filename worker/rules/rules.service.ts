import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { z } from "zod";
import { isUuid, newId } from "../../db/ids.ts";
import { batchStartingWith } from "../../db/named-batch.ts";
import { accounts, cards, rules, tags } from "../../db/schema/index.ts";
import type { ServiceContext } from "../context.ts";
import { AppError, fieldError } from "../http/errors.ts";
import { hundredthsToDecimal } from "../ledger/money.ts";
import type { ServiceCall } from "../access/actor.ts";
import { actorStillMay, readInWorkspace } from "../access/actor-access.ts";
import type { WorkspaceRef } from "../access/workspace-access.ts";
import type { StoredRule } from "./rule-engine.ts";
import type { ruleResponseSchema } from "./rules.responses.ts";
import { defaultRuleSources } from "./rule-sources.ts";
import type { CreateRuleInput, RuleActions, RuleCondition, UpdateRuleInput } from "./rules.schemas.ts";

/**
 * Rules (README: "Rules"): listed in the order they run, created (last, or at a position), changed,
 * paused, reordered and deleted. What a rule names — tags, accounts, cards — must be the workspace's,
 * checked against the read and refused at the field; a tag deleted later simply stops being set.
 */

type RuleRef = WorkspaceRef & { ruleId: string };
type RuleRow = typeof rules.$inferSelect;
type RuleResponse = z.infer<typeof ruleResponseSchema>;

const ruleNotFound = () => new AppError("NOT_FOUND", "errors:details.ruleNotFound");

/** The workspace's rules in the order they run. */
export function rulesInOrderQuery(ctx: ServiceContext, workspaceId: string) {
  return ctx.db
    .select()
    .from(rules)
    .where(eq(rules.workspaceId, workspaceId))
    .orderBy(asc(rules.position), asc(rules.createdAt));
}

/** A row as the engine reads it (worker/rules/rule-engine.ts). */
export function storedRuleOf(row: RuleRow): StoredRule {
  return {
    id: row.id,
    name: row.name,
    paused: row.paused,
    conditions: row.conditions as StoredRule["conditions"],
    actions: row.actions as RuleActions,
  };
}

function toRuleResponse(row: RuleRow): RuleResponse {
  const { conditions, actions } = storedRuleOf(row);
  const { split, ...otherActions } = actions;
  return {
    uuid: row.id,
    name: row.name,
    position: row.position,
    paused: row.paused,
    sources: conditions.sources,
    conditions: conditions.all.map((condition): RuleResponse["conditions"][number] =>
      condition.field === "amount"
        ? {
            field: "amount",
            operator: condition.operator,
            value: hundredthsToDecimal(condition.value),
            ...(condition.max === undefined ? {} : { max: hundredthsToDecimal(condition.max) }),
          }
        : condition,
    ),
    actions: {
      ...otherActions,
      ...(split
        ? {
            split: {
              parts: split.parts.map((part) => ({
                tag_ids: part.tag_ids,
                ...(part.percent === undefined ? {} : { percent: part.percent / 100 }),
                ...(part.amount === undefined ? {} : { amount: hundredthsToDecimal(part.amount) }),
              })),
            },
          }
        : {}),
    },
    created_at: row.createdAt,
    updated_at: row.updatedAt,
  };
}

/** The tags and places a rule names, to check against the workspace's in the write's read. */
function namedIds(input: { conditions?: RuleCondition[]; actions?: RuleActions }) {
  const actions = input.actions;
  const tagIds = [...(actions?.set_tags ?? []), ...(actions?.split?.parts.flatMap((part) => part.tag_ids) ?? [])];
  const places = (input.conditions ?? []).flatMap((condition) =>
    condition.field === "place" ? [condition.value.split(":") as ["account" | "card", string]] : [],
  );
  return {
    tagIds: [...new Set(tagIds)],
    accountIds: places.filter(([type]) => type === "account").map(([, id]) => id),
    cardIds: places.filter(([type]) => type === "card").map(([, id]) => id),
  };
}

function namedQueries(ctx: ServiceContext, workspaceId: string, ids: ReturnType<typeof namedIds>) {
  return {
    tagRows: ctx.db
      .select({ id: tags.id })
      .from(tags)
      .where(and(eq(tags.workspaceId, workspaceId), inArray(tags.id, ids.tagIds))),
    accountRows: ctx.db
      .select({ id: accounts.id })
      .from(accounts)
      .where(and(eq(accounts.workspaceId, workspaceId), inArray(accounts.id, ids.accountIds))),
    cardRows: ctx.db
      .select({ id: cards.id })
      .from(cards)
      .where(and(eq(cards.workspaceId, workspaceId), inArray(cards.id, ids.cardIds))),
  };
}

/** Refused at the field: a tag, account or card not of the workspace, or an amount range upside down. */
function assertNamesFound(
  input: { conditions?: RuleCondition[]; actions?: RuleActions },
  found: { tagRows: { id: string }[]; accountRows: { id: string }[]; cardRows: { id: string }[] },
) {
  const tagIds = new Set(found.tagRows.map((row) => row.id));
  const placeIds = new Set([...found.accountRows, ...found.cardRows].map((row) => row.id));
  input.conditions?.forEach((condition, index) => {
    if (condition.field === "place" && !placeIds.has(condition.value.split(":")[1]!))
      throw fieldError(`conditions.${index}.value`, "errors:fields.rulePlaceMissing");
    if (condition.field === "amount" && condition.operator === "between" && (condition.max ?? 0) < condition.value)
      throw fieldError(`conditions.${index}.max`, "errors:fields.ruleAmountRange");
  });
  if (input.actions?.set_tags?.some((id) => !tagIds.has(id)))
    throw fieldError("actions.set_tags", "errors:fields.tagMissing");
  input.actions?.split?.parts.forEach((part, index) => {
    if (part.tag_ids.some((id) => !tagIds.has(id)))
      throw fieldError(`actions.split.parts.${index}.tag_ids`, "errors:fields.tagMissing");
  });
}

const conditionsOf = (input: { conditions: RuleCondition[]; sources?: CreateRuleInput["sources"] }) => ({
  sources: input.sources ?? [...defaultRuleSources],
  all: input.conditions,
});

/** GET /rules: every rule, in the order they run. */
export async function listRules({ ctx, input }: ServiceCall<WorkspaceRef>) {
  const {
    rows: { rows },
  } = await readInWorkspace(ctx, input.workspaceId, "workspace.read", {
    rows: rulesInOrderQuery(ctx, input.workspaceId),
  });
  return rows.map(toRuleResponse);
}

const ruleQuery = (ctx: ServiceContext, ref: RuleRef) =>
  ctx.db
    .select()
    .from(rules)
    .where(and(eq(rules.workspaceId, ref.workspaceId), eq(rules.id, isUuid(ref.ruleId) ? ref.ruleId : "")));

/** GET /rules/{id}. */
export async function getRule({ ctx, input }: ServiceCall<RuleRef>) {
  const {
    rows: { rows },
  } = await readInWorkspace(ctx, input.workspaceId, "workspace.read", { rows: ruleQuery(ctx, input) });
  if (!rows[0]) throw ruleNotFound();
  return toRuleResponse(rows[0]);
}

/** POST /rules: last in the order, or at `position` with the rules from there moved one down. */
export async function createRule({ ctx, input }: ServiceCall<WorkspaceRef & CreateRuleInput>) {
  const { workspaceId } = input;
  const {
    rows: { count, ...found },
  } = await readInWorkspace(ctx, workspaceId, "finances.write", {
    count: ctx.db.select({ total: sql<number>`count(*)` }).from(rules).where(eq(rules.workspaceId, workspaceId)),
    ...namedQueries(ctx, workspaceId, namedIds(input)),
  });
  assertNamesFound(input, found);
  const last = Number(count[0]?.total ?? 0);
  const position = Math.min(input.position ?? last, last);
  const row: RuleRow = {
    id: newId(),
    workspaceId,
    name: input.name,
    position,
    paused: input.paused ?? false,
    conditions: conditionsOf(input),
    actions: input.actions,
    revision: 0,
    createdAt: ctx.clock.now().toISOString(),
    updatedAt: null,
  };
  await ctx.db.batch([
    ctx.db
      .update(rules)
      .set({ position: sql`${rules.position} + 1` })
      .where(
        and(
          eq(rules.workspaceId, workspaceId),
          sql`${rules.position} >= ${position}`,
          actorStillMay(ctx, workspaceId, "finances.write"),
        ),
      ),
    ctx.db.insert(rules).values(row),
  ]);
  return toRuleResponse(row);
}

/** PUT /rules/{id}: the fields sent change (`sources` with `conditions` or alone); guarded by the rule's revision. */
export async function updateRule({ ctx, input }: ServiceCall<RuleRef & UpdateRuleInput>) {
  const {
    rows: { rows, ...found },
  } = await readInWorkspace(ctx, input.workspaceId, "finances.write", {
    rows: ruleQuery(ctx, input),
    ...namedQueries(ctx, input.workspaceId, namedIds(input)),
  });
  const previous = rows[0];
  if (!previous) throw ruleNotFound();
  assertNamesFound(input, found);
  const kept = storedRuleOf(previous).conditions;
  const row: RuleRow = {
    ...previous,
    ...(input.name === undefined ? {} : { name: input.name }),
    ...(input.paused === undefined ? {} : { paused: input.paused }),
    ...(input.actions === undefined ? {} : { actions: input.actions }),
    conditions: { sources: input.sources ?? kept.sources, all: input.conditions ?? kept.all },
    revision: previous.revision + 1,
    updatedAt: ctx.clock.now().toISOString(),
  };
  const { id, workspaceId, createdAt, position, ...changes } = row;
  const updated = await ctx.db
    .update(rules)
    .set(changes)
    .where(
      and(
        eq(rules.id, previous.id),
        eq(rules.revision, previous.revision),
        actorStillMay(ctx, previous.workspaceId, "finances.write"),
      ),
    )
    .returning({ id: rules.id });
  if (updated.length !== 1) throw new AppError("RULES_CHANGED");
  return toRuleResponse(row);
}

/**
 * PUT /rules/order: the rules named run first, in that order; any not named (one added meanwhile) follow
 * in the order they had. A rule of another workspace, or one named twice, is refused.
 */
export async function reorderRules({ ctx, input }: ServiceCall<WorkspaceRef & { rule_ids: string[] }>) {
  const {
    rows: { rows },
  } = await readInWorkspace(ctx, input.workspaceId, "finances.write", {
    rows: rulesInOrderQuery(ctx, input.workspaceId),
  });
  const ids = new Set(rows.map((row) => row.id));
  if (input.rule_ids.some((id) => !ids.has(id)) || new Set(input.rule_ids).size !== input.rule_ids.length)
    throw fieldError("rule_ids", "errors:fields.ruleOrder");
  const order = [...input.rule_ids, ...rows.map((row) => row.id).filter((id) => !input.rule_ids.includes(id))];
  if (order.length > 0) {
    const positions = sql.join(
      order.map((id, position) => sql`when ${id} then ${position}`),
      sql` `,
    );
    await ctx.db
      .update(rules)
      .set({ position: sql`case ${rules.id} ${positions} end` })
      .where(
        and(
          eq(rules.workspaceId, input.workspaceId),
          inArray(rules.id, order),
          actorStillMay(ctx, input.workspaceId, "finances.write"),
        ),
      );
  }
  return listRules({ ctx, input });
}

/** DELETE /rules/{id}: the rules after it move one up. */
export async function deleteRule({ ctx, input }: ServiceCall<RuleRef>) {
  await readInWorkspace(ctx, input.workspaceId, "finances.write", {});
  const deleted = await batchStartingWith(
    ctx.db,
    ctx.db
      .delete(rules)
      .where(
        and(
          eq(rules.workspaceId, input.workspaceId),
          eq(rules.id, isUuid(input.ruleId) ? input.ruleId : ""),
          actorStillMay(ctx, input.workspaceId, "finances.write"),
        ),
      )
      .returning({ position: rules.position }),
    [],
  );
  const gone = deleted[0];
  if (!gone) throw ruleNotFound();
  await ctx.db
    .update(rules)
    .set({ position: sql`${rules.position} - 1` })
    .where(and(eq(rules.workspaceId, input.workspaceId), sql`${rules.position} > ${gone.position}`));
  return { message: "Rule deleted" };
}
