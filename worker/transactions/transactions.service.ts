import { and, eq, exists, sql, type SQL } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { newId } from "../../db/ids.ts";
import { batchEndingWith, batchOfStatements } from "../../db/named-batch.ts";
import {
  plannedOccurrences,
  transactions,
  users,
  workspaces,
  type PlannedSourceKind,
  type rules,
} from "../../db/schema/index.ts";
import type { ServiceContext } from "../context.ts";
import { AppError, fieldError } from "../http/errors.ts";
import {
  created,
  idempotentWrite,
  type Answer,
  type IdempotentRequest,
  workspaceWriteRequest,
} from "../idempotency/idempotent-write.ts";
import { assertCreditAvailable, effectStatements, runLedgerBatch } from "../ledger/apply-effects.ts";
import { todayIn } from "../ledger/dates.ts";
import { effectsOfChange } from "../ledger/effects.ts";
import { tagLinkStatements, tagLinksReplaced } from "../ledger/tag-links.ts";
import type { WorkspaceRef } from "../access/workspace-access.ts";
import { lookupOf, resolveTransaction, type Lookup, type ResolvedTransaction } from "./transaction-legs.ts";
import { type TagJson, toTransactionResponse } from "./transactions.mapper.ts";
import {
  tagsNamedByRulesQuery,
  partsOfTransactionQuery,
  referencedRowsQueries,
  tagsOfTransactionQuery,
  transactionRowQuery,
} from "./transactions.queries.ts";
import {
  assertPartsStillFit,
  partsDeleted,
  partsOfInput,
  partsWritten,
  tagIdsNamed,
  type PartRow,
} from "./transaction-parts.ts";
import type { TransactionInput } from "./transactions.schemas.ts";
import { payeeChoiceOf, payeeOfChoiceQuery, payeeSet } from "../payees/payee-statements.ts";
import { compileRules, outcomeOf } from "../rules/rule-engine.ts";
import { rulesInOrderQuery, storedRuleOf } from "../rules/rules.service.ts";
import { retaggingCounted } from "../rules/rule-suggestions.service.ts";
import { unitsToHundredths } from "../ledger/amounts.ts";
import type { TransactionKind } from "../../db/enums.ts";
import { type ServiceCall, type ActingContext, actorUserId, createdViaOf } from "../access/actor.ts";
import { readInWorkspace, type LedgerWorkspace } from "../access/actor-access.ts";

export type TransactionRef = WorkspaceRef & { transactionId: string };
type TransactionRow = typeof transactions.$inferSelect;
/** A tag a write links, with its category and whether it has subcategories (./transactions.queries.ts). */
export type TagRow = { id: string; name: string; color: string; parentId: string | null; hasSubcategories: boolean };

export const transactionNotFound = () => new AppError("NOT_FOUND", "errors:details.transactionNotFound");

/** Everything the input points at (and, for an edit, the old legs' cards). */
function referencedQueries(ctx: ServiceContext, workspaceId: string, input: TransactionInput, editedId?: string) {
  const legs = [input.origin, input.destination];
  const accountIds = legs.flatMap((leg) => (leg?.type === "account" ? [leg.id] : []));
  const cardIds = legs.flatMap((leg) => (leg?.type === "card" ? [leg.id] : []));
  return referencedRowsQueries(ctx, workspaceId, {
    accountIds,
    cardIds,
    tagIds: tagIdsNamed(input),
    legsOfTransactionId: editedId,
  });
}

/** The name for `created_by`: the person's (or the bot's user's) for a new transaction; a job has none. */
function actorNameQuery(ctx: ActingContext) {
  const userId = actorUserId(ctx.actor);
  return userId === null ? undefined : ctx.db.select({ name: users.name }).from(users).where(eq(users.id, userId));
}

/** For an edit, the creator's name (the editor need not be the creator), read in the same batch. */
const creatorNameQuery = (ctx: ServiceContext, ref: TransactionRef) =>
  ctx.db
    .select({ name: users.name })
    .from(transactions)
    .innerJoin(users, eq(users.id, transactions.createdBy))
    .where(and(eq(transactions.id, ref.transactionId), eq(transactions.workspaceId, ref.workspaceId)));

export function assertTagsFound(requested: string[] | undefined, found: readonly { id: string }[]): void {
  if (requested && found.length !== requested.length) {
    throw fieldError("tag_ids", "errors:fields.tagMissing");
  }
}

/** The tags of a write found in the workspace: the transaction's own, and each part's. */
function assertNamedTagsFound(input: TransactionInput, found: readonly { id: string }[]): void {
  const foundIds = new Set(found.map((tag) => tag.id));
  assertTagsFound(
    input.tag_ids,
    found.filter((tag) => input.tag_ids?.includes(tag.id)),
  );
  input.parts?.forEach((part, index) => {
    if (part.tag_ids.some((id) => !foundIds.has(id)))
      throw fieldError(`parts.${index}.tag_ids`, "errors:fields.tagMissing");
  });
}

/** What a typed entry's rules read: the rules that run on typed entries, and the tags any rule names. */
function typedRulesQueries(ctx: ServiceContext, workspaceId: string) {
  return {
    ruleRows: rulesInOrderQuery(ctx, workspaceId),
    ruleTagRows: tagsNamedByRulesQuery(ctx, workspaceId),
  };
}

/**
 * A typed entry filed by the rules that run on what people type (README: "Rules"): they fill only what
 * the person left empty — tags (or a split), payee, note — and never rewrite the description typed.
 */
function filedByTypedRules(
  input: WorkspaceRef & TransactionInput,
  resolved: ResolvedTransaction,
  payeeName: string | null,
  ruled: { rules: (typeof rules.$inferSelect)[]; tags: TagRow[] } | null,
): { input: WorkspaceRef & TransactionInput; payee: boolean } {
  if (!ruled || ruled.rules.length === 0) return { input, payee: false };
  const outcome = outcomeOf(compileRules(ruled.rules.map(storedRuleOf)), {
    description: input.description,
    payee: typeof input.payee === "string" ? input.payee : payeeName,
    amountUnits: resolved.amountCents,
    currency: resolved.currency,
    kind: resolved.kind,
    place: resolved.originCardId
      ? `card:${resolved.originCardId}`
      : resolved.originAccountId
        ? `account:${resolved.originAccountId}`
        : resolved.destinationCardId
          ? `card:${resolved.destinationCardId}`
          : `account:${resolved.destinationAccountId}`,
    source: "typed",
  });
  if (!outcome) return { input, payee: false };
  const known = new Set(ruled.tags.map((tag) => tag.id));
  const untagged = !input.tag_ids?.length && !input.parts?.length;
  const tagIds = untagged && outcome.tagIds?.every((id) => known.has(id)) ? outcome.tagIds : undefined;
  const parts =
    untagged && !tagIds && outcome.parts?.every((part) => part.tagIds.every((id) => known.has(id)))
      ? outcome.parts.map((part) => ({
          amount: unitsToHundredths(part.amountUnits, resolved.currency),
          tag_ids: part.tagIds,
        }))
      : undefined;
  const payee = input.payee === undefined && outcome.payee !== undefined;
  return {
    input: {
      ...input,
      ...(tagIds ? { tag_ids: tagIds } : {}),
      ...(parts ? { parts } : {}),
      ...(payee ? { payee: outcome.payee } : {}),
      ...(input.note === undefined && outcome.note !== undefined ? { note: outcome.note } : {}),
    },
    payee,
  };
}

const tagSetKey = (tagIds: readonly string[]) => [...new Set(tagIds)].sort().join(",");

/** Only income and expenses have a payee: someone outside paid, or was paid. */
const kindsWithPayee: readonly TransactionKind[] = ["income", "expense"];

/**
 * A write's payee: what it chose (null: leave it as it is), the payee's id and name for the row and the
 * answer — the one found by the read, or the one the write makes (`madeId`) — refused for a transfer or
 * a card payment, which an edit to one of those kinds takes off.
 */
function payeeOfWrite(
  input: TransactionInput,
  kind: TransactionKind,
  isNew: boolean,
  found: { id: string; name: string } | undefined,
  kept: { id: string; name: string } | null = null,
) {
  const madeId = newId();
  if (!kindsWithPayee.includes(kind)) {
    if (typeof input.payee === "string") throw fieldError("payee", "errors:fields.payeeKind");
    return { choice: kept ? ({ none: true } as const) : null, madeId, id: null, name: null };
  }
  const choice = payeeChoiceOf(input.payee, input.description, isNew);
  if (choice === null) return { choice, madeId, id: kept?.id ?? null, name: kept?.name ?? null };
  if ("none" in choice) return { choice, madeId, id: null, name: null };
  if ("named" in choice) return { choice, madeId, id: found?.id ?? madeId, name: found?.name ?? choice.named };
  return { choice, madeId, id: found?.id ?? null, name: found?.name ?? null };
}

/** A write's parts as the row's JSON carries them (./transaction-parts.ts), for its answer. */
const partsJsonOf = (parts: readonly PartRow[]) =>
  JSON.stringify(
    parts.map((part) => ({ uuid: part.id, amount_cents: part.amountUnits, note: part.note, tag_ids: part.tagIds })),
  );

type PlannedSource = { kind: PlannedSourceKind; id: string; name: string } | null;

/** For an edit, the scheduled or recurring item the transaction came from, which its answer keeps showing. */
const plannedSourceQuery = (ctx: ServiceContext, ref: TransactionRef) =>
  ctx.db
    .select({
      kind: plannedOccurrences.sourceKind,
      id: plannedOccurrences.sourceId,
      name: plannedOccurrences.sourceName,
    })
    .from(transactions)
    .innerJoin(plannedOccurrences, eq(plannedOccurrences.id, transactions.plannedOccurrenceId))
    .where(and(eq(transactions.id, ref.transactionId), eq(transactions.workspaceId, ref.workspaceId)));

/** What an answer shows besides the row, its names and tags: where it was posted from, its parts, its payee's name. */
type AnswerExtras = { plannedSource?: PlannedSource; partsJson?: string | null; payeeName?: string | null };

export function responseOf(
  row: TransactionRow,
  lookup: Lookup,
  tagRows: TagRow[],
  createdByName: string | null,
  { plannedSource = null, partsJson = null, payeeName = null }: AnswerExtras = {},
) {
  const accountName = (id: string | null) =>
    id
      ? (lookup.accounts.get(id)?.name ??
        [...lookup.cards.values()].find((found) => found.account.id === id)?.account.name ??
        null)
      : null;
  const cardName = (id: string | null) => (id ? (lookup.cards.get(id)?.card.name ?? null) : null);
  return toTransactionResponse({
    transaction: row,
    originAccountName: accountName(row.originAccountId),
    originCardName: cardName(row.originCardId),
    destinationAccountName: accountName(row.destinationAccountId),
    destinationCardName: cardName(row.destinationCardId),
    createdByName,
    payeeName,
    tagsJson: JSON.stringify(tagRows.map(tagJsonOf)),
    partsJson,
    // A write's answer does not read rates: lists and reads give the converted amount.
    conversionJson: null,
    // Nor where a bank line came from, nor its receipts: lists and reads say them.
    bankJson: null,
    receiptCount: 0,
    plannedSource,
  });
}

export const tagJsonOf = (tag: TagRow): TagJson => ({
  uuid: tag.id,
  name: tag.name,
  color: tag.color,
  parent_id: tag.parentId,
  has_subcategories: tag.hasSubcategories,
});

export function creditLimits(lookup: Lookup) {
  return new Map([...lookup.cards.values()].map(({ card }) => [card.id, card]));
}

function rowColumns(resolved: ResolvedTransaction, input: TransactionInput, workspace: LedgerWorkspace, now: Date) {
  const { kind, ...money } = resolved;
  return {
    kind,
    ...money,
    description: input.description,
    date: input.date ?? todayIn(workspace.timeZone, now),
    ...(input.note === undefined ? {} : { note: input.note }),
  };
}

export type TransactionResponse = ReturnType<typeof responseOf>;

/** POST /transactions; sent again with the same Idempotency-Key, it answers its first answer and writes nothing. */
export function createTransaction({
  ctx,
  input,
}: ServiceCall<WorkspaceRef & TransactionInput & { idempotencyKey?: string }>) {
  const { idempotencyKey, ...fields } = input;
  const { workspaceId, ...body } = fields;
  return postTransaction(
    { ctx, input: fields },
    workspaceWriteRequest(idempotencyKey, workspaceId, "transactions", body),
  );
}

/** Statements a caller adds to a write's own batch, given the new row's id (the assistant's message claim). */
export type AlsoInBatch = (writtenId: string) => BatchItem<"sqlite">[];

/**
 * The row, its tags and every balance it moves, in one atomic batch with the request's key and
 * answer. Card purchases and payments post through here too, keyed by their own request.
 */
export async function postTransaction(
  { ctx, input: sent }: ServiceCall<WorkspaceRef & TransactionInput>,
  request?: IdempotentRequest,
  alsoInBatch: AlsoInBatch = () => [],
): Promise<Answer<{ data: TransactionResponse }>> {
  let input = sent;
  const once = await idempotentWrite(ctx, input.workspaceId, request);
  const {
    workspace,
    rows: { accountRows, cardRows, tagRows: namedTagRows, actorRows, payeeRows, ruleRows, ruleTagRows, storedAnswer },
  } = await readInWorkspace(ctx, input.workspaceId, "finances.write", {
    ...referencedQueries(ctx, input.workspaceId, input),
    actorRows: actorNameQuery(ctx),
    payeeRows: payeeOfChoiceQuery(ctx, input.workspaceId, payeeChoiceOf(input.payee, input.description, true)),
    ...(ctx.actor.type === "person" ? typedRulesQueries(ctx, input.workspaceId) : {}),
    ...once.lookups,
  });
  // A retry is answered before anything is checked again: what it asked for was already done.
  const replay = once.replayOf<{ data: TransactionResponse }>(storedAnswer?.[0]);
  if (replay) return replay;
  const ruled = ruleRows ? { rules: ruleRows, tags: ruleTagRows ?? [] } : null;
  const lookup = lookupOf(accountRows, cardRows);
  assertNamedTagsFound(input, namedTagRows);
  const resolved = resolveTransaction(input, lookup, null, "typed");
  const typed = filedByTypedRules(input, resolved, payeeRows?.[0]?.name ?? null, ruled);
  input = typed.input;
  // The tags it is given: those it names, or those its rules gave it.
  const filedIds = tagIdsNamed(input);
  const tagRows = [...namedTagRows, ...(ruled?.tags ?? [])].filter(
    (tag, index, all) => filedIds.includes(tag.id) && all.findIndex((other) => other.id === tag.id) === index,
  );
  const parts = partsOfInput(input, resolved);
  const payee = payeeOfWrite(input, resolved.kind, true, typed.payee ? undefined : payeeRows?.[0]);
  const effects = effectsOfChange(null, resolved);
  assertCreditAvailable(effects, creditLimits(lookup));
  const now = ctx.clock.now();
  const row: TransactionRow = {
    id: newId(),
    workspaceId: input.workspaceId,
    note: null,
    payeeId: payee.id,
    ...rowColumns(resolved, input, workspace, now),
    createdBy: actorUserId(ctx.actor),
    createdVia: createdViaOf(ctx.actor),
    plannedOccurrenceId: null,
    importId: null,
    importedId: null,
    revision: 0,
    createdAt: now.toISOString(),
    updatedAt: null,
  };
  const answer = created(
    responseOf(row, lookup, tagRows, actorRows?.[0]?.name ?? null, {
      partsJson: parts ? partsJsonOf(parts) : null,
      payeeName: payee.name,
    }),
  );
  const racedTwin = await once.commit<{ data: TransactionResponse }>(
    runLedgerBatch(
      batchOfStatements(ctx.db, [
        ...once.record(answer),
        // The payee follows the row (payeeSet): a payee this write makes is not there yet.
        ctx.db.insert(transactions).values({ ...row, payeeId: null }),
        ...alsoInBatch(row.id),
        countChange(ctx, input.workspaceId, 1),
        ...(parts
          ? partsWritten(ctx.db, row.id, row.revision, row.amountCents, parts)
          : tagLinkStatements(ctx.db, row.id, tagRows)),
        ...payeeSet(ctx.db, input.workspaceId, row.id, payee.choice, payee.madeId, row.createdAt),
        ...effectStatements(ctx, input.workspaceId, effects),
      ]),
    ),
  );
  return racedTwin ?? answer;
}

/** The workspace's kept transaction count moves with inserts and deletes, in their batch. */
export function countChange(ctx: ServiceContext, workspaceId: string, delta: number, onlyIf?: SQL) {
  return ctx.db
    .update(workspaces)
    .set({ transactionCount: sql`${workspaces.transactionCount} + ${delta}` })
    .where(and(eq(workspaces.id, workspaceId), onlyIf));
}

/** True while the row is still at the revision this request read. */
const isAtRevision = (ctx: ServiceContext, row: TransactionRow) =>
  exists(
    ctx.db
      .select({ one: sql`1` })
      .from(transactions)
      .where(and(eq(transactions.id, row.id), eq(transactions.revision, row.revision))),
  );

const changedMeanwhile = () => new AppError("TRANSACTION_CHANGED");

/**
 * PUT /transactions/{id}: undo what the old row did and do what the new one does, in one
 * batch guarded by the row's revision, so two edits racing cannot both move the balances.
 * Tags are replaced only when `tag_ids` is sent. One read round trip, one write. The answer is
 * worked out from the read (the creator's name included), not read back.
 */
export async function updateTransaction({ ctx, input }: ServiceCall<TransactionRef & TransactionInput>) {
  const {
    workspace,
    rows: {
      previousRows,
      currentTags,
      accountRows,
      cardRows,
      tagRows,
      creatorRows,
      sourceRows,
      previousParts,
      payeeRows,
    },
  } = await readInWorkspace(ctx, input.workspaceId, "finances.write", {
    previousRows: transactionRowQuery(ctx, input.workspaceId, input.transactionId),
    previousParts: partsOfTransactionQuery(ctx, input.workspaceId, input.transactionId),
    payeeRows: payeeOfChoiceQuery(ctx, input.workspaceId, payeeChoiceOf(input.payee, input.description, false)),
    currentTags: tagsOfTransactionQuery(ctx, input.workspaceId, input.transactionId),
    ...referencedQueries(ctx, input.workspaceId, input, input.transactionId),
    creatorRows: creatorNameQuery(ctx, input),
    sourceRows: plannedSourceQuery(ctx, input),
  });
  const previous = previousRows[0];
  if (!previous) throw transactionNotFound();
  const lookup = lookupOf(accountRows, cardRows);
  assertNamedTagsFound(input, tagRows);
  const resolved = resolveTransaction(input, lookup, previous, "typed");
  const keptPartsJson = previousParts[0]?.partsJson ?? null;
  const parts = partsOfInput(input, resolved);
  if (parts === undefined && keptPartsJson !== null) assertPartsStillFit(input, previous, resolved);
  const keptPayee = previousParts[0]?.payee ?? null;
  const payee = payeeOfWrite(input, resolved.kind, false, payeeRows?.[0], keptPayee);
  const effects = effectsOfChange(previous, resolved);
  assertCreditAvailable(effects, creditLimits(lookup));
  const now = ctx.clock.now();
  const columns = rowColumns(resolved, { ...input, date: input.date ?? previous.date }, workspace, now);
  const row: TransactionRow = {
    ...previous,
    ...columns,
    payeeId: payee.id,
    revision: previous.revision + 1,
    updatedAt: now.toISOString(),
  };
  const guard = isAtRevision(ctx, previous);
  const retagged =
    !parts &&
    input.tag_ids !== undefined &&
    input.tag_ids.length > 0 &&
    tagSetKey(input.tag_ids) !== tagSetKey(currentTags.map((tag) => tag.id));
  const unsplit = parts === null && keptPartsJson !== null;
  // Un-split without new tags, it keeps every tag its parts had.
  const tagsAfter = parts || input.tag_ids ? tagRows : currentTags;
  const tagStatements = parts
    ? partsWritten(ctx.db, row.id, previous.revision, row.amountCents, parts)
    : input.tag_ids || unsplit
      ? [
          ...(unsplit ? partsDeleted(ctx.db, row.id, previous.revision) : []),
          ...tagLinksReplaced(ctx.db, row.id, tagsAfter, guard),
        ]
      : [];
  const updated = await runLedgerBatch(
    batchEndingWith(
      ctx.db,
      [
        ...effectStatements(ctx, previous.workspaceId, effects, guard),
        ...tagStatements,
        ...payeeSet(ctx.db, previous.workspaceId, row.id, payee.choice, payee.madeId, row.updatedAt!, guard),
        // Re-tagged by hand: counted towards offering a rule for its payee (README: "Rules").
        ...(retagged
          ? [retaggingCounted(ctx.db, previous.workspaceId, row.id, previous.revision, input.tag_ids!)]
          : []),
      ],
      ctx.db
        .update(transactions)
        .set({ ...columns, revision: row.revision, updatedAt: row.updatedAt })
        .where(and(eq(transactions.id, row.id), eq(transactions.revision, previous.revision))),
    ),
  );
  if (updated.rowsAffected !== 1) throw changedMeanwhile();
  return responseOf(row, lookup, tagsAfter, creatorRows[0]?.name ?? null, {
    plannedSource: sourceRows[0] ?? null,
    partsJson: parts ? partsJsonOf(parts) : parts === undefined ? keptPartsJson : null,
    payeeName: payee.name,
  });
}

/** DELETE /transactions/{id}: the balances move back and the row goes, in one guarded batch. */
export async function deleteTransaction({ ctx, input }: ServiceCall<TransactionRef>) {
  const {
    rows: { previousRows },
  } = await readInWorkspace(ctx, input.workspaceId, "finances.write", {
    previousRows: transactionRowQuery(ctx, input.workspaceId, input.transactionId),
  });
  const previous = previousRows[0];
  if (!previous) throw transactionNotFound();
  const effects = effectsOfChange(previous, null);
  // Undoing an expense raises a balance, so the bound's guard can refuse a delete too.
  const deleted = await runLedgerBatch(
    batchEndingWith(
      ctx.db,
      [
        ...effectStatements(ctx, previous.workspaceId, effects, isAtRevision(ctx, previous)),
        countChange(ctx, previous.workspaceId, -1, isAtRevision(ctx, previous)),
      ],
      ctx.db
        .delete(transactions)
        .where(and(eq(transactions.id, previous.id), eq(transactions.revision, previous.revision))),
    ),
  );
  if (deleted.rowsAffected !== 1) throw changedMeanwhile();
  return { message: "Transaction deleted" };
}
