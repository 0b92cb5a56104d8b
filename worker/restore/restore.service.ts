import { eq } from "drizzle-orm";
import type { z } from "zod";
import { newId } from "../../db/ids.ts";
import { batchOfStatements } from "../../db/named-batch.ts";
import {
  accounts,
  budgets,
  cards,
  goalAccounts,
  goalContributions,
  goals,
  installmentPlans,
  loanPayments,
  loans,
  plannedOccurrences,
  receipts,
  recurringTransactions,
  scheduledTransactions,
  statementImports,
  tags,
  transactions,
  transactionTags,
  workspaceMembers,
  workspaces,
} from "../../db/schema/index.ts";
import type { PersonCall } from "../access/actor.ts";
import { batchAsActor } from "../access/actor-access.ts";
import { type ZipEntry, ZipProblem, readZip } from "../exports/unzip.ts";
import { AppError } from "../http/errors.ts";
import { decimalToUnits, minorUnitOf } from "../ledger/amounts.ts";
import { effectStatements, runLedgerBatch } from "../ledger/apply-effects.ts";
import { effectsOf, noEffects } from "../ledger/effects.ts";
import { tagLinkRows } from "../ledger/tag-links.ts";
import { payeesOfLines } from "../payees/payee-statements.ts";
import { detectReceiptType } from "../receipts/receipt.rules.ts";
import { receiptObjectKey } from "../receipts/receipts.service.ts";
import { ownedWorkspacesQueries } from "../tiers/tier-queries.ts";
import { isWithinLimit, resolveTier } from "../tiers/tiers.ts";
import { partsOfNewRows } from "../transactions/transaction-parts.ts";
import { countChange } from "../transactions/transactions.service.ts";
import { archiveFiles, notRestoredFiles } from "./archive-records.ts";

/**
 * A workspace brought back from Moneta's own archive (docs/decisions/057-restoring-a-workspace-archive.md):
 * a NEW workspace, owned by the person restoring it, with the archive's accounts, cards, tags, statement
 * imports and move-ins, transactions (their tags, split parts, notes, payees, bank ids and the planned
 * occurrence that posted them), receipts (records and files), budgets, goals, scheduled, recurring and
 * installment items and loans with their payments — every id new, every balance and card debt made by
 * the transactions as they were written. Its members are not brought along (the owner invites them).
 * All or nothing: a failure after the workspace exists deletes it again.
 */

/** The largest archive taken, what its read files may inflate to in all, and the most transactions. */
export const maxArchiveBytes = 25 * 1024 * 1024;
const maxReadBytes = 120 * 1024 * 1024;
const maxRestoredTransactions = 50_000;
/** Transactions per write batch. */
const stepRows = 500;

type Records = { [File in keyof typeof archiveFiles]: z.infer<(typeof archiveFiles)[File]>[] };

export type Archive = Records & {
  notRestored: Record<(typeof notRestoredFiles)[number], number>;
  /** A receipt's file, by its path in the archive; null when the archive does not hold it. */
  file: (path: string) => ZipEntry | null;
};

const archiveProblem = (key: "errors:details.archiveUnreadable" | "errors:details.archiveIncomplete") =>
  new AppError("IMPORT_FILE_INVALID", key);
const archiveFileProblem = (file: string) =>
  new AppError("IMPORT_FILE_INVALID", { key: "errors:details.archiveFileInvalid", values: { file } });
const archiveTooLarge = () =>
  new AppError("PAYLOAD_TOO_LARGE", {
    key: "errors:details.archiveTooLarge",
    values: { limit: `${maxArchiveBytes / 1024 / 1024} MB`, transactions: maxRestoredTransactions },
  });

/** The archive's records, each file checked; refused naming the file when one does not read. */
export async function readArchive(bytes: Uint8Array<ArrayBuffer>): Promise<Archive> {
  if (bytes.byteLength > maxArchiveBytes) throw archiveTooLarge();
  let entries: ZipEntry[];
  try {
    entries = readZip(bytes);
  } catch (error) {
    if (error instanceof ZipProblem) throw archiveProblem("errors:details.archiveUnreadable");
    throw error;
  }
  const byName = new Map(entries.map((entry) => [entry.name, entry]));
  if (!byName.has("workspace.json") || !byName.has("transactions.json"))
    throw archiveProblem("errors:details.archiveUnreadable");
  if (byName.has("EXPORT-INCOMPLETE.txt")) throw archiveProblem("errors:details.archiveIncomplete");
  const names = [...Object.keys(archiveFiles), ...notRestoredFiles].map((name) => `${name}.json`);
  const declared = names.reduce((sum, name) => sum + (byName.get(name)?.size ?? 0), 0);
  if (declared > maxReadBytes) throw archiveTooLarge();
  const parsed = async (name: string): Promise<unknown[]> => {
    const entry = byName.get(`${name}.json`);
    if (!entry) return [];
    try {
      const value: unknown = JSON.parse(new TextDecoder().decode(await entry.bytes()));
      if (!Array.isArray(value)) throw archiveFileProblem(`${name}.json`);
      return value;
    } catch (error) {
      if (error instanceof ZipProblem && error.reason === "too_large") throw archiveTooLarge();
      if (error instanceof AppError) throw error;
      throw archiveFileProblem(`${name}.json`);
    }
  };
  const records: Partial<Records> = {};
  for (const [name, schema] of Object.entries(archiveFiles)) {
    const checked = schema.array().safeParse(await parsed(name));
    if (!checked.success) throw archiveFileProblem(`${name}.json`);
    (records as Record<string, unknown>)[name] = checked.data;
  }
  const full = records as Records;
  if (full.workspace.length !== 1) throw archiveFileProblem("workspace.json");
  if (full.transactions.length > maxRestoredTransactions) throw archiveTooLarge();
  const notRestored = Object.fromEntries(
    await Promise.all(notRestoredFiles.map(async (name) => [name, (await parsed(name)).length] as const)),
  ) as Archive["notRestored"];
  return { ...full, notRestored, file: (path) => byName.get(path) ?? null };
}

/** What the archive holds and what a restore would bring back, for the person to see first. */
export function archiveSummary(archive: Archive, canStoreFiles: boolean) {
  const workspace = archive.workspace[0]!;
  return {
    name: workspace.name,
    currency: workspace.currency,
    time_zone: workspace.time_zone,
    counts: {
      accounts: archive.accounts.length,
      cards: archive.cards.length,
      tags: archive.tags.length,
      transactions: archive.transactions.length,
      receipts: canStoreFiles ? archive.receipts.length : 0,
      budgets: archive.budgets.length,
      goals: archive.goals.length,
      statement_imports: archive["statement-imports"].length,
      scheduled_transactions: archive["scheduled-transactions"].length,
      recurring_transactions: archive["recurring-transactions"].length,
      installment_plans: archive["installment-plans"].length,
      loans: archive.loans.length,
    },
    not_restored: {
      members: Math.max(0, archive.notRestored.members - 1),
      receipts: canStoreFiles ? 0 : archive.receipts.length,
    },
  };
}

export type ArchiveSummary = ReturnType<typeof archiveSummary>;

/** Units of a decimal in a currency, signed; refused as the archive's when it does not fit. */
function unitsOfRecord(text: string, currency: string, file: string): number {
  const isNegative = text.startsWith("-");
  const units = decimalToUnits(text.replace(/^-/, ""), minorUnitOf(currency));
  if (units === null) throw archiveFileProblem(file);
  return isNegative ? -units : units;
}

/** The caller's plan, and how many workspaces they own, in one read. */
async function callerLimits(ctx: PersonCall<unknown>["ctx"]) {
  const { people, owned } = await batchAsActor(ctx, ownedWorkspacesQueries(ctx));
  return { tier: resolveTier(people[0] ?? { tier: "free", hasBetaAccess: false }), owned: owned[0]?.total ?? 0 };
}

/** POST /workspace-archives/preview: what the archive holds, writing nothing. */
export async function previewRestore({
  ctx,
  input,
}: PersonCall<{ readUpload: () => Promise<Uint8Array<ArrayBuffer>> }>) {
  await callerLimits(ctx);
  const archive = await readArchive(await input.readUpload());
  return archiveSummary(archive, Boolean(ctx.env.RECEIPTS));
}

/**
 * POST /workspace-archives: the archive as a new workspace of the caller's, on their plan's limits
 * (its workspaces, and the accounts one may hold). Writes in steps — the workspace with its accounts,
 * cards, tags and imports; the transactions 500 at a time; then the balances, budgets, goals and
 * receipts — and deletes the workspace again if any step fails.
 */
export async function restoreWorkspace({
  ctx,
  input,
}: PersonCall<{ readUpload: () => Promise<Uint8Array<ArrayBuffer>> }>) {
  const { tier, owned } = await callerLimits(ctx);
  if (!isWithinLimit(owned, tier.limits.workspaces_per_user))
    throw new AppError("LIMIT_REACHED", {
      key: "errors:details.workspaceLimit",
      values: { plan: tier.label, limit: tier.limits.workspaces_per_user ?? 0 },
    });
  const archive = await readArchive(await input.readUpload());
  const accountLimit = tier.limits.accounts_per_workspace;
  if (accountLimit !== null && archive.accounts.length > accountLimit)
    throw new AppError("LIMIT_REACHED", {
      key: "errors:details.accountLimit",
      values: { plan: tier.label, limit: accountLimit },
    });
  const workspaceId = newId();
  const storedObjects: string[] = [];
  try {
    await writeArchive(ctx, workspaceId, archive, storedObjects);
  } catch (error) {
    await ctx.db.delete(workspaces).where(eq(workspaces.id, workspaceId));
    const bucket = ctx.env.RECEIPTS;
    if (bucket && storedObjects.length > 0) await bucket.delete(storedObjects).catch(() => undefined);
    throw error;
  }
  return { uuid: workspaceId, ...archiveSummary(archive, Boolean(ctx.env.RECEIPTS)) };
}

type Leg = { accountId: string | null; cardId: string | null; cardMode: "credit" | "debit" | null };

async function writeArchive(
  ctx: PersonCall<unknown>["ctx"],
  workspaceId: string,
  archive: Archive,
  storedObjects: string[],
) {
  const now = ctx.clock.now().toISOString();
  const userId = ctx.actor.userId;
  const workspace = archive.workspace[0]!;
  const accountIds = new Map(archive.accounts.map((account) => [account.uuid, newId()]));
  const cardIds = new Map(archive.cards.map((card) => [card.uuid, newId()]));
  const tagIds = new Map(archive.tags.map((tag) => [tag.uuid, newId()]));
  const importIds = new Map(archive["statement-imports"].map((row) => [row.uuid, newId()]));
  const transactionIds = new Map(archive.transactions.map((row) => [row.uuid, newId()]));
  const plannedIds = new Map(
    [
      ...archive["scheduled-transactions"],
      ...archive["recurring-transactions"],
      ...archive["installment-plans"],
      ...archive.loans,
    ].map((item) => [item.uuid, newId()]),
  );
  const occurrenceRows = archive["planned-occurrences"].flatMap((occurrence) => {
    const sourceId = plannedIds.get(occurrence.source_uuid);
    return sourceId
      ? [
          {
            id: newId(),
            workspaceId,
            sourceKind: occurrence.source_type,
            sourceId,
            sourceName: occurrence.source_name,
            occurrenceDate: occurrence.occurrence_date,
            postedAt: occurrence.posted_at,
            oldId: occurrence.uuid,
          },
        ]
      : [];
  });
  const occurrenceIds = new Map(occurrenceRows.map(({ oldId, id }) => [oldId, id]));
  const mapped = (ids: Map<string, string>, id: string, file: string) => {
    const found = ids.get(id);
    if (!found) throw archiveFileProblem(file);
    return found;
  };
  const accountRows = archive.accounts.map((account) => {
    const units = unitsOfRecord(account.initial_balance, account.currency, "accounts.json");
    return {
      id: accountIds.get(account.uuid)!,
      workspaceId,
      name: account.name,
      type: account.type,
      currency: account.currency,
      initialBalanceCents: units,
      balanceCents: units,
      color: account.color,
      icon: account.icon,
      isActive: account.is_active,
      createdAt: account.created_at,
    };
  });
  const currencyOfAccount = new Map(archive.accounts.map((account) => [account.uuid, account.currency]));
  const cardByOldId = new Map(archive.cards.map((card) => [card.uuid, card]));
  const cardRows = archive.cards.map((card) => ({
    id: cardIds.get(card.uuid)!,
    workspaceId,
    accountId: mapped(accountIds, card.account_uuid, "cards.json"),
    name: card.name,
    lastFourDigits: card.last_four_digits,
    issuer: card.issuer,
    expiryDate: card.expiry_date,
    type: card.type,
    mode: card.mode,
    creditLimitCents:
      card.credit_limit === null
        ? null
        : unitsOfRecord(card.credit_limit, currencyOfAccount.get(card.account_uuid)!, "cards.json"),
    billingCycleDay: card.billing_cycle_day,
    dueDay: card.due_day,
    color: card.color,
    icon: card.icon,
    isActive: card.is_active,
    createdAt: card.created_at,
  }));
  const tagParent = new Map(
    archive.tags.map((tag) => [tagIds.get(tag.uuid)!, tag.parent_uuid ? (tagIds.get(tag.parent_uuid) ?? null) : null]),
  );
  const tagRow = (tag: Records["tags"][number]) => ({
    id: tagIds.get(tag.uuid)!,
    workspaceId,
    name: tag.name,
    color: tag.color,
    description: tag.description,
    parentId: tagParent.get(tagIds.get(tag.uuid)!) ?? null,
    createdAt: tag.created_at,
  });
  const importRows = archive["statement-imports"].flatMap((row) => {
    const accountId = row.account_uuid ? (accountIds.get(row.account_uuid) ?? null) : null;
    const cardId = row.card_uuid ? (cardIds.get(row.card_uuid) ?? null) : null;
    const sourceApp = row.source_app ?? null;
    if (!accountId && !cardId && !sourceApp) return [];
    const created = row.created_entities;
    const remapped = (ids: readonly string[], map: Map<string, string>) =>
      ids.flatMap((id) => (map.has(id) ? [map.get(id)!] : []));
    return [
      {
        id: importIds.get(row.uuid)!,
        workspaceId,
        accountId: cardId ? null : accountId,
        cardId,
        fileName: row.file_name,
        format: row.format,
        csvMapping: row.csv_mapping ? JSON.stringify(row.csv_mapping) : null,
        lineCount: row.line_count,
        skippedCount: row.skipped_count,
        refusedCount: row.refused_count,
        createdCount: row.created_count,
        createdBy: userId,
        createdAt: row.created_at,
        undoneAt: row.undone_at,
        sourceApp,
        createdEntities: created
          ? JSON.stringify({
              accounts: remapped(created.accounts, accountIds),
              cards: remapped(created.cards, cardIds),
              tags: remapped(created.tags, tagIds),
            })
          : null,
      },
    ];
  });
  const restoredImports = new Set(importRows.map((row) => row.id));

  await batchOfStatements(ctx.db, [
    ctx.db.insert(workspaces).values({
      id: workspaceId,
      name: workspace.name,
      description: workspace.description,
      currency: workspace.currency,
      timeZone: workspace.time_zone,
      primaryColor: workspace.primary_color,
      secondaryColor: workspace.secondary_color,
      accentColor: workspace.accent_color,
      createdBy: userId,
      createdAt: now,
    }),
    ctx.db.insert(workspaceMembers).values({ workspaceId, userId, role: "owner", createdAt: now }),
    ...(accountRows.length > 0 ? [ctx.db.insert(accounts).values(accountRows)] : []),
    ...(cardRows.length > 0 ? [ctx.db.insert(cards).values(cardRows)] : []),
    // Categories before their subcategories, which point at them.
    ...[
      archive.tags.filter((tag) => !tagParent.get(tagIds.get(tag.uuid)!)),
      archive.tags.filter((tag) => tagParent.get(tagIds.get(tag.uuid)!)),
    ]
      .filter((group) => group.length > 0)
      .map((group) => ctx.db.insert(tags).values(group.map(tagRow))),
    ...(importRows.length > 0 ? [ctx.db.insert(statementImports).values(importRows)] : []),
    ...(occurrenceRows.length > 0
      ? [ctx.db.insert(plannedOccurrences).values(occurrenceRows.map(({ oldId: _old, ...row }) => row))]
      : []),
  ]);

  const leg = (side: Records["transactions"][number]["origin"], mode: "credit" | "debit" | null): Leg | null => {
    if (side.type === "external" || side.uuid === null) return null;
    if (side.type === "account")
      return { accountId: mapped(accountIds, side.uuid, "transactions.json"), cardId: null, cardMode: null };
    const card = cardByOldId.get(side.uuid);
    if (!card) throw archiveFileProblem("transactions.json");
    const cardMode = mode ?? card.mode;
    return {
      accountId: cardMode === "debit" ? accountIds.get(card.account_uuid)! : null,
      cardId: cardIds.get(side.uuid)!,
      cardMode,
    };
  };
  const effects = noEffects();
  for (let start = 0; start < archive.transactions.length; start += stepRows) {
    const step = archive.transactions.slice(start, start + stepRows);
    const rows: (typeof transactions.$inferInsert)[] = [];
    const links: ReturnType<typeof tagLinkRows> = [];
    const splits: Parameters<typeof partsOfNewRows>[1][number][] = [];
    const payeeLines: Parameters<typeof payeesOfLines>[2][number][] = [];
    for (const record of step) {
      const id = transactionIds.get(record.uuid)!;
      const origin = leg(record.origin, record.origin_card_mode);
      const destination = leg(record.destination, null);
      const rate = record.currency_conversion === null ? null : decimalToUnits(record.currency_conversion, 6);
      const row = {
        id,
        workspaceId,
        kind: record.type,
        description: record.description,
        date: record.date,
        amountCents: record.amount_cents,
        currency: record.currency,
        destinationAmountCents: record.destination_amount_cents,
        destinationCurrency: record.destination_currency,
        conversionRateMicros: rate,
        originAccountId: origin?.accountId ?? null,
        originCardId: origin?.cardId ?? null,
        originCardMode: origin?.cardMode ?? null,
        destinationAccountId: destination?.accountId ?? null,
        destinationCardId: destination?.cardId ?? null,
        destinationCardMode: destination?.cardMode ?? null,
        note: record.note,
        createdBy: userId,
        createdVia: "person" as const,
        importId:
          record.import_uuid && restoredImports.has(importIds.get(record.import_uuid) ?? "")
            ? importIds.get(record.import_uuid)!
            : null,
        importedId: record.imported_id,
        plannedOccurrenceId: record.planned_occurrence_uuid
          ? (occurrenceIds.get(record.planned_occurrence_uuid) ?? null)
          : null,
        createdAt: record.created_at,
      };
      effectsOf(row, 1, effects);
      rows.push(row);
      const tagsOf = (ids: readonly string[]) =>
        ids.map((tagId) => {
          const newTagId = mapped(tagIds, tagId, "transactions.json");
          return { id: newTagId, parentId: tagParent.get(newTagId) ?? null };
        });
      if (record.parts && record.parts.length > 0)
        splits.push({
          transactionId: id,
          amountUnits: record.amount_cents,
          parts: record.parts.map((part) => ({
            id: newId(),
            amountUnits: part.amount_cents,
            tagIds: tagsOf(part.tag_ids).map((tag) => tag.id),
            note: part.note,
          })),
        });
      else links.push(...tagLinkRows(id, tagsOf(record.tag_ids)));
      if (record.payee)
        payeeLines.push({ transactionId: id, description: record.description, payee: record.payee.name });
    }
    await runLedgerBatch(
      batchOfStatements(ctx.db, [
        ctx.db.insert(transactions).values(rows),
        ...(links.length > 0 ? [ctx.db.insert(transactionTags).values(links)] : []),
        ...partsOfNewRows(ctx.db, splits),
        ...payeesOfLines(ctx.db, workspaceId, payeeLines, now),
      ]),
    );
  }

  const receiptRows = await storedReceipts(ctx, workspaceId, archive, transactionIds, storedObjects);
  const goalIds = new Map(archive.goals.map((goal) => [goal.uuid, newId()]));
  const goalCurrency = new Map(archive.goals.map((goal) => [goal.uuid, goal.currency]));
  const budgetRows = archive.budgets.map((budget) => ({
    id: newId(),
    workspaceId,
    tagId: budget.tag_uuid === null ? null : mapped(tagIds, budget.tag_uuid, "budgets.json"),
    amountCents: unitsOfRecord(budget.amount, budget.currency, "budgets.json"),
    currency: budget.currency,
    rollover: budget.rollover,
    startMonth: budget.start_month,
    createdBy: userId,
    createdAt: budget.created_at,
  }));
  const goalRows = archive.goals.map((goal) => ({
    id: goalIds.get(goal.uuid)!,
    workspaceId,
    name: goal.name,
    targetCents: unitsOfRecord(goal.target, goal.currency, "goals.json"),
    currency: goal.currency,
    targetDate: goal.target_date,
    color: goal.color,
    createdBy: userId,
    createdAt: goal.created_at,
  }));
  const goalAccountRows = archive.goals.flatMap((goal) =>
    goal.account_uuids.map((accountId) => ({
      goalId: goalIds.get(goal.uuid)!,
      accountId: mapped(accountIds, accountId, "goals.json"),
    })),
  );
  const contributionRows = archive["goal-contributions"].map((contribution) => ({
    id: newId(),
    goalId: mapped(goalIds, contribution.goal_uuid, "goal-contributions.json"),
    date: contribution.date,
    amountCents: unitsOfRecord(
      contribution.amount,
      goalCurrency.get(contribution.goal_uuid)!,
      "goal-contributions.json",
    ),
    note: contribution.note,
    createdBy: userId,
    createdAt: contribution.created_at,
  }));
  await runLedgerBatch(
    batchOfStatements(ctx.db, [
      // Balances and debts as the transactions make them, the card limits of today aside (history is what it was).
      ...effectStatements(ctx, workspaceId, effects, undefined, "bank's word"),
      countChange(ctx, workspaceId, archive.transactions.length),
      ...(budgetRows.length > 0 ? [ctx.db.insert(budgets).values(budgetRows)] : []),
      ...(goalRows.length > 0 ? [ctx.db.insert(goals).values(goalRows)] : []),
      ...(goalAccountRows.length > 0 ? [ctx.db.insert(goalAccounts).values(goalAccountRows)] : []),
      ...(contributionRows.length > 0 ? [ctx.db.insert(goalContributions).values(contributionRows)] : []),
      ...(receiptRows.length > 0 ? [ctx.db.insert(receipts).values(receiptRows)] : []),
      ...plannedStatements(ctx, workspaceId, archive, { accountIds, cardIds, tagIds, transactionIds, plannedIds }),
    ]),
  );
}

type IdMaps = Record<"accountIds" | "cardIds" | "tagIds" | "transactionIds" | "plannedIds", Map<string, string>>;

/**
 * The scheduled, recurring and installment items and the loans, with their payments, as the archive
 * holds them: the same state (what was posted, what is due next), every id they name made new.
 */
function plannedStatements(ctx: PersonCall<unknown>["ctx"], workspaceId: string, archive: Archive, ids: IdMaps) {
  const userId = ctx.actor.userId;
  const legOf = (value: string | null, file: string) => {
    if (value === null) return null;
    const [type, id] = value.split(":") as ["account" | "card", string];
    const mapped = (type === "card" ? ids.cardIds : ids.accountIds).get(id);
    if (!mapped) throw archiveFileProblem(file);
    return `${type}:${mapped}`;
  };
  type Template = Pick<
    Records["scheduled-transactions"][number],
    | "uuid"
    | "type"
    | "description"
    | "notes"
    | "amount"
    | "currency"
    | "currency_conversion"
    | "origin_id"
    | "destination_id"
    | "tags"
    | "failure_reason"
    | "created_at"
  >;
  const templateOf = (item: Template, file: string) => ({
    id: ids.plannedIds.get(item.uuid)!,
    workspaceId,
    kind: item.type,
    description: item.description,
    notes: item.notes,
    amountCents: unitsOfRecord(item.amount, item.currency, file),
    currency: item.currency,
    conversionRateMicros: item.currency_conversion === null ? null : decimalToUnits(item.currency_conversion, 6),
    origin: legOf(item.origin_id, file),
    destination: legOf(item.destination_id, file),
    tagIds: JSON.stringify(item.tags.flatMap((tag) => (ids.tagIds.has(tag.uuid) ? [ids.tagIds.get(tag.uuid)!] : []))),
    failureReason: item.failure_reason,
    createdBy: userId,
    createdAt: item.created_at,
  });
  const transactionOf = (id: string | null) => (id === null ? null : (ids.transactionIds.get(id) ?? null));
  const scheduledRows = archive["scheduled-transactions"].map((item) => ({
    ...templateOf(item, "scheduled-transactions.json"),
    scheduledDate: item.scheduled_date,
    status: item.status,
    transactionId: transactionOf(item.transaction_uuid),
    executedAt: item.executed_at,
  }));
  const recurringRows = archive["recurring-transactions"].map((item) => ({
    ...templateOf(item, "recurring-transactions.json"),
    name: item.name,
    frequency: item.frequency,
    interval: item.interval,
    daysOfWeek: item.days_of_week === null ? null : JSON.stringify(item.days_of_week),
    dayOfMonth: item.day_of_month,
    monthOfYear: item.month_of_year,
    weekendRule: item.weekend_rule,
    startDate: item.start_date,
    endDate: item.end_date,
    maxExecutions: item.max_executions,
    status: item.status,
    nextDate: item.next_date === undefined ? item.next_due_date : item.next_date,
    nextDueDate: item.next_due_date,
    lastExecutionDate: item.last_execution_date,
    lastOccurrenceDate: item.last_occurrence_date === undefined ? item.last_execution_date : item.last_occurrence_date,
    executionCount: item.execution_count,
  }));
  const installmentRows = archive["installment-plans"].map((plan) => ({
    ...templateOf(plan, "installment-plans.json"),
    merchant: plan.merchant,
    purchaseDate: plan.purchase_date,
    totalAmountCents: unitsOfRecord(plan.total_amount, plan.currency, "installment-plans.json"),
    installmentCount: plan.installment_count,
    interestRate: plan.interest_rate,
    firstPaymentDate: plan.first_payment_date,
    dayOfMonth: plan.day_of_month,
    status: plan.status,
    settledBeforeCount: plan.settled_before_count,
    postedCount: plan.posted_count,
    nextDueDate: plan.next_due_date,
    cancelledAt: plan.cancelled_at,
  }));
  const money = (text: string, currency: string) => unitsOfRecord(text, currency, "loans.json");
  const loanRows = archive.loans.map((loan) => ({
    id: ids.plannedIds.get(loan.uuid)!,
    workspaceId,
    name: loan.name,
    description: loan.description,
    type: loan.type,
    lender: loan.lender,
    loanNumber: loan.loan_number,
    currency: loan.currency,
    paymentAccountId:
      ids.accountIds.get(loan.payment_account_uuid) ??
      (() => {
        throw archiveFileProblem("loans.json");
      })(),
    principalCents: money(loan.principal, loan.currency),
    currentBalanceCents: money(loan.current_balance, loan.currency),
    interestRate: loan.interest_rate,
    interestRatePeriod: loan.interest_rate_period,
    rateConversion: loan.rate_conversion,
    interestType: loan.interest_type,
    amortizationSystem: loan.amortization_system,
    termMonths: loan.term_months,
    paymentFrequency: loan.payment_frequency,
    extraPaymentMode: loan.extra_payment_mode,
    regularCents: money(loan.regular_payment, loan.currency),
    remainingPeriods: loan.remaining_periods,
    periodsPaid: loan.periods_paid,
    startDate: loan.start_date,
    firstPaymentDate: loan.first_payment_date,
    nextPaymentDate: loan.next_payment_date,
    lastPaymentDate: loan.last_payment_date,
    originationFeeCents: money(loan.origination_fee, loan.currency),
    monthlyFeeCents: money(loan.monthly_fee, loan.currency),
    status: loan.status,
    autoPay: loan.auto_pay ?? false,
    failureReason: loan.failure_reason ?? null,
    refinancedFromId: loan.refinanced_from_uuid ? (ids.plannedIds.get(loan.refinanced_from_uuid) ?? null) : null,
    refinancedToId: loan.refinanced_to_uuid ? (ids.plannedIds.get(loan.refinanced_to_uuid) ?? null) : null,
    createdBy: userId,
    createdAt: loan.created_at,
  }));
  const loanCurrency = new Map(archive.loans.map((loan) => [loan.uuid, loan.currency]));
  const paymentRows = archive["loan-payments"].map((payment) => {
    const currency = loanCurrency.get(payment.loan_uuid);
    if (!currency) throw archiveFileProblem("loan-payments.json");
    const units = (text: string) => unitsOfRecord(text, currency, "loan-payments.json");
    return {
      id: newId(),
      workspaceId,
      loanId: ids.plannedIds.get(payment.loan_uuid)!,
      date: payment.date,
      amountCents: units(payment.amount),
      feeCents: units(payment.fee),
      interestCents: units(payment.interest),
      principalCents: units(payment.principal),
      balanceAfterCents: units(payment.balance_after),
      isPayoff: payment.is_payoff,
      transactionId: transactionOf(payment.transaction_uuid),
      createdAt: payment.created_at,
    };
  });
  return [
    ...(scheduledRows.length > 0 ? [ctx.db.insert(scheduledTransactions).values(scheduledRows)] : []),
    ...(recurringRows.length > 0 ? [ctx.db.insert(recurringTransactions).values(recurringRows)] : []),
    ...(installmentRows.length > 0 ? [ctx.db.insert(installmentPlans).values(installmentRows)] : []),
    ...(loanRows.length > 0 ? [ctx.db.insert(loans).values(loanRows)] : []),
    ...(paymentRows.length > 0 ? [ctx.db.insert(loanPayments).values(paymentRows)] : []),
  ];
}

/**
 * Each receipt's file put in storage under its new id (its type checked from the bytes again), and
 * its row; none without storage on this server (the summary says so). A file the archive lacks, or
 * whose bytes are not a receipt's type, is refused as the archive's.
 */
async function storedReceipts(
  ctx: PersonCall<unknown>["ctx"],
  workspaceId: string,
  archive: Archive,
  transactionIds: Map<string, string>,
  storedObjects: string[],
) {
  const bucket = ctx.env.RECEIPTS;
  if (!bucket) return [];
  const rows: (typeof receipts.$inferInsert)[] = [];
  for (const receipt of archive.receipts) {
    const transactionId = transactionIds.get(receipt.transaction_uuid);
    const entry = archive.file(receipt.file);
    if (!transactionId || !entry) throw archiveFileProblem("receipts.json");
    const bytes = await entry.bytes();
    const type = detectReceiptType(bytes);
    if (!type) throw archiveFileProblem(receipt.file);
    const id = newId();
    const objectKey = receiptObjectKey(workspaceId, id);
    await bucket.put(objectKey, bytes, { httpMetadata: { contentType: type } });
    storedObjects.push(objectKey);
    rows.push({
      id,
      workspaceId,
      transactionId,
      objectKey,
      fileName: receipt.file_name,
      contentType: type,
      byteSize: bytes.byteLength,
      createdBy: ctx.actor.userId,
      createdAt: receipt.created_at,
    });
  }
  return rows;
}
