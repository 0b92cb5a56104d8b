import { and, desc, eq, inArray, isNotNull, isNull, notExists, or, sql } from "drizzle-orm";
import { type AnySQLiteColumn, alias } from "drizzle-orm/sqlite-core";
import type { z } from "zod";
import type { HistoryApp } from "../../db/history-apps.ts";
import { isUuid, newId } from "../../db/ids.ts";
import { batchOfStatements } from "../../db/named-batch.ts";
import {
  accounts,
  cards,
  loans,
  statementImports,
  tags,
  transactionPartTags,
  transactions,
  transactionTags,
  users,
} from "../../db/schema/index.ts";
import type { PersonCall } from "../access/actor.ts";
import { readInWorkspace } from "../access/actor-access.ts";
import type { WorkspaceRef } from "../access/workspace-access.ts";
import type { ServiceContext } from "../context.ts";
import { AppError, fieldError } from "../http/errors.ts";
import type { Language } from "../i18n/language.ts";
import { comparedDays, matchLines, type ComparableLine } from "../imports/duplicates.ts";
import { existingTransactionsQuery, namedLegsQueries } from "../imports/import-target.ts";
import { refusedFile, statementTooLarge } from "../imports/import-preview.service.ts";
import {
  type ChunkWrite,
  chunkAnswer,
  chunkQuery,
  failedWith,
  undoneImport,
  writtenChunk,
} from "../imports/imports.service.ts";
import { storedDescription, storedNote, unitsOf } from "../imports/line-values.ts";
import { maxStatementBytes, maxStatementLines, StatementProblem } from "../imports/statement.ts";
import { decodeStatementBytes } from "../imports/statement-text.ts";
import { unitsToDecimal } from "../ledger/amounts.ts";
import { assertCreditAvailable } from "../ledger/apply-effects.ts";
import { effectsOf, noEffects } from "../ledger/effects.ts";
import { tagLinkRows } from "../ledger/tag-links.ts";
import type { payeesOfLines } from "../payees/payee-statements.ts";
import { accountsUsedQuery, workspaceOwnerTierQuery } from "../tiers/tier-queries.ts";
import { resolveTier } from "../tiers/tiers.ts";
import { lookupOf, resolveTransaction } from "../transactions/transaction-legs.ts";
import { namedTagsQuery } from "../transactions/transactions.queries.ts";
import type { LegRef } from "../transactions/transactions.schemas.ts";
import { creditLimits } from "../transactions/transactions.service.ts";
import type { CsvDateFormat } from "../imports/csv-mapping.ts";
import { readHistoryFile, readHistoryWorkbook } from "./history-formats.ts";
import { isZip, readXlsxRows, WorkbookProblem } from "./xlsx-rows.ts";
import { nameKey } from "./history-rows.ts";
import { type PlannedLine, type PlannedPlace, planMoveIn } from "./move-in-plan.ts";
import type {
  MoveInChunkInput,
  MoveInCreateInput,
  moveInChunkAnswerSchema,
  moveInPreviewSchema,
  moveInResponseSchema,
  moveInStartSchema,
} from "./move-in.schemas.ts";

/**
 * "Bring your history" (docs/decisions/056-moving-in-from-another-app.md): another app's export read,
 * planned and previewed; then its accounts, cards and tags created in one batch with the move-in's
 * record; then its lines written in chunks, each one atomic batch with its balances and claim, as a
 * statement import's are; and one undo that takes it all back. A move-in is a statement import whose
 * lines go to many accounts (`statement_imports.source_app`): its transactions name it, so the ledger's
 * undo is the import's.
 */

export type MoveInPreview = z.infer<typeof moveInPreviewSchema>;
export type MoveInResponse = z.infer<typeof moveInResponseSchema>;
export type MoveInStart = z.infer<typeof moveInStartSchema>;
type ChunkAnswer = z.infer<typeof moveInChunkAnswerSchema>;

export type MoveInRef = WorkspaceRef & { moveInId: string };

export type MoveInUpload = { fileName: string; bytes: Uint8Array; dateFormat?: CsvDateFormat };

const moveInNotFound = () => new AppError("NOT_FOUND", "errors:details.moveInNotFound");

/** What a move-in created, kept on its record for the undo. */
type CreatedEntities = { accounts: string[]; cards: string[]; tags: string[] };

/** The colours created accounts and tags take, in turn. */
const palette = ["#1E88E5", "#43A047", "#FB8C00", "#8E24AA", "#E53935", "#00897B", "#6D4C41", "#3949AB"];

/** The leg a transaction's bank id is unique on (the index's coalesce): a card side first, else its origin, else its destination. */
function idLegOf(line: { from: string | null; to: string | null }, kindOf: (key: string) => "account" | "card") {
  const sides = [line.from, line.to].filter((key): key is string => key !== null);
  return sides.find((key) => kindOf(key) === "card") ?? sides[0]!;
}

/**
 * Each line's id: the app, and a digest of its accounts, day, amount and description, with the count
 * of identical lines before it — the same on every read of the same file, different for two equal
 * coffees on one day.
 */
async function importedIdsOf(app: HistoryApp, lines: readonly PlannedLine[]): Promise<string[]> {
  const seen = new Map<string, number>();
  return Promise.all(
    lines.map(async (line) => {
      const content = [line.from, line.to, line.date, line.kind, line.units, line.description].join("\u0000");
      const count = (seen.get(content) ?? 0) + 1;
      seen.set(content, count);
      const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(`${content}\u0000${count}`));
      const hex = [...new Uint8Array(digest).slice(0, 12)].map((byte) => byte.toString(16).padStart(2, "0")).join("");
      return `${app}:${hex}`;
    }),
  );
}

/** The workspace's accounts, cards and tags, as the plan matches names, and its plan's account limit. */
function workspaceReads(ctx: ServiceContext, workspaceId: string) {
  return {
    ...namedLegsQueries(ctx, workspaceId),
    tagRows: ctx.db
      .select({ id: tags.id, name: tags.name, parentId: tags.parentId })
      .from(tags)
      .where(eq(tags.workspaceId, workspaceId)),
    owners: workspaceOwnerTierQuery(ctx, workspaceId),
    used: accountsUsedQuery(ctx, workspaceId),
  };
}

/**
 * POST /move-ins/preview: what the file would create, with the lines the workspace already has
 * marked, before anything is written. The access is checked before the upload is read (a stranger
 * never has a file parsed for them); then one read of the workspace's accounts, cards and tags, and
 * one of the transactions the matched ones hold around the file's days.
 */
export async function previewMoveIn({
  ctx,
  input,
}: PersonCall<WorkspaceRef & { readUpload: () => Promise<MoveInUpload>; language: Language }>): Promise<MoveInPreview> {
  await readInWorkspace(ctx, input.workspaceId, "finances.write", {});
  const upload = await input.readUpload();
  if (upload.bytes.byteLength > maxStatementBytes) throw statementTooLarge();
  let file: ReturnType<typeof readHistoryFile>;
  try {
    const choices = { dateFormat: upload.dateFormat };
    file = isZip(upload.bytes)
      ? readHistoryWorkbook(await workbookRows(upload.bytes), choices)
      : readHistoryFile(decodeStatementBytes(upload.bytes), choices);
  } catch (error) {
    if (error instanceof StatementProblem && error.reason === "ambiguousDates")
      throw fieldError("date_format", "errors:statement.ambiguousDates");
    if (error instanceof StatementProblem) throw refusedFile(error);
    throw error;
  }
  if (!file) throw new AppError("IMPORT_FILE_INVALID", "errors:details.historyUnknown");
  const { workspace, rows } = await readInWorkspace(
    ctx,
    input.workspaceId,
    "finances.write",
    workspaceReads(ctx, input.workspaceId),
  );
  const plan = planMoveIn(file.rows, {
    currency: workspace.currency,
    accounts: rows.namedAccounts,
    cards: rows.namedCards,
    tags: rows.tagRows,
  });
  const places = new Map(plan.places.map((place) => [place.key, place]));
  const ids = await importedIdsOf(file.app, plan.lines);
  const matches = await duplicatesOf(ctx, input.workspaceId, plan.lines, ids, places);
  const tagNames = new Map(plan.tags.map((tag) => [tag.key, tag.name]));
  const nameOf = (key: string | null) => (key === null ? null : places.get(key)!.name);
  const lines = plan.lines.map((line, index): MoveInPreview["lines"][number] => {
    const match = matches[index]!;
    return {
      lines: line.lines,
      date: line.date,
      type: line.kind,
      amount: line.refused ? "0" : unitsToDecimal(line.units, line.currency),
      currency: line.currency,
      from: nameOf(line.from),
      to: nameOf(line.to),
      description: storedDescription(line.description, input.language),
      tag: line.tagKey === null ? null : (tagNames.get(line.tagKey) ?? null),
      parts:
        line.parts?.map((part) => ({
          amount: unitsToDecimal(part.units, line.currency),
          tag: tagNames.get(part.tagKey)!,
          note: part.note === null ? null : storedNote(part.note),
        })) ?? null,
      note: line.note === null ? null : storedNote(line.note),
      imported_id: ids[index]!,
      status: line.refused ? "refused" : match.status,
      reason: line.refused ?? (match.status === "duplicate" ? "imported_id" : null),
      existing: match.existing,
    };
  });
  const tier = resolveTier(rows.owners[0] ?? { tier: "free", hasBetaAccess: false });
  const count = (status: string) => lines.filter((line) => line.status === status).length;
  return {
    app: file.app,
    file_name: upload.fileName,
    date_format: upload.dateFormat ?? null,
    accounts: plan.places.map((place) => ({
      name: place.name,
      type: place.kind,
      currency: place.currency,
      uuid: place.match?.id ?? null,
      archived: place.isArchived,
      opening_balance: unitsToDecimal(place.openingUnits, place.currency),
      paid_from: place.kind === "card" && !place.match ? nameOf(place.payerKey) : null,
      line_count: place.lineCount,
    })),
    tags: plan.tags.map((tag) => ({
      name: tag.name,
      parent: tag.parentKey === null ? null : (tagNames.get(tag.parentKey) ?? null),
      uuid: tag.match,
    })),
    lines,
    counts: {
      new: count("new"),
      duplicate: count("duplicate"),
      possible_duplicate: count("possible_duplicate"),
      refused: count("refused"),
    },
    skipped: { unpaid: file.skipped.unpaid, not_money: file.skipped.notMoney },
    account_limit: {
      limit: tier.limits.accounts_per_workspace,
      used: rows.used[0]?.used ?? 0,
      to_create: plan.places.filter((place) => place.kind === "account" && !place.match).length,
    },
  };
}

/** What a workbook's sheet and strings may unpack to: far beyond the 20,000 rows a move-in takes. */
const maxWorkbookBytes = 40 * 1024 * 1024;

/** A workbook's first sheet as rows; refused when it does not read (422) or would unpack past the bound (413). */
async function workbookRows(bytes: Uint8Array): Promise<Awaited<ReturnType<typeof readXlsxRows>>> {
  try {
    return await readXlsxRows(bytes as Uint8Array<ArrayBuffer>, maxWorkbookBytes, maxStatementLines);
  } catch (error) {
    if (!(error instanceof WorkbookProblem)) throw error;
    if (error.reason === "too_large")
      throw new AppError("PAYLOAD_TOO_LARGE", {
        key: "errors:details.workbookTooLarge",
        values: { limit: `${maxWorkbookBytes / 1024 / 1024} MB` },
      });
    throw new AppError("IMPORT_FILE_INVALID", "errors:details.workbookUnreadable");
  }
}

type LineMatch = {
  status: "new" | "duplicate" | "possible_duplicate";
  existing: MoveInPreview["lines"][number]["existing"];
};

/**
 * Which lines the workspace already has, each compared in the account or card its bank id is kept on
 * (an account the file's lines would create has nothing yet): by id first, then by amount, direction,
 * day and description, as a statement's lines are.
 */
async function duplicatesOf(
  ctx: PersonCall<unknown>["ctx"],
  workspaceId: string,
  lines: readonly PlannedLine[],
  ids: readonly string[],
  places: Map<string, PlannedPlace>,
): Promise<LineMatch[]> {
  const matches: LineMatch[] = lines.map(() => ({ status: "new", existing: null }));
  const byPlace = new Map<string, { index: number; line: ComparableLine }[]>();
  lines.forEach((line, index) => {
    if (line.refused) return;
    const key = idLegOf(line, (place) => places.get(place)!.kind);
    const place = places.get(key)!;
    if (!place.match) return;
    const units = key === line.from ? -line.units : line.units;
    const entry = { index, line: { date: line.date, description: line.description, units, importedId: ids[index]! } };
    const list = byPlace.get(key);
    if (list) list.push(entry);
    else byPlace.set(key, [entry]);
  });
  if (byPlace.size === 0) return matches;
  const reads = Object.fromEntries(
    [...byPlace].map(([key, entries], index) => {
      const place = places.get(key)!;
      const days = comparedDays(entries.map((entry) => entry.line))!;
      const leg: LegRef = { type: place.match!.type, id: place.match!.id };
      return [`place${index}`, existingTransactionsQuery(ctx, workspaceId, leg, days)];
    }),
  );
  const { rows } = await readInWorkspace(ctx, workspaceId, "finances.write", reads);
  [...byPlace].forEach(([key, entries], index) => {
    const existing = (
      rows as Record<
        string,
        { id: string; date: string; description: string; units: number; importedId: string | null }[]
      >
    )[`place${index}`]!;
    const currency = places.get(key)!.currency;
    const byId = new Map(existing.map((row) => [row.id, row]));
    matchLines(
      entries.map((entry) => entry.line),
      existing,
    ).forEach((match, position) => {
      const found = "existingId" in match ? byId.get(match.existingId) : undefined;
      matches[entries[position]!.index] = {
        // A line repeated in the file is two transactions for another app: only the workspace's own count.
        status: match.status === "duplicate" && match.reason === "same_file" ? "new" : match.status,
        existing: found
          ? {
              uuid: found.id,
              date: found.date,
              description: found.description,
              amount: unitsToDecimal(found.units, currency),
            }
          : null,
      };
    });
  });
  return matches;
}

type MoveInRow = typeof statementImports.$inferSelect;

const createdOf = (row: MoveInRow): CreatedEntities =>
  row.createdEntities ? (JSON.parse(row.createdEntities) as CreatedEntities) : { accounts: [], cards: [], tags: [] };

function moveInResponse(row: MoveInRow, createdByName: string | null): MoveInResponse {
  const created = createdOf(row);
  return {
    uuid: row.id,
    app: row.sourceApp!,
    file_name: row.fileName,
    line_count: row.lineCount,
    created_count: row.createdCount,
    skipped_count: row.skippedCount,
    refused_count: row.refusedCount,
    created: { accounts: created.accounts.length, cards: created.cards.length, tags: created.tags.length },
    created_by: createdByName === null ? null : { name: createdByName },
    created_at: row.createdAt,
    undone_at: row.undoneAt,
  };
}

/**
 * POST /move-ins: the move-in's record, with the accounts, cards and tags its lines need — each the
 * workspace's own when one of that name is there by now, else created — in one batch. A created card
 * is paid from the account its payments came from; an account's opening balance is its initial balance.
 */
export async function createMoveIn(
  call: PersonCall<WorkspaceRef & MoveInCreateInput>,
  attempt = 1,
): Promise<MoveInStart> {
  const { ctx, input } = call;
  const {
    rows: { namedAccounts, namedCards, tagRows, owners, used, nameRows },
  } = await readInWorkspace(ctx, input.workspaceId, "finances.write", {
    ...workspaceReads(ctx, input.workspaceId),
    nameRows: ctx.db.select({ name: users.name }).from(users).where(eq(users.id, ctx.actor.userId)),
  });
  const now = ctx.clock.now().toISOString();
  const byKey = <T extends { name: string; isActive?: boolean }>(list: readonly T[]) => {
    const map = new Map<string, T>();
    for (const item of list) if (!map.has(nameKey(item.name)) || item.isActive) map.set(nameKey(item.name), item);
    return map;
  };
  const existingAccounts = byKey(namedAccounts);
  const existingCards = byKey(namedCards);
  const answerAccounts: MoveInStart["accounts"] = [];
  const accountRows: (typeof accounts.$inferInsert)[] = [];
  const cardRows: (typeof cards.$inferInsert)[] = [];
  const accountIdByKey = new Map<string, { id: string; currency: string }>();
  input.accounts.forEach((place, index) => {
    if (place.type !== "account") return;
    const key = nameKey(place.name);
    const found = existingCards.has(key) ? undefined : existingAccounts.get(key);
    if (found) {
      accountIdByKey.set(key, { id: found.id, currency: found.currency });
      answerAccounts.push({ name: place.name, type: "account", uuid: found.id, created: false });
      return;
    }
    if (accountIdByKey.has(key)) return;
    const units = unitsOf(place.opening_balance, place.currency);
    const opening = "units" in units ? units.units : units.refused === "zero_amount" ? 0 : null;
    if (opening === null) throw fieldError(`accounts.${index}.opening_balance`, "errors:fields.amountFormat");
    const id = newId();
    accountIdByKey.set(key, { id, currency: place.currency });
    accountRows.push({
      id,
      workspaceId: input.workspaceId,
      name: place.name,
      type: "checking",
      currency: place.currency,
      initialBalanceCents: opening,
      balanceCents: opening,
      color: palette[accountRows.length % palette.length]!,
      icon: "wallet",
      createdAt: now,
    });
    answerAccounts.push({ name: place.name, type: "account", uuid: id, created: true });
  });
  const tier = resolveTier(owners[0] ?? { tier: "free", hasBetaAccess: false });
  const limit = tier.limits.accounts_per_workspace;
  if (limit !== null && (used[0]?.used ?? 0) + accountRows.length > limit)
    throw new AppError("LIMIT_REACHED", { key: "errors:details.accountLimit", values: { plan: tier.label, limit } });
  input.accounts.forEach((place, index) => {
    if (place.type !== "card") return;
    const key = nameKey(place.name);
    const found = existingCards.get(key);
    if (found) {
      answerAccounts.push({ name: place.name, type: "card", uuid: found.id, created: false });
      return;
    }
    const payer = place.paid_from ? accountIdByKey.get(nameKey(place.paid_from)) : undefined;
    if (!payer || payer.currency !== place.currency)
      throw fieldError(`accounts.${index}.paid_from`, "errors:fields.payFromAccount");
    const id = newId();
    cardRows.push({
      id,
      workspaceId: input.workspaceId,
      accountId: payer.id,
      name: place.name,
      type: "credit",
      mode: "credit",
      createdAt: now,
    });
    answerAccounts.push({ name: place.name, type: "card", uuid: id, created: true });
  });
  const { tagInserts, answerTags } = tagsToCreate(input, tagRows, input.workspaceId, now);
  const row: MoveInRow = {
    id: newId(),
    workspaceId: input.workspaceId,
    accountId: null,
    cardId: null,
    fileName: input.file_name,
    format: "csv",
    csvMapping: null,
    lineCount: input.line_count,
    skippedCount: input.skipped_count,
    refusedCount: input.refused_count,
    createdCount: 0,
    createdBy: ctx.actor.userId,
    createdAt: now,
    undoneAt: null,
    sourceApp: input.app,
    createdEntities: JSON.stringify({
      accounts: accountRows.map((account) => account.id!),
      cards: cardRows.map((card) => card.id!),
      tags: tagInserts.map((tag) => tag.id!),
    } satisfies CreatedEntities),
  };
  try {
    await batchOfStatements(ctx.db, [
      ...(accountRows.length > 0 ? [ctx.db.insert(accounts).values(accountRows)] : []),
      ...(cardRows.length > 0 ? [ctx.db.insert(cards).values(cardRows)] : []),
      // Categories before their subcategories, which point at them.
      ...tagInserts.map((tag) => ctx.db.insert(tags).values(tag)),
      ctx.db.insert(statementImports).values(row),
    ]);
  } catch (error) {
    // A tag of the same name made meanwhile (another tab, another member): read again, and use it.
    if (failedWith(error, "tags_workspace_name_unique") && attempt < 3) return createMoveIn(call, attempt + 1);
    throw error;
  }
  return { ...moveInResponse(row, nameRows[0]?.name ?? null), accounts: answerAccounts, tags: answerTags };
}

/** The tags to create (categories first) and every tag's id by name, the workspace's own where it has one. */
function tagsToCreate(
  input: MoveInCreateInput,
  existing: readonly { id: string; name: string; parentId: string | null }[],
  workspaceId: string,
  now: string,
) {
  const known = new Map(
    existing.map((tag) => [nameKey(tag.name), { id: tag.id, parentId: tag.parentId, created: false }]),
  );
  const tagInserts: (typeof tags.$inferInsert)[] = [];
  const ordered = [...input.tags].sort((a, b) => Number(Boolean(a.parent)) - Number(Boolean(b.parent)));
  for (const tag of ordered) {
    const key = nameKey(tag.name);
    if (known.has(key)) continue;
    const parent = tag.parent ? known.get(nameKey(tag.parent)) : undefined;
    // Two levels only: a subcategory is never put under another subcategory.
    const parentId = parent && parent.parentId === null ? parent.id : null;
    const id = newId();
    known.set(key, { id, parentId, created: true });
    tagInserts.push({
      id,
      workspaceId,
      name: tag.name,
      parentId,
      color: palette[tagInserts.length % palette.length]!,
      createdAt: now,
    });
  }
  const answerTags = input.tags.map((tag) => {
    const found = known.get(nameKey(tag.name))!;
    return { name: tag.name, uuid: found.id, created: found.created };
  });
  return { tagInserts, answerTags };
}

/** The move-in, only in its workspace (an id of another workspace, or of a statement import, reads nothing). */
const moveInRowQuery = (ctx: ServiceContext, ref: MoveInRef) =>
  ctx.db
    .select()
    .from(statementImports)
    .where(
      and(
        eq(statementImports.workspaceId, ref.workspaceId),
        eq(statementImports.id, isUuid(ref.moveInId) ? ref.moveInId : ""),
        isNotNull(statementImports.sourceApp),
      ),
    );

/** The lines' accounts and cards, as the ledger's lookup reads them. */
function legQueries(ctx: ServiceContext, workspaceId: string, legs: readonly LegRef[]) {
  const ids = (type: LegRef["type"]) => [...new Set(legs.filter((leg) => leg.type === type).map((leg) => leg.id))];
  const cardAccount = alias(accounts, "card_account");
  return {
    accountRows: ctx.db
      .select()
      .from(accounts)
      .where(and(eq(accounts.workspaceId, workspaceId), inArray(accounts.id, ids("account")))),
    cardRows: ctx.db
      .select({ card: cards, account: cardAccount })
      .from(cards)
      .innerJoin(cardAccount, eq(cardAccount.id, cards.accountId))
      .where(and(eq(cards.workspaceId, workspaceId), inArray(cards.id, ids("card")))),
  };
}

const legKey = (leg: LegRef) => `${leg.type}:${leg.id}`;

/** The leg a line's bank id is kept on, as the unique index computes it. */
function idLeg(line: { origin?: LegRef | null; destination?: LegRef | null }): LegRef {
  const sides = [line.origin, line.destination].filter((leg): leg is LegRef => Boolean(leg));
  return sides.find((leg) => leg.type === "card") ?? sides[0]!;
}

/**
 * POST /move-ins/{id}/chunks: up to 500 lines as transactions, each with both its sides, in ONE atomic
 * batch with their balances, tags, payees, the workspace's count, the move-in's counter and the chunk's
 * claim. A line whose id its account or card already holds is skipped. The same chunk sent again is
 * answered from its claim and writes nothing.
 */
export async function writeMoveInChunk(
  call: PersonCall<MoveInRef & MoveInChunkInput>,
  attempt = 1,
): Promise<ChunkAnswer> {
  const { ctx, input } = call;
  const legs = input.lines.flatMap((line) =>
    [line.origin, line.destination].filter((leg): leg is LegRef => Boolean(leg)),
  );
  const tagIds = [
    ...new Set(
      input.lines.flatMap((line) => [...(line.tag_ids ?? []), ...(line.parts ?? []).flatMap((part) => part.tag_ids)]),
    ),
  ];
  const ids = input.lines.map((line) => line.imported_id);
  const {
    rows: { moveInRows, chunkRows, accountRows, cardRows, takenRows, tagRows },
  } = await readInWorkspace(ctx, input.workspaceId, "finances.write", {
    moveInRows: moveInRowQuery(ctx, input),
    chunkRows: chunkQuery(ctx, input.moveInId, input.chunk_index),
    ...legQueries(ctx, input.workspaceId, legs),
    takenRows: ctx.db
      .select({
        importedId: transactions.importedId,
        leg: sql<string>`case when ${transactions.originCardId} is not null then 'card:' || ${transactions.originCardId}
          when ${transactions.destinationCardId} is not null then 'card:' || ${transactions.destinationCardId}
          when ${transactions.originAccountId} is not null then 'account:' || ${transactions.originAccountId}
          else 'account:' || ${transactions.destinationAccountId} end`,
      })
      .from(transactions)
      .where(
        and(
          eq(transactions.workspaceId, input.workspaceId),
          sql`${transactions.importedId} in (select value from json_each(${JSON.stringify(ids)}))`,
        ),
      ),
    tagRows: namedTagsQuery(ctx, input.workspaceId, tagIds),
  });
  const record = moveInRows[0];
  if (!record) throw moveInNotFound();
  const claimed = chunkRows[0];
  if (claimed) return chunkAnswer(input.chunk_index, claimed);
  if (record.undoneAt) throw new AppError("IMPORT_UNDONE");
  const lookup = lookupOf(accountRows, cardRows);
  const taken = new Set(takenRows.map((row) => `${row.leg}\u0000${row.importedId}`));
  const tagById = new Map(tagRows.map((tag) => [tag.id, tag]));
  const now = ctx.clock.now().toISOString();
  const effects = noEffects();
  const rows: (typeof transactions.$inferInsert)[] = [];
  const linkRows: ReturnType<typeof tagLinkRows> = [];
  const splitRows: ChunkWrite["splitRows"] = [];
  const payeeLines: Parameters<typeof payeesOfLines>[2][number][] = [];
  let skipped = 0;
  input.lines.forEach((line, index) => {
    const field = `lines.${index}`;
    if (!line.origin && !line.destination) throw fieldError(`${field}.origin`, "errors:fields.originRequired");
    const takenKey = `${legKey(idLeg(line))}\u0000${line.imported_id}`;
    if (taken.has(takenKey)) {
      skipped += 1;
      return;
    }
    taken.add(takenKey);
    const amountLeg = (line.type === "income" ? line.destination : line.origin) ?? line.destination!;
    const currency =
      amountLeg.type === "account"
        ? lookup.accounts.get(amountLeg.id)?.currency
        : lookup.cards.get(amountLeg.id)?.account.currency;
    if (!currency) throw fieldError(`${field}.origin`, "errors:fields.accountMissing");
    const amount = unitsOf(line.amount, currency);
    if (!("units" in amount)) throw fieldError(`${field}.amount`, "errors:fields.amountFormat");
    const resolved = resolveTransaction(
      {
        type: line.type,
        amount: amount.units,
        description: line.description,
        date: line.date,
        origin: line.origin ?? undefined,
        destination: line.destination ?? undefined,
      } as Parameters<typeof resolveTransaction>[0],
      lookup,
      null,
      "units",
    );
    effectsOf(resolved, 1, effects);
    const { kind, ...money } = resolved;
    const id = newId();
    const tagsOf = (ids: readonly string[], at: string) =>
      ids.map((tagId) => {
        const tag = tagById.get(tagId);
        if (!tag) throw fieldError(at, "errors:fields.tagMissing");
        return tag;
      });
    if (line.parts) {
      if (kind !== "income" && kind !== "expense") throw fieldError(`${field}.parts`, "errors:fields.splitKind");
      const parts = line.parts.map((part, partIndex) => {
        const partUnits = unitsOf(part.amount, currency);
        if (!("units" in partUnits))
          throw fieldError(`${field}.parts.${partIndex}.amount`, "errors:fields.amountFormat");
        tagsOf(part.tag_ids, `${field}.parts.${partIndex}.tag_ids`);
        return { id: newId(), amountUnits: partUnits.units, tagIds: part.tag_ids, note: part.note ?? null };
      });
      const sum = parts.reduce((total, part) => total + part.amountUnits, 0);
      if (sum !== amount.units)
        throw fieldError(`${field}.parts`, "errors:fields.partsSum", {
          values: { sum: unitsToDecimal(sum, currency), amount: line.amount },
        });
      splitRows.push({ transactionId: id, amountUnits: amount.units, parts });
    } else {
      const given = tagsOf(line.tag_ids ?? [], `${field}.tag_ids`);
      if (given.length > 0) linkRows.push(...tagLinkRows(id, given));
    }
    if (kind === "income" || kind === "expense") payeeLines.push({ transactionId: id, description: line.description });
    rows.push({
      id,
      workspaceId: input.workspaceId,
      kind,
      ...money,
      description: line.description,
      date: line.date,
      note: line.note ?? null,
      createdBy: ctx.actor.userId,
      createdVia: "person",
      importId: record.id,
      importedId: line.imported_id,
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
  if (written === "again" && attempt < 3) return writeMoveInChunk(call, attempt + 1);
  if (written === "again") throw new AppError("IMPORT_CHANGED");
  return { chunk_index: input.chunk_index, created: rows.length, skipped };
}

/** GET /move-ins: the workspace's latest move-ins, newest first. */
export async function listMoveIns({ ctx, input }: PersonCall<WorkspaceRef>): Promise<MoveInResponse[]> {
  const {
    rows: { moveInRows },
  } = await readInWorkspace(ctx, input.workspaceId, "workspace.read", {
    moveInRows: ctx.db
      .select({ row: statementImports, createdByName: users.name })
      .from(statementImports)
      .leftJoin(users, eq(users.id, statementImports.createdBy))
      .where(and(eq(statementImports.workspaceId, input.workspaceId), isNotNull(statementImports.sourceApp)))
      .orderBy(desc(statementImports.createdAt), desc(statementImports.id))
      .limit(50),
  });
  return moveInRows.map(({ row, createdByName }) => moveInResponse(row, createdByName));
}

/**
 * DELETE /move-ins/{id}: every transaction it wrote goes and every balance moves back, in one atomic
 * batch (as a statement import's undo); then the accounts, cards and tags it created go, those that
 * nothing else holds by then (a transaction recorded since, a loan paid from it, a subcategory or a
 * split part), which stay. Asking again after an undo answers it again and takes away what it can.
 */
export async function undoMoveIn({ ctx, input }: PersonCall<MoveInRef>): Promise<MoveInResponse> {
  const {
    rows: { moveInRows, createdRows },
  } = await readInWorkspace(ctx, input.workspaceId, "finances.write", {
    moveInRows: moveInRowQuery(ctx, input),
    createdRows: ctx.db
      .select()
      .from(transactions)
      .where(
        and(
          eq(transactions.workspaceId, input.workspaceId),
          eq(transactions.importId, isUuid(input.moveInId) ? input.moveInId : ""),
        ),
      ),
  });
  const record = moveInRows[0];
  if (!record) throw moveInNotFound();
  const undoneAt = record.undoneAt ?? (await undoneImport(ctx, input.workspaceId, record.id, createdRows));
  const removals = createdEntitiesRemoved(ctx, input.workspaceId, createdOf(record));
  if (removals.length > 0) await batchOfStatements(ctx.db, removals);
  return moveInResponse({ ...record, undoneAt }, null);
}

/** The deletes of what a move-in created and nothing holds any more: subcategories, then categories, cards, accounts. */
function createdEntitiesRemoved(ctx: ServiceContext, workspaceId: string, created: CreatedEntities) {
  const child = alias(tags, "child_tag");
  const unusedTags = (onlyChildren: boolean) =>
    ctx.db
      .delete(tags)
      .where(
        and(
          eq(tags.workspaceId, workspaceId),
          inArray(tags.id, created.tags),
          onlyChildren ? isNotNull(tags.parentId) : isNull(tags.parentId),
          notExists(ctx.db.select({ one: sql`1` }).from(transactionTags).where(eq(transactionTags.tagId, tags.id))),
          notExists(
            ctx.db.select({ one: sql`1` }).from(transactionPartTags).where(eq(transactionPartTags.tagId, tags.id)),
          ),
          notExists(ctx.db.select({ one: sql`1` }).from(child).where(eq(child.parentId, tags.id))),
        ),
      );
  const usedBy = (column: AnySQLiteColumn, other: AnySQLiteColumn, id: AnySQLiteColumn) =>
    notExists(
      ctx.db
        .select({ one: sql`1` })
        .from(transactions)
        .where(or(eq(column, id), eq(other, id))),
    );
  return [
    ...(created.tags.length > 0 ? [unusedTags(true), unusedTags(false)] : []),
    ...(created.cards.length > 0
      ? [
          ctx.db
            .delete(cards)
            .where(
              and(
                eq(cards.workspaceId, workspaceId),
                inArray(cards.id, created.cards),
                usedBy(transactions.originCardId, transactions.destinationCardId, cards.id),
              ),
            ),
        ]
      : []),
    ...(created.accounts.length > 0
      ? [
          ctx.db
            .delete(accounts)
            .where(
              and(
                eq(accounts.workspaceId, workspaceId),
                inArray(accounts.id, created.accounts),
                usedBy(transactions.originAccountId, transactions.destinationAccountId, accounts.id),
                notExists(ctx.db.select({ one: sql`1` }).from(cards).where(eq(cards.accountId, accounts.id))),
                notExists(ctx.db.select({ one: sql`1` }).from(loans).where(eq(loans.paymentAccountId, accounts.id))),
              ),
            ),
        ]
      : []),
  ];
}
