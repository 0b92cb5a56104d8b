import { and, desc, eq, inArray, isNull, or, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import type { z } from "zod";
import { newId, isUuid } from "../../db/ids.ts";
import { batchEndingWith, batchOfStatements } from "../../db/named-batch.ts";
import {
  accounts,
  cards,
  statementImportChunks,
  statementImports,
  transactions,
  transactionTags,
  users,
} from "../../db/schema/index.ts";
import type { PersonCall } from "../access/actor.ts";
import { readInWorkspace } from "../access/actor-access.ts";
import type { ServiceContext } from "../context.ts";
import { AppError, fieldError } from "../http/errors.ts";
import { decimalToUnits, minorUnitOf } from "../ledger/amounts.ts";
import { assertCreditAvailable, effectStatements, runLedgerBatch } from "../ledger/apply-effects.ts";
import { effectsOf, noEffects } from "../ledger/effects.ts";
import { lookupOf, resolveTransaction } from "../transactions/transaction-legs.ts";
import { payeesOfLines } from "../payees/payee-statements.ts";
import { tagLinkRows } from "../ledger/tag-links.ts";
import { partsOfNewRows } from "../transactions/transaction-parts.ts";
import { namedTagsQuery } from "../transactions/transactions.queries.ts";
import { checkedParts, tagIdsFiled } from "./import-filing.ts";
import { countChange, creditLimits } from "../transactions/transactions.service.ts";
import type { LegRef, TransactionInput } from "../transactions/transactions.schemas.ts";
import type { WorkspaceRef } from "../access/workspace-access.ts";
import type { CsvMapping } from "./csv-mapping.schemas.ts";
import { targetMissing, targetQuery } from "./import-target.ts";
import type { importChunkAnswerSchema, importResponseSchema } from "./imports.responses.ts";
import type { ImportChunkInput, ImportCreateInput } from "./imports.schemas.ts";

export type ImportRef = WorkspaceRef & { importId: string };

const importNotFound = () => new AppError("NOT_FOUND", "errors:details.importNotFound");
const importUndone = () => new AppError("IMPORT_UNDONE");

/** The statement import, only in its workspace (an id of another workspace, or of a move-in, reads nothing). */
const importRowQuery = (ctx: ServiceContext, ref: ImportRef) =>
  ctx.db
    .select()
    .from(statementImports)
    .where(
      and(
        eq(statementImports.workspaceId, ref.workspaceId),
        eq(statementImports.id, isUuid(ref.importId) ? ref.importId : ""),
        isNull(statementImports.sourceApp),
      ),
    );

type ImportRow = typeof statementImports.$inferSelect;

export type ImportResponse = z.infer<typeof importResponseSchema>;

function importResponse(row: ImportRow, target: { name: string } | null, createdByName: string | null): ImportResponse {
  return {
    uuid: row.id,
    file_name: row.fileName,
    format: row.format,
    target: {
      type: row.cardId ? ("card" as const) : ("account" as const),
      uuid: (row.cardId ?? row.accountId)!,
      name: target?.name ?? null,
    },
    line_count: row.lineCount,
    created_count: row.createdCount,
    skipped_count: row.skippedCount,
    refused_count: row.refusedCount,
    csv_mapping: row.csvMapping ? (JSON.parse(row.csvMapping) as CsvMapping) : null,
    created_by: createdByName === null ? null : { name: createdByName },
    created_at: row.createdAt,
    undone_at: row.undoneAt,
  };
}

/**
 * POST /imports: the record of a statement about to be written, after its preview. Its lines
 * follow in chunks (writeImportChunk); until the first arrives it has created nothing.
 */
export async function createImport({
  ctx,
  input,
}: PersonCall<WorkspaceRef & ImportCreateInput>): Promise<ImportResponse> {
  const {
    rows: { targetRows, nameRows },
  } = await readInWorkspace(ctx, input.workspaceId, "finances.write", {
    targetRows: targetQuery(ctx, input.workspaceId, input.target),
    nameRows: ctx.db.select({ name: users.name }).from(users).where(eq(users.id, ctx.actor.userId)),
  });
  const target = targetRows[0];
  if (!target) throw targetMissing();
  if (!target.isActive) throw fieldError("target", "errors:fields.legArchived");
  const row: ImportRow = {
    id: newId(),
    workspaceId: input.workspaceId,
    accountId: input.target.type === "account" ? target.id : null,
    cardId: input.target.type === "card" ? target.id : null,
    fileName: input.file_name,
    format: input.format,
    csvMapping: input.format === "csv" && input.csv_mapping ? JSON.stringify(input.csv_mapping) : null,
    lineCount: input.line_count,
    skippedCount: input.skipped_count,
    refusedCount: input.refused_count,
    createdCount: 0,
    createdBy: ctx.actor.userId,
    createdAt: ctx.clock.now().toISOString(),
    undoneAt: null,
    sourceApp: null,
    createdEntities: null,
  };
  await batchOfStatements(ctx.db, [ctx.db.insert(statementImports).values(row)]);
  return importResponse(row, target, nameRows[0]?.name ?? null);
}

/**
 * The import's account or card, as the ledger's lookup reads it, found from the import itself in the same
 * batch, and the other sides its transfers name.
 */
function importLegQueries(ctx: ServiceContext, ref: ImportRef, others: readonly LegRef[]) {
  const otherIds = (type: LegRef["type"]) => others.filter((leg) => leg.type === type).map((leg) => leg.id);
  const ofImport = (column: typeof statementImports.accountId | typeof statementImports.cardId) =>
    ctx.db
      .select({ id: column })
      .from(statementImports)
      .where(
        and(
          eq(statementImports.id, isUuid(ref.importId) ? ref.importId : ""),
          eq(statementImports.workspaceId, ref.workspaceId),
        ),
      );
  const cardAccount = alias(accounts, "card_account");
  return {
    accountRows: ctx.db
      .select()
      .from(accounts)
      .where(
        and(
          eq(accounts.workspaceId, ref.workspaceId),
          or(inArray(accounts.id, ofImport(statementImports.accountId)), inArray(accounts.id, otherIds("account"))),
        ),
      ),
    cardRows: ctx.db
      .select({ card: cards, account: cardAccount })
      .from(cards)
      .innerJoin(cardAccount, eq(cardAccount.id, cards.accountId))
      .where(
        and(
          eq(cards.workspaceId, ref.workspaceId),
          or(inArray(cards.id, ofImport(statementImports.cardId)), inArray(cards.id, otherIds("card"))),
        ),
      ),
  };
}

/** Which of the chunk's bank ids the import's account or card already holds (the unique index's expression). */
function takenIdsQuery(ctx: ServiceContext, ref: ImportRef, ids: string[]) {
  const leg = sql`coalesce(${transactions.originCardId}, ${transactions.destinationCardId}, ${transactions.originAccountId}, ${transactions.destinationAccountId})`;
  const importLeg = sql`(select coalesce(${statementImports.cardId}, ${statementImports.accountId}) from ${statementImports} where ${statementImports.id} = ${ref.importId})`;
  return ctx.db
    .select({ importedId: transactions.importedId })
    .from(transactions)
    .where(
      and(
        sql`${leg} = ${importLeg}`,
        sql`${transactions.importedId} is not null`,
        sql`${transactions.importedId} in (select value from json_each(${JSON.stringify(ids)}))`,
        eq(transactions.workspaceId, ref.workspaceId),
      ),
    );
}

/** A chunk already written of an import (a statement's or a move-in's): a repeated chunk answers what it wrote. */
export const chunkQuery = (ctx: ServiceContext, importId: string, chunkIndex: number) =>
  ctx.db
    .select({ createdCount: statementImportChunks.createdCount, skippedCount: statementImportChunks.skippedCount })
    .from(statementImportChunks)
    .where(
      and(
        eq(statementImportChunks.importId, isUuid(importId) ? importId : ""),
        eq(statementImportChunks.chunkIndex, chunkIndex),
      ),
    );

type ChunkAnswer = z.infer<typeof importChunkAnswerSchema>;

export const chunkAnswer = (chunkIndex: number, row: { createdCount: number; skippedCount: number }): ChunkAnswer => ({
  chunk_index: chunkIndex,
  created: row.createdCount,
  skipped: row.skippedCount,
});

/** A batch refused because the import was undone meanwhile (the counter's guard writes NULL). */
const undoneFailure = "NOT NULL constraint failed: statement_imports.created_count";
/** A bank id taken by another import between this chunk's read and its write. */
const takenFailure = "transactions_imported_id_unique";
/** The same chunk written by a twin request first. */
const chunkTakenFailure = "statement_import_chunks";

/** Whether an error, or one that caused it, says `text` (a constraint's name, a guard's message). */
export function failedWith(error: unknown, text: string): boolean {
  for (let cause = error; cause instanceof Error; cause = cause.cause) {
    if (cause.message.includes(text)) return true;
  }
  return false;
}

/**
 * POST /imports/{id}/chunks: up to 500 of the file's lines as transactions, in ONE atomic batch
 * with their balances, the workspace's count, the import's counter and the chunk's claim. A line
 * whose bank id the account or card already holds is skipped. The same chunk sent again (a
 * retry after a lost answer, or a twin racing it) is answered from its claim and writes nothing.
 */
export async function writeImportChunk(
  call: PersonCall<ImportRef & ImportChunkInput>,
  attempt = 1,
): Promise<ChunkAnswer> {
  const { ctx, input } = call;
  const ids = input.lines.flatMap((line) => (line.imported_id ? [line.imported_id] : []));
  const {
    rows: { importRows, chunkRows, accountRows, cardRows, takenRows, filedTags },
  } = await readInWorkspace(ctx, input.workspaceId, "finances.write", {
    importRows: importRowQuery(ctx, input),
    chunkRows: chunkQuery(ctx, input.importId, input.chunk_index),
    ...importLegQueries(
      ctx,
      input,
      input.lines.flatMap((line) => (line.transfer_with ? [line.transfer_with] : [])),
    ),
    takenRows: ids.length > 0 ? takenIdsQuery(ctx, input, ids) : undefined,
    filedTags: namedTagsQuery(ctx, input.workspaceId, tagIdsFiled(input.lines)),
  });
  const record = importRows[0];
  if (!record) throw importNotFound();
  const claimed = chunkRows[0];
  if (claimed) return chunkAnswer(input.chunk_index, claimed);
  if (record.undoneAt) throw importUndone();
  const lookup = lookupOf(accountRows, cardRows);
  const targetRef: LegRef = record.cardId
    ? { type: "card", id: record.cardId }
    : { type: "account", id: record.accountId! };
  const currency =
    targetRef.type === "card"
      ? lookup.cards.get(targetRef.id)?.account.currency
      : lookup.accounts.get(targetRef.id)?.currency;
  if (!currency) throw targetMissing();
  const places = minorUnitOf(currency);
  const taken = new Set((takenRows ?? []).map((row) => row.importedId));
  const now = ctx.clock.now().toISOString();
  const effects = noEffects();
  const rows: (typeof transactions.$inferInsert)[] = [];
  const tagById = new Map(filedTags.map((tag) => [tag.id, tag]));
  const foundTagIds = new Set(tagById.keys());
  const linkRows: ReturnType<typeof tagLinkRows> = [];
  const splitRows: Parameters<typeof partsOfNewRows>[1][number][] = [];
  const payeeLines: Parameters<typeof payeesOfLines>[2][number][] = [];
  let skipped = 0;
  input.lines.forEach((line, index) => {
    const importedId = line.imported_id ?? null;
    if (importedId !== null && taken.has(importedId)) {
      skipped += 1;
      return;
    }
    if (importedId !== null) taken.add(importedId);
    const isOut = line.amount.startsWith("-");
    const units = decimalToUnits(isOut ? line.amount.slice(1) : line.amount, places);
    if (units === null || units === 0) throw fieldError(`lines.${index}.amount`, "errors:fields.amountFormat");
    const other = line.transfer_with ?? null;
    // A transfer or card payment of our own export: its kind follows from its two sides.
    const transactionInput: TransactionInput = {
      ...(other ? {} : { type: isOut ? "expense" : "income" }),
      amount: units,
      description: line.description,
      date: line.date,
      ...(isOut ? { origin: targetRef } : { destination: targetRef }),
      ...(other ? (isOut ? { destination: other } : { origin: other }) : {}),
    };
    const resolved = resolveTransaction(transactionInput, lookup, null, "units");
    effectsOf(resolved, 1, effects);
    const { kind, ...money } = resolved;
    const id = newId();
    // How the preview's rules filed it: its tags or parts, payee, description and note.
    const filed = line.filed ?? null;
    const parts = filed ? checkedParts(filed, index, units, currency, foundTagIds) : null;
    if (parts)
      splitRows.push({
        transactionId: id,
        amountUnits: units,
        parts: parts.map((part) => ({ id: newId(), amountUnits: part.amountUnits, tagIds: part.tagIds, note: null })),
      });
    else if (filed?.tag_ids?.length)
      linkRows.push(
        ...tagLinkRows(
          id,
          filed.tag_ids.map((tagId) => tagById.get(tagId)!),
        ),
      );
    payeeLines.push({ transactionId: id, description: line.description, payee: filed?.payee ?? null });
    rows.push({
      id,
      workspaceId: input.workspaceId,
      kind,
      ...money,
      description: filed?.description ?? line.description,
      date: line.date,
      note: filed?.note ?? line.note ?? null,
      createdBy: ctx.actor.userId,
      createdVia: "person",
      importId: record.id,
      importedId,
      createdAt: now,
    });
  });
  assertCreditAvailable(effects, creditLimits(lookup));
  const written = await writtenChunk(ctx, {
    workspaceId: input.workspaceId,
    importId: record.id,
    chunkIndex: input.chunk_index,
    rows,
    linkRows,
    splitRows,
    payeeLines,
    effects,
    skipped,
    now,
  });
  if (written === "again" && attempt < 3) return writeImportChunk(call, attempt + 1);
  if (written === "again") throw new AppError("IMPORT_CHANGED");
  return { chunk_index: input.chunk_index, created: rows.length, skipped };
}

/** A chunk's transactions as one batch writes them: their links, parts, payees and balances. */
export type ChunkWrite = {
  workspaceId: string;
  importId: string;
  chunkIndex: number;
  rows: (typeof transactions.$inferInsert)[];
  linkRows: ReturnType<typeof tagLinkRows>;
  splitRows: Parameters<typeof partsOfNewRows>[1][number][];
  payeeLines: Parameters<typeof payeesOfLines>[2][number][];
  effects: ReturnType<typeof noEffects>;
  skipped: number;
  now: string;
};

/**
 * The batch of an import's (or a move-in's) chunk: the counter first — NULL, failing the whole batch, once
 * the import was undone meanwhile (IMPORT_UNDONE) — the chunk's claim, the transactions with their tag
 * links, parts and payees, the workspace's count and the balances. "again" when a twin wrote the chunk
 * first or another import took one of its bank ids: the caller reads again and answers from what is there.
 */
export async function writtenChunk(ctx: ServiceContext, chunk: ChunkWrite): Promise<"written" | "again"> {
  const counter = ctx.db
    .update(statementImports)
    .set({
      createdCount: sql`case when ${statementImports.undoneAt} is null then ${statementImports.createdCount} + ${chunk.rows.length} end`,
    })
    .where(eq(statementImports.id, chunk.importId));
  try {
    await runLedgerBatch(
      batchOfStatements(ctx.db, [
        counter,
        ctx.db.insert(statementImportChunks).values({
          importId: chunk.importId,
          chunkIndex: chunk.chunkIndex,
          createdCount: chunk.rows.length,
          skippedCount: chunk.skipped,
        }),
        ...(chunk.rows.length > 0 ? [ctx.db.insert(transactions).values(chunk.rows)] : []),
        ...(chunk.linkRows.length > 0 ? [ctx.db.insert(transactionTags).values(chunk.linkRows)] : []),
        ...partsOfNewRows(ctx.db, chunk.splitRows),
        // Each line's payee: the one a rule named, or the one its text is known as, or one made from it.
        ...payeesOfLines(ctx.db, chunk.workspaceId, chunk.payeeLines, chunk.now),
        countChange(ctx, chunk.workspaceId, chunk.rows.length),
        ...effectStatements(ctx, chunk.workspaceId, chunk.effects),
      ]),
      `lines`,
    );
    return "written";
  } catch (error) {
    if (failedWith(error, undoneFailure)) throw importUndone();
    if (failedWith(error, chunkTakenFailure) || failedWith(error, takenFailure)) return "again";
    throw error;
  }
}

/** GET /imports: the workspace's latest imports (or one account's or card's), newest first. */
export async function listImports({
  ctx,
  input,
}: PersonCall<WorkspaceRef & { target?: LegRef }>): Promise<ImportResponse[]> {
  const cardOf = alias(cards, "import_card");
  const accountOf = alias(accounts, "import_account");
  const onTarget = input.target
    ? input.target.type === "account"
      ? eq(statementImports.accountId, input.target.id)
      : eq(statementImports.cardId, input.target.id)
    : undefined;
  const {
    rows: { importRows },
  } = await readInWorkspace(ctx, input.workspaceId, "workspace.read", {
    importRows: ctx.db
      .select({
        row: statementImports,
        targetName: sql<string | null>`coalesce(${cardOf.name}, ${accountOf.name})`,
        createdByName: users.name,
      })
      .from(statementImports)
      .leftJoin(cardOf, eq(cardOf.id, statementImports.cardId))
      .leftJoin(accountOf, eq(accountOf.id, statementImports.accountId))
      .leftJoin(users, eq(users.id, statementImports.createdBy))
      .where(and(eq(statementImports.workspaceId, input.workspaceId), isNull(statementImports.sourceApp), onTarget))
      .orderBy(desc(statementImports.createdAt), desc(statementImports.id))
      .limit(50),
  });
  return importRows.map(({ row, targetName, createdByName }) =>
    importResponse(row, targetName === null ? null : { name: targetName }, createdByName),
  );
}

/**
 * DELETE /imports/{id}: undo an import — every transaction it created goes, and every balance it
 * moved moves back, in ONE atomic batch. The batch holds only while the import's transactions are
 * exactly those read (their count and revisions): one edited or deleted meanwhile makes it a 409,
 * and nothing changes. Undoing an undone import answers it again.
 */
export async function undoImport({ ctx, input }: PersonCall<ImportRef>): Promise<ImportResponse> {
  const {
    rows: { importRows, createdRows, nameRows },
  } = await readInWorkspace(ctx, input.workspaceId, "finances.write", {
    importRows: importRowQuery(ctx, input),
    createdRows: ctx.db
      .select()
      .from(transactions)
      .where(
        and(
          eq(transactions.workspaceId, input.workspaceId),
          eq(transactions.importId, isUuid(input.importId) ? input.importId : ""),
        ),
      ),
    nameRows: ctx.db
      .select({ name: sql<string | null>`coalesce(${cards.name}, ${accounts.name})` })
      .from(statementImports)
      .leftJoin(cards, eq(cards.id, statementImports.cardId))
      .leftJoin(accounts, eq(accounts.id, statementImports.accountId))
      .where(eq(statementImports.id, isUuid(input.importId) ? input.importId : "")),
  });
  const record = importRows[0];
  if (!record) throw importNotFound();
  const targetName = nameRows[0]?.name ? { name: nameRows[0].name } : null;
  if (record.undoneAt) return importResponse(record, targetName, null);
  const undoneAt = await undoneImport(ctx, input.workspaceId, record.id, createdRows);
  return importResponse({ ...record, undoneAt }, targetName, null);
}

/**
 * The undo's batch: the import's transactions go and their balances move back, and the import is
 * marked undone, while its transactions are exactly those read (their count and revisions); otherwise
 * IMPORT_CHANGED and nothing changes. Answers the moment it was undone.
 */
export async function undoneImport(
  ctx: ServiceContext,
  workspaceId: string,
  importId: string,
  createdRows: readonly (typeof transactions.$inferSelect)[],
): Promise<string> {
  const effects = noEffects();
  for (const row of createdRows) effectsOf(row, -1, effects);
  const revisions = createdRows.reduce((sum, row) => sum + row.revision, 0);
  const unchanged = sql`(select count(*) || ':' || coalesce(sum(${transactions.revision}), 0) from ${transactions} where ${transactions.importId} = ${importId}) = ${`${createdRows.length}:${revisions}`}`;
  const undoneAt = ctx.clock.now().toISOString();
  const markedUndone = sql`exists (select 1 from ${statementImports} where ${statementImports.id} = ${importId} and ${statementImports.undoneAt} = ${undoneAt})`;
  const mark = ctx.db
    .update(statementImports)
    .set({ undoneAt })
    .where(and(eq(statementImports.id, importId), isNull(statementImports.undoneAt), unchanged));
  // An import that created nothing is undone by its mark alone; otherwise the rows go last, once marked.
  const applied =
    createdRows.length === 0
      ? await batchEndingWith(ctx.db, [], mark)
      : await runLedgerBatch(
          batchEndingWith(
            ctx.db,
            [
              ...effectStatements(ctx, workspaceId, effects, unchanged),
              countChange(ctx, workspaceId, -createdRows.length, unchanged),
              mark,
            ],
            ctx.db.delete(transactions).where(and(eq(transactions.importId, importId), markedUndone)),
          ),
        );
  if (applied.rowsAffected !== Math.max(createdRows.length, 1)) throw new AppError("IMPORT_CHANGED");
  return undoneAt;
}
