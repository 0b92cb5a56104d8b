import { and, asc, eq, gt, inArray, or, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { z } from "zod";
import { isUuid, newId } from "../../db/ids.ts";
import {
  payees,
  ruleRunChanges,
  ruleRuns,
  rules,
  tags,
  transactionParts,
  transactionTags,
  transactions,
} from "../../db/schema/index.ts";
import type { ServiceContext } from "../context.ts";
import { AppError } from "../http/errors.ts";
import { unitsToDecimal } from "../ledger/amounts.ts";
import { tagLinksReplaced } from "../ledger/tag-links.ts";
import type { ServiceCall } from "../access/actor.ts";
import { actorStillMay, readInWorkspace } from "../access/actor-access.ts";
import type { WorkspaceRef } from "../access/workspace-access.ts";
import { payeeSet } from "../payees/payee-statements.ts";
import { compileRules, outcomeOf, type StoredRule } from "../rules/rule-engine.ts";
import { rulesInOrderQuery, storedRuleOf } from "../rules/rules.service.ts";
import { ruleSources } from "../rules/rule-sources.ts";

/**
 * Rules applied to the transactions already written (README: "Rules"), in steps a person drives: a run
 * scans the workspace a chunk at a time and keeps each change it would make, with what the transaction
 * had; the person sees how many and a sample; the changes are applied a chunk at a time, each only while
 * its transaction is as it was scanned; and the whole run is undone the same way, each change only while
 * its transaction is as the run left it. No request reads or writes more than a chunk, whatever the
 * number of transactions or rules.
 *
 * What a run changes: tags (replaced by a rule's), payee, description, and a note where there is none. A
 * split transaction keeps its parts' tags, and a rule's split files money as it enters, not afterwards.
 */

/** Transactions one scan step reads, and changes one apply or undo step writes. */
export const scanChunk = 2_000;
export const writeChunk = 100;

type RunRef = WorkspaceRef & { runId: string };

/** What a change sets, and what the transaction had: the ids of its own tags, its payee, description, note. */
type ChangeAfter = { tag_ids?: string[]; payee?: string; description?: string; note?: string };
type ChangeBefore = { tag_ids: string[]; payee_id: string | null; description: string; note: string | null };

export const ruleRunSchema = z.object({
  /** The rule to apply; none: every rule that is not paused, in their order. */
  rule_id: z
    .string()
    .regex(/^[0-9a-f-]{36}$/i, "errors:fields.ruleUnknown")
    .transform((id) => id.toLowerCase())
    .optional(),
});

const runNotFound = () => new AppError("NOT_FOUND", "errors:details.ruleRunNotFound");
const runNotReady = () => new AppError("RULE_RUN_NOT_READY");

const runQuery = (ctx: ServiceContext, ref: RunRef) =>
  ctx.db
    .select()
    .from(ruleRuns)
    .where(and(eq(ruleRuns.workspaceId, ref.workspaceId), eq(ruleRuns.id, isUuid(ref.runId) ? ref.runId : "")));

/** Up to ten changes of a run, with their transactions, for the person to see before applying. */
const sampleQuery = (ctx: ServiceContext, runId: string) =>
  ctx.db
    .select({
      id: transactions.id,
      date: transactions.date,
      description: transactions.description,
      amountCents: transactions.amountCents,
      currency: transactions.currency,
      before: ruleRunChanges.before,
      after: ruleRunChanges.after,
    })
    .from(ruleRunChanges)
    .innerJoin(transactions, eq(transactions.id, ruleRunChanges.transactionId))
    .where(eq(ruleRunChanges.runId, runId))
    .orderBy(asc(transactions.date), asc(transactions.id))
    .limit(10);

const countsQuery = (ctx: ServiceContext, runId: string) =>
  ctx.db
    .select({ state: ruleRunChanges.state, count: sql<number>`count(*)` })
    .from(ruleRunChanges)
    .where(eq(ruleRunChanges.runId, runId))
    .groupBy(ruleRunChanges.state);

type RunRow = typeof ruleRuns.$inferSelect;

function toRunResponse(
  run: RunRow,
  counts: { state: number; count: number }[],
  sample: Awaited<ReturnType<typeof sampleQuery>>,
) {
  const count = (state: number) => Number(counts.find((row) => row.state === state)?.count ?? 0);
  return {
    uuid: run.id,
    rule_id: run.ruleId,
    status: run.status,
    scanned: run.scannedCount,
    matched: run.matchedCount,
    applied: count(1),
    skipped: count(2),
    undone: count(3),
    kept: count(4),
    sample: sample.map((row) => ({
      transaction: {
        uuid: row.id,
        date: row.date,
        description: row.description,
        amount: unitsToDecimal(row.amountCents, row.currency),
        currency: row.currency,
      },
      before: row.before as ChangeBefore,
      after: row.after as ChangeAfter,
    })),
    created_at: run.createdAt,
  };
}

export type RuleRunResponse = ReturnType<typeof toRunResponse>;

async function runNow(ctx: ServiceContext, run: RunRow) {
  const [counts, sample] = await ctx.db.batch([countsQuery(ctx, run.id), sampleQuery(ctx, run.id)]);
  return toRunResponse(run, counts, sample);
}

/** POST /rules/runs: a run of one rule (or every rule), to scan. */
export async function createRuleRun({ ctx, input }: ServiceCall<WorkspaceRef & z.infer<typeof ruleRunSchema>>) {
  const {
    rows: { ruleRows },
  } = await readInWorkspace(ctx, input.workspaceId, "finances.write", {
    ruleRows: input.rule_id
      ? ctx.db
          .select({ id: rules.id })
          .from(rules)
          .where(and(eq(rules.workspaceId, input.workspaceId), eq(rules.id, input.rule_id)))
      : undefined,
  });
  if (input.rule_id && !ruleRows?.length) throw new AppError("NOT_FOUND", "errors:details.ruleNotFound");
  const run: RunRow = {
    id: newId(),
    workspaceId: input.workspaceId,
    ruleId: input.rule_id ?? null,
    status: "scanning",
    cursorDate: "",
    cursorId: "",
    scannedCount: 0,
    matchedCount: 0,
    createdBy: ctx.actor.type === "person" ? ctx.actor.userId : null,
    createdAt: ctx.clock.now().toISOString(),
    appliedAt: null,
    undoneAt: null,
  };
  await ctx.db.insert(ruleRuns).values(run);
  return toRunResponse(run, [], []);
}

/** GET /rules/runs/{id}. */
export async function getRuleRun({ ctx, input }: ServiceCall<RunRef>) {
  const {
    rows: { runRows },
  } = await readInWorkspace(ctx, input.workspaceId, "workspace.read", { runRows: runQuery(ctx, input) });
  const run = runRows[0];
  if (!run) throw runNotFound();
  return runNow(ctx, run);
}

/** The next chunk of the workspace's transactions after the cursor, as a rule reads them. */
function scanQuery(ctx: ServiceContext, run: RunRow) {
  const givenTags = sql<string>`(select coalesce(json_group_array(${transactionTags.tagId}), '[]') from ${transactionTags}
    where ${transactionTags.transactionId} = ${transactions.id} and ${transactionTags.implied} = 0)`;
  const isSplit = sql<number>`exists (select 1 from ${transactionParts} where ${transactionParts.transactionId} = ${transactions.id})`;
  return ctx.db
    .select({
      id: transactions.id,
      date: transactions.date,
      revision: transactions.revision,
      kind: transactions.kind,
      description: transactions.description,
      note: transactions.note,
      amountCents: transactions.amountCents,
      currency: transactions.currency,
      originAccountId: transactions.originAccountId,
      originCardId: transactions.originCardId,
      destinationAccountId: transactions.destinationAccountId,
      destinationCardId: transactions.destinationCardId,
      payeeId: transactions.payeeId,
      payeeName: payees.name,
      givenTags,
      isSplit,
    })
    .from(transactions)
    .leftJoin(payees, eq(payees.id, transactions.payeeId))
    .where(
      and(
        eq(transactions.workspaceId, run.workspaceId),
        or(
          gt(transactions.date, run.cursorDate),
          and(eq(transactions.date, run.cursorDate), gt(transactions.id, run.cursorId)),
        ),
      ),
    )
    .orderBy(asc(transactions.date), asc(transactions.id))
    .limit(scanChunk);
}

/** A rule applied afterwards runs on every transaction, wherever it came from. */
const fromAnywhere = (rule: StoredRule): StoredRule => ({
  ...rule,
  conditions: { ...rule.conditions, sources: [...ruleSources] },
});

type ScannedRow = Awaited<ReturnType<typeof scanQuery>>[number];

/** What the rules would change on a transaction, with what it had; null when nothing. */
function changeOf(compiled: ReturnType<typeof compileRules>, row: ScannedRow) {
  if (row.isSplit) return null;
  const place = row.originCardId
    ? `card:${row.originCardId}`
    : row.originAccountId
      ? `account:${row.originAccountId}`
      : row.destinationCardId
        ? `card:${row.destinationCardId}`
        : `account:${row.destinationAccountId}`;
  const outcome = outcomeOf(compiled, {
    description: row.description,
    payee: row.payeeName,
    amountUnits: row.amountCents,
    currency: row.currency,
    kind: row.kind,
    place,
    source: "imported",
  });
  if (!outcome) return null;
  const tagIds = JSON.parse(row.givenTags) as string[];
  const sameSet = (a: readonly string[], b: readonly string[]) =>
    a.length === b.length && a.every((id) => b.includes(id));
  const after: ChangeAfter = {};
  if (outcome.tagIds && !sameSet(outcome.tagIds, tagIds)) after.tag_ids = outcome.tagIds;
  const hasPayee = row.kind === "income" || row.kind === "expense";
  if (hasPayee && outcome.payee && outcome.payee.toLowerCase() !== (row.payeeName ?? "").toLowerCase())
    after.payee = outcome.payee;
  if (outcome.description && outcome.description !== row.description) after.description = outcome.description;
  if (outcome.note && !row.note) after.note = outcome.note;
  if (Object.keys(after).length === 0) return null;
  const before: ChangeBefore = {
    tag_ids: tagIds,
    payee_id: row.payeeId,
    description: row.description,
    note: row.note,
  };
  return { transactionId: row.id, revision: row.revision, before, after };
}

/**
 * POST /rules/runs/{id}/scan: the next chunk of transactions, each checked against the rules and its
 * change kept; the last chunk makes the run ready to apply. Answers the run, with a sample of its changes.
 */
export async function scanRuleRun({ ctx, input }: ServiceCall<RunRef>) {
  const {
    rows: { runRows, ruleRows },
  } = await readInWorkspace(ctx, input.workspaceId, "finances.write", {
    runRows: runQuery(ctx, input),
    ruleRows: rulesInOrderQuery(ctx, input.workspaceId),
  });
  const run = runRows[0];
  if (!run) throw runNotFound();
  if (run.status !== "scanning") return runNow(ctx, run);
  const chosen = ruleRows.filter((rule) => (run.ruleId ? rule.id === run.ruleId : true));
  const compiled = compileRules(chosen.map(storedRuleOf).map(fromAnywhere));
  const scanned = await scanQuery(ctx, run);
  const changes = scanned.flatMap((row) => {
    const change = changeOf(compiled, row);
    return change ? [change] : [];
  });
  const last = scanned.at(-1);
  const next: RunRow = {
    ...run,
    status: scanned.length < scanChunk ? "ready" : "scanning",
    cursorDate: last?.date ?? run.cursorDate,
    cursorId: last?.id ?? run.cursorId,
    scannedCount: run.scannedCount + scanned.length,
    matchedCount: run.matchedCount + changes.length,
  };
  // Guarded by the cursor read: a twin step that moved it first makes this one write nothing.
  const atCursor = and(
    eq(ruleRuns.id, run.id),
    eq(ruleRuns.cursorDate, run.cursorDate),
    eq(ruleRuns.cursorId, run.cursorId),
  );
  const statements: BatchItem<"sqlite">[] = [
    ctx.db
      .update(ruleRuns)
      .set({
        status: next.status,
        cursorDate: next.cursorDate,
        cursorId: next.cursorId,
        scannedCount: next.scannedCount,
        matchedCount: next.matchedCount,
      })
      .where(atCursor),
  ];
  if (changes.length > 0)
    statements.push(
      ctx.db.run(sql`insert into ${ruleRunChanges} (run_id, transaction_id, revision, before, after, state)
        select ${run.id}, json_extract(change.value, '$.transactionId'), json_extract(change.value, '$.revision'),
          json(json_extract(change.value, '$.before')), json(json_extract(change.value, '$.after')), 0
        from json_each(${JSON.stringify(changes)}) as change
        where exists (select 1 from ${ruleRuns} where ${ruleRuns.id} = ${run.id} and ${ruleRuns.scannedCount} = ${next.scannedCount})
        on conflict do nothing`),
    );
  await ctx.db.batch(statements as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]);
  return runNow(ctx, next);
}

/** The tags, with their categories, that a chunk's changes give. */
const tagsOfQuery = (ctx: ServiceContext, workspaceId: string, ids: string[]) =>
  ctx.db
    .select({ id: tags.id, parentId: tags.parentId })
    .from(tags)
    .where(and(eq(tags.workspaceId, workspaceId), inArray(tags.id, ids)));

const changesQuery = (ctx: ServiceContext, runId: string, state: number) =>
  ctx.db
    .select()
    .from(ruleRunChanges)
    .where(and(eq(ruleRunChanges.runId, runId), eq(ruleRunChanges.state, state)))
    .limit(writeChunk);

/**
 * POST /rules/runs/{id}/apply: the next chunk of a ready run's changes, each only while its transaction is
 * at the revision scanned (else it is skipped: the person changed it since). The last chunk marks the run
 * applied. Answers the run.
 */
export async function applyRuleRun({ ctx, input }: ServiceCall<RunRef>) {
  const {
    rows: { runRows, changeRows },
  } = await readInWorkspace(ctx, input.workspaceId, "finances.write", {
    runRows: runQuery(ctx, input),
    changeRows: changesQuery(ctx, input.runId, 0),
  });
  const run = runRows[0];
  if (!run) throw runNotFound();
  if (run.status === "applied") return runNow(ctx, run);
  if (run.status !== "ready") throw runNotReady();
  const afterTagIds = [...new Set(changeRows.flatMap((change) => (change.after as ChangeAfter).tag_ids ?? []))];
  const tagRows = afterTagIds.length ? await tagsOfQuery(ctx, input.workspaceId, afterTagIds) : [];
  const now = ctx.clock.now().toISOString();
  const mark = `${now}#${run.id}`;
  const statements: BatchItem<"sqlite">[] = changeRows.flatMap((change) => {
    const after = change.after as ChangeAfter;
    const atRevision = sql`exists (select 1 from ${transactions} where ${transactions.id} = ${change.transactionId}
      and ${transactions.revision} = ${change.revision})`;
    return [
      ...(after.tag_ids
        ? tagLinksReplaced(
            ctx.db,
            change.transactionId,
            tagRows.filter((tag) => after.tag_ids!.includes(tag.id)),
            atRevision,
          )
        : []),
      ...(after.payee
        ? payeeSet(ctx.db, input.workspaceId, change.transactionId, { named: after.payee }, newId(), now, atRevision)
        : []),
      ctx.db
        .update(transactions)
        .set({
          ...(after.description ? { description: after.description } : {}),
          ...(after.note ? { note: after.note } : {}),
          revision: change.revision + 1,
          updatedAt: mark,
        })
        .where(and(eq(transactions.id, change.transactionId), eq(transactions.revision, change.revision))),
      ctx.db.run(sql`update ${ruleRunChanges} set state = case when exists (select 1 from ${transactions}
          where ${transactions.id} = ${change.transactionId} and ${transactions.revision} = ${change.revision + 1}
            and ${transactions.updatedAt} = ${mark}) then 1 else 2 end, applied_mark = ${mark}
        where ${ruleRunChanges.runId} = ${run.id} and ${ruleRunChanges.transactionId} = ${change.transactionId}
          and ${ruleRunChanges.state} = 0`),
    ];
  });
  if (changeRows.length < writeChunk)
    statements.push(
      ctx.db
        .update(ruleRuns)
        .set({ status: "applied", appliedAt: now })
        .where(and(eq(ruleRuns.id, run.id), actorStillMay(ctx, input.workspaceId, "finances.write"))),
    );
  if (statements.length > 0) await ctx.db.batch(statements as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]);
  const [after] = await runQuery(ctx, input);
  return runNow(ctx, after!);
}

/**
 * POST /rules/runs/{id}/undo: the next chunk of an applied run's changes put back — tags, payee,
 * description, note as they were — each only while its transaction is as the run left it (one the person
 * changed since keeps their change: `kept`). The last chunk marks the run undone. Answers the run.
 */
export async function undoRuleRun({ ctx, input }: ServiceCall<RunRef>) {
  const {
    rows: { runRows, changeRows },
  } = await readInWorkspace(ctx, input.workspaceId, "finances.write", {
    runRows: runQuery(ctx, input),
    changeRows: changesQuery(ctx, input.runId, 1),
  });
  const run = runRows[0];
  if (!run) throw runNotFound();
  if (run.status === "undone") return runNow(ctx, run);
  if (run.status !== "applied") throw runNotReady();
  const beforeTagIds = [...new Set(changeRows.flatMap((change) => (change.before as ChangeBefore).tag_ids))];
  const tagRows = beforeTagIds.length ? await tagsOfQuery(ctx, input.workspaceId, beforeTagIds) : [];
  const now = ctx.clock.now().toISOString();
  const undoMark = `${now}#undo#${run.id}`;
  const statements: BatchItem<"sqlite">[] = changeRows.flatMap((change) => {
    const before = change.before as ChangeBefore;
    const after = change.after as ChangeAfter;
    const leftAsApplied = sql`exists (select 1 from ${transactions} where ${transactions.id} = ${change.transactionId}
      and ${transactions.revision} = ${change.revision + 1} and ${transactions.updatedAt} = ${change.appliedMark})`;
    return [
      ...(after.tag_ids
        ? tagLinksReplaced(
            ctx.db,
            change.transactionId,
            tagRows.filter((tag) => before.tag_ids.includes(tag.id)),
            leftAsApplied,
          )
        : []),
      ctx.db
        .update(transactions)
        .set({
          ...(after.payee
            ? { payeeId: sql`(select ${payees.id} from ${payees} where ${payees.id} = ${before.payee_id ?? ""})` }
            : {}),
          ...(after.description ? { description: before.description } : {}),
          ...(after.note ? { note: before.note } : {}),
          revision: change.revision + 2,
          updatedAt: undoMark,
        })
        .where(and(eq(transactions.id, change.transactionId), leftAsApplied)),
      ctx.db.run(sql`update ${ruleRunChanges} set state = case when exists (select 1 from ${transactions}
          where ${transactions.id} = ${change.transactionId} and ${transactions.revision} = ${change.revision + 2}
            and ${transactions.updatedAt} = ${undoMark}) then 3 else 4 end
        where ${ruleRunChanges.runId} = ${run.id} and ${ruleRunChanges.transactionId} = ${change.transactionId}
          and ${ruleRunChanges.state} = 1`),
    ];
  });
  if (changeRows.length < writeChunk)
    statements.push(
      ctx.db
        .update(ruleRuns)
        .set({ status: "undone", undoneAt: now })
        .where(and(eq(ruleRuns.id, run.id), actorStillMay(ctx, input.workspaceId, "finances.write"))),
    );
  if (statements.length > 0) await ctx.db.batch(statements as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]);
  const [after] = await runQuery(ctx, input);
  return runNow(ctx, after!);
}
