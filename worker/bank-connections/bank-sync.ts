import { and, asc, eq, isNotNull, isNull, lt, or, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { SQLiteUpdateSetSource } from "drizzle-orm/sqlite-core";
import { newId } from "../../db/ids.ts";
import { batchOfStatements } from "../../db/named-batch.ts";
import {
  bankConnections,
  bankInstallmentPlans,
  bankLines,
  installmentPlans,
  bankRemoteAccounts,
  transactions,
  transactionTags,
} from "../../db/schema/index.ts";
import type { ServiceContext } from "../context.ts";
import { AppError } from "../http/errors.ts";
import {
  cardInstallmentDates,
  installmentDescription,
  installmentRows,
} from "../planning/installments/installment-schedule.ts";
import { installmentPlanOf } from "../planning/installments/installments.service.ts";
import type { InstallmentPlanRow } from "../planning/installments/installment-plan-view.ts";
import { isPostingOvertaken, type Occurrence, postingPlan } from "../planning/posting.ts";
import { maxAmountUnitsOf } from "../ledger/amounts.ts";
import { effectStatements, runLedgerBatch } from "../ledger/apply-effects.ts";
import { addDays, isSupportedDate, latestToday } from "../ledger/dates.ts";
import { effectsOf, effectsOfChange, noEffects } from "../ledger/effects.ts";
import { tagLinkRows } from "../ledger/tag-links.ts";
import { daysApart, matchLines, similarDayWindow } from "../imports/duplicates.ts";
import { filingQueries, lineOutcomes } from "../imports/import-filing.ts";
import { existingTransactionsQuery } from "../imports/import-target.ts";
import { payeesOfLines } from "../payees/payee-statements.ts";
import { partsOfNewRows } from "../transactions/transaction-parts.ts";
import { lookupOf, resolveTransaction } from "../transactions/transaction-legs.ts";
import { countChange } from "../transactions/transactions.service.ts";
import type { TransactionInput } from "../transactions/transactions.schemas.ts";
import { tagsNamedByRulesQuery } from "../transactions/transactions.queries.ts";
import { BankProviderError, type DayWindow, type RemoteLine } from "./providers/bank-provider.ts";
import {
  failedWith,
  legOf,
  legQueries,
  lineInput,
  otherLinkedAccountsQuery,
  unpairedCounterpartsQuery,
} from "./bank-legs.ts";
import {
  type CardInstallment,
  type KnownPlan,
  cardPlanQueries,
  cardPlans,
  installmentOfLine,
  type LineInstallment,
  purchaseDateOf,
  purchaseWords,
} from "./bank-installments.ts";
import { openedAccess, providerOf, remoteAccountStatements, signedUnits, statusAfter } from "./remote-accounts.ts";

/**
 * The sync (README: "Bank connections"; docs/bank-connections.md): a connection's lines brought into the
 * accounts and cards they are linked to, each line once.
 *
 * A sync is a run (`sync_run_id`) that reads each linked account's days — a year the first time, from a
 * week before the last day read afterwards — a page at a time. Each page is written in ONE atomic batch
 * with the account's place in the run (the provider's cursor), so a Worker stopped anywhere (its CPU or
 * subrequest limits, a deploy) loses nothing and repeats nothing: the next step continues from the next
 * page. Steps run under a lease in the database, so two never write one connection at once; each page's
 * batch fails whole if the lease was lost meanwhile.
 *
 * A line is keyed by the provider's id per Moneta account or card (bank_lines). A line not seen before
 * is matched to a transaction the person typed or imported (same amount and direction, ±3 days, a word
 * in common) and joined to it, or else written as a new transaction filed by the rules (source "bank")
 * with its payee. A line seen before is only brought up to date: a changed amount or day moves the
 * transaction the sync wrote (never one the person typed). A line the bank no longer shows is flagged
 * once the run has read all of its days.
 */

/** How long a step may hold a connection; a step that dies lets the next one in after this. */
const leaseMs = 90_000;
/** The first sync reads a year; later ones re-read the last week, where pending lines post and banks correct. */
export const firstSyncDays = 365;
const overlapDays = 7;
/** Steps stop at this many pages, leaving the rest to the next tick; `pages` overrides it. */
const defaultPages = 8;

/** What a sync did: lines written, matched with the person's, updated, gone and skipped; installment plans made. */
export type SyncSummary = {
  created: number;
  matched: number;
  updated: number;
  gone: number;
  skipped: number;
  plans: number;
};

export const emptySummary = (): SyncSummary => ({ created: 0, matched: 0, updated: 0, gone: 0, skipped: 0, plans: 0 });

export type SyncStep =
  | { state: "busy" }
  | { state: "continuing" | "done"; summary: SyncSummary }
  | { state: "failed"; failure: BankProviderError["failure"] };

type ConnectionRow = typeof bankConnections.$inferSelect;
type RemoteRow = typeof bankRemoteAccounts.$inferSelect;
type Lease = { connectionId: string; workspaceId: string; leaseId: string; runId: string };

/** A page's batch refused because another step holds the connection now (the guard writes NULL). */
const leaseLostFailure = "NOT NULL constraint failed: bank_connections.status";

export class LeaseLost extends Error {
  constructor() {
    super("another sync step holds the connection");
    this.name = "LeaseLost";
  }
}

const isoAfter = (ctx: ServiceContext, ms: number) => new Date(ctx.clock.now().getTime() + ms).toISOString();

/**
 * The first statement of every batch a step writes: renews the lease and applies `set`, but only while
 * the lease is still this step's — otherwise it writes NULL into the status, failing the whole batch.
 */
function whileLeaseHeld(
  ctx: ServiceContext,
  lease: Pick<Lease, "connectionId" | "leaseId">,
  set: SQLiteUpdateSetSource<typeof bankConnections> = {},
) {
  const status = set.status ?? bankConnections.status;
  return ctx.db
    .update(bankConnections)
    .set({
      leaseUntil: isoAfter(ctx, leaseMs),
      ...set,
      status: sql`case when ${bankConnections.leaseId} = ${lease.leaseId} then ${status} end`,
    })
    .where(eq(bankConnections.id, lease.connectionId));
}

const summaryAdded = (added: Partial<SyncSummary>) => {
  let expression = sql`coalesce(${bankConnections.syncSummary}, '{}')`;
  for (const [key, count] of Object.entries(added)) {
    if (!count) continue;
    expression = sql`json_set(${expression}, ${`$.${key}`}, coalesce(json_extract(${bankConnections.syncSummary}, ${`$.${key}`}), 0) + ${count})`;
  }
  return expression;
};

/** The connection, if no step holds it and it is connected: now this step's until the lease lapses. */
async function leaseTaken(ctx: ServiceContext, connectionId: string, leaseId: string) {
  const now = ctx.clock.now().toISOString();
  const [row] = await ctx.db
    .update(bankConnections)
    .set({ leaseId, leaseUntil: isoAfter(ctx, leaseMs) })
    .where(
      and(
        eq(bankConnections.id, connectionId),
        isNull(bankConnections.disconnectedAt),
        or(isNull(bankConnections.leaseUntil), lt(bankConnections.leaseUntil, now)),
      ),
    )
    .returning();
  return row ?? null;
}

async function leaseReleased(ctx: ServiceContext, lease: Pick<Lease, "connectionId" | "leaseId">) {
  await ctx.db
    .update(bankConnections)
    .set({ leaseId: null, leaseUntil: null })
    .where(and(eq(bankConnections.id, lease.connectionId), eq(bankConnections.leaseId, lease.leaseId)));
}

const linkedRemotesQuery = (ctx: ServiceContext, connectionId: string) =>
  ctx.db
    .select()
    .from(bankRemoteAccounts)
    .where(
      and(
        eq(bankRemoteAccounts.connectionId, connectionId),
        or(isNotNull(bankRemoteAccounts.accountId), isNotNull(bankRemoteAccounts.cardId)),
      ),
    )
    .orderBy(asc(bankRemoteAccounts.createdAt), asc(bankRemoteAccounts.id));

/**
 * A run begins: the provider's accounts (names, balances, card details) brought up to date, and each
 * linked account given the days to read — a year back the first time, else from a week before the last
 * day read.
 */
async function runStarted(ctx: ServiceContext, connection: ConnectionRow, lease: Omit<Lease, "runId">, access: string) {
  const remote = await providerOf(ctx, connection).accounts(access);
  const runId = newId();
  const today = latestToday(ctx.clock.now());
  const yearAgo = addDays(today, -firstSyncDays);
  const institution = remote.find((account) => account.institution)?.institution;
  await batchOfStatements(ctx.db, [
    whileLeaseHeld(ctx, lease, {
      syncRunId: runId,
      syncStartedAt: ctx.clock.now().toISOString(),
      syncSummary: JSON.stringify(emptySummary()),
      status: "active",
      lastError: null,
      ...(institution ? { institution } : {}),
    }),
    ...remoteAccountStatements(ctx, connection, remote),
    ctx.db
      .update(bankRemoteAccounts)
      .set({
        syncFrom: sql`max(coalesce(date(${bankRemoteAccounts.syncedThrough}, ${`-${overlapDays} days`}), ${yearAgo}), ${yearAgo})`,
        syncCursor: null,
      })
      .where(
        and(
          eq(bankRemoteAccounts.connectionId, connection.id),
          or(isNotNull(bankRemoteAccounts.accountId), isNotNull(bankRemoteAccounts.cardId)),
        ),
      ),
  ]);
  return runId;
}

/** The run ends: when it ended, the lines it found gone counted into its summary, the connection healthy. */
async function runFinished(ctx: ServiceContext, lease: Lease, startedAt: string | null) {
  const gone = sql`(select count(*) from ${bankLines} where ${bankLines.remoteAccountId} in (select ${bankRemoteAccounts.id} from ${bankRemoteAccounts} where ${bankRemoteAccounts.connectionId} = ${lease.connectionId}) and ${bankLines.goneAt} >= ${startedAt ?? ""})`;
  await batchOfStatements(ctx.db, [
    whileLeaseHeld(ctx, lease, {
      syncRunId: null,
      syncStartedAt: null,
      lastSyncedAt: ctx.clock.now().toISOString(),
      lastError: null,
      status: "active",
      syncSummary: sql`json_set(coalesce(${bankConnections.syncSummary}, '{}'), '$.gone', ${gone})`,
      leaseId: null,
      leaseUntil: null,
    }),
  ]);
}

/**
 * One step of a connection's sync: takes the lease (or answers "busy"), starts a run if none is under
 * way, then writes up to `pages` pages and lets go. "continuing" means pages are left for the next step;
 * a provider's failure is kept on the connection (its status in words for the person) with the run's
 * place, so the next step resumes it.
 */
export async function syncStep(
  ctx: ServiceContext,
  connectionId: string,
  options: { pages?: number } = {},
): Promise<SyncStep> {
  const leaseId = newId();
  const connection = await leaseTaken(ctx, connectionId, leaseId);
  if (!connection) return { state: "busy" };
  const baseLease = { connectionId, workspaceId: connection.workspaceId, leaseId };
  try {
    const access = await openedAccess(ctx, connection);
    const runId = connection.syncRunId ?? (await runStarted(ctx, connection, baseLease, access));
    const startedAt = connection.syncRunId ? connection.syncStartedAt : ctx.clock.now().toISOString();
    const lease = { ...baseLease, runId };
    const provider = providerOf(ctx, connection);
    const today = latestToday(ctx.clock.now());
    const summary = emptySummary();
    let pagesLeft = options.pages ?? defaultPages;
    for (const remote of await linkedRemotesQuery(ctx, connectionId)) {
      if (remote.syncFrom === null) continue;
      const window: DayWindow = { from: remote.syncFrom, to: today };
      let cursor = remote.syncCursor;
      for (;;) {
        if (pagesLeft === 0) return { state: "continuing", summary };
        pagesLeft -= 1;
        const page = await provider.lines(access, remote.remoteId, window, cursor);
        const written = await pageWritten(ctx, lease, remote, window, page.lines, page.next);
        for (const key of Object.keys(summary) as (keyof SyncSummary)[]) summary[key] += written[key];
        if (page.next === null) break;
        cursor = page.next;
      }
    }
    await runFinished(ctx, lease, startedAt);
    return { state: "done", summary };
  } catch (error) {
    if (error instanceof LeaseLost) return { state: "busy" };
    if (!(error instanceof BankProviderError)) throw error;
    ctx.log.warn("bank.sync_failed", { connection_id: connectionId, failure: error.failure });
    await batchOfStatements(ctx.db, [
      whileLeaseHeld(ctx, baseLease, { status: statusAfter(error), lastError: `${error.failure}: ${error.message}` }),
    ]).catch((failure: unknown) => {
      if (!failedWith(failure, leaseLostFailure)) throw failure;
    });
    return { state: "failed", failure: error.failure };
  } finally {
    await leaseReleased(ctx, baseLease);
  }
}

const maxDescriptionLength = 255;

/** The bank's text as a description: trimmed, cut to 255 characters, never empty. */
function descriptionOf(line: RemoteLine): string {
  const text = (line.description.trim() || line.payee?.trim() || "").replace(/\s+/g, " ");
  if (!text) return "—";
  return text.length > maxDescriptionLength ? `${text.slice(0, maxDescriptionLength - 1)}…` : text;
}

type PageLine = { line: RemoteLine; units: number; description: string };

/**
 * One page of an account's lines, written in ONE atomic batch with the account's place in the run: new
 * lines as transactions (or joined to the person's look-alikes), known ones brought up to date, and on
 * the account's last page the lines of its days the run did not read flagged as gone.
 */
async function pageWritten(
  ctx: ServiceContext,
  lease: Lease,
  remote: RemoteRow,
  window: DayWindow,
  pageLines: readonly RemoteLine[],
  next: string | null,
  attempt = 1,
): Promise<SyncSummary> {
  const leg = legOf(remote);
  const summary = emptySummary();
  if (!leg) return summary;
  const { workspaceId } = lease;
  const lines: PageLine[] = [];
  const seenIds = new Set<string>();
  for (const line of pageLines) {
    if (seenIds.has(line.remoteId)) continue;
    seenIds.add(line.remoteId);
    const units = signedUnits(line.amount, remote.currency);
    if (
      units === null ||
      units === 0 ||
      !isSupportedDate(line.date) ||
      Math.abs(units) > maxAmountUnitsOf(remote.currency)
    ) {
      summary.skipped += 1;
      ctx.log.warn("bank.line_skipped", {
        connection_id: lease.connectionId,
        reason: units === 0 ? "zero" : "unreadable",
      });
      continue;
    }
    lines.push({ line, units, description: descriptionOf(line) });
  }
  const ids = JSON.stringify(lines.map(({ line }) => line.remoteId));
  const dates = lines.map(({ line }) => line.date).sort();
  const days = dates.length
    ? { from: addDays(dates[0]!, -similarDayWindow), to: addDays(dates.at(-1)!, similarDayWindow) }
    : null;
  const joinedAlready = sql`not exists (select 1 from ${bankLines} where ${bankLines.transactionId} = ${transactions.id})`;
  const { accountRows, cardRows: cardQuery, paidCardRows: paidCardQuery } = legQueries(ctx, workspaceId, leg);
  // The amounts whose other side may be a linked place of the person's: a card's payment received, or any
  // line of an account (a bill it paid, or a transfer to or from another linked account).
  const payments = lines.filter(({ units }) => leg.type === "account" || units > 0).map(({ units }) => Math.abs(units));
  const filing = filingQueries(ctx, workspaceId);
  // A card's plans with installments near the page's days (two months before, for banks that date every
  // installment on the purchase's day); none for a bank account.
  const planQueries = cardPlanQueries(
    ctx,
    workspaceId,
    leg.type === "card" ? leg.id : "",
    addDays(days?.from ?? "9999-12-31", -62),
  );
  const [
    legRows,
    cardRows,
    knownRows,
    candidateRows,
    ruleRows,
    knownPayeeRows,
    tagRows,
    ruleTagRows,
    planRows,
    planInstallmentRows,
    paidCardRows,
    otherAccountRows,
    counterpartRows,
  ] = await ctx.db.batch([
    accountRows,
    cardQuery,
    ctx.db
      .select({ line: bankLines, transaction: transactions })
      .from(bankLines)
      .leftJoin(transactions, eq(transactions.id, bankLines.transactionId))
      .where(and(eq(bankLines.legId, leg.id), sql`${bankLines.lineId} in (select value from json_each(${ids}))`)),
    days
      ? existingTransactionsQuery(ctx, workspaceId, leg, days, joinedAlready)
      : existingTransactionsQuery(ctx, workspaceId, leg, { from: "9999-12-31", to: "0000-01-01" }, joinedAlready),
    filing.ruleRows,
    filing.knownPayeeRows,
    filing.tagRows,
    tagsNamedByRulesQuery(ctx, workspaceId),
    planQueries.planRows,
    planQueries.installmentRows,
    paidCardQuery,
    otherLinkedAccountsQuery(ctx, workspaceId, leg),
    unpairedCounterpartsQuery(ctx, workspaceId, leg, days ?? { from: "9999-12-31", to: "0000-01-01" }, payments),
  ]);
  const lookup = lookupOf([...legRows, ...otherAccountRows], [...cardRows, ...paidCardRows]);
  const currency =
    leg.type === "card" ? lookup.cards.get(leg.id)?.account.currency : lookup.accounts.get(leg.id)?.currency;
  // The account or card was deleted since it was linked: the link is gone with it (on delete set null).
  if (!currency) return summary;
  const known = new Map(knownRows.map((row) => [row.line.lineId, row]));
  const outcomeOf = lineOutcomes({ ruleRows, knownPayeeRows, tagRows }, leg, currency, "bank");
  const tagById = new Map(ruleTagRows.map((tag) => [tag.id, tag]));
  const now = ctx.clock.now().toISOString();
  const effects = noEffects();
  const statements: BatchItem<"sqlite">[] = [];
  const newRows: (typeof transactions.$inferInsert)[] = [];
  const lineRows: (typeof bankLines.$inferInsert)[] = [];
  const linkRows: ReturnType<typeof tagLinkRows> = [];
  const splitRows: Parameters<typeof partsOfNewRows>[1][number][] = [];
  const payeeLines: Parameters<typeof payeesOfLines>[2][number][] = [];
  const unchangedIds: string[] = [];
  const fresh: PageLine[] = [];
  const planStatements: BatchItem<"sqlite">[] = [];
  const inputOf = ({ units, description, line }: PageLine) => lineInput(leg, units, description, line.date);
  const card = leg.type === "card" ? lookup.cards.get(leg.id)?.card : undefined;
  const plans = cardPlans(planRows, planInstallmentRows);

  /**
   * The bank's word on a transaction the sync wrote: it becomes `input` (an amount or day the bank
   * corrected, a card payment its two lines make), if still as read.
   */
  function followed(transaction: typeof transactions.$inferSelect, input: TransactionInput) {
    const resolved = resolveTransaction(input, lookup, transaction, "units");
    const change = effectsOfChange(transaction, resolved);
    const atRevision = sql`exists (select 1 from ${transactions} where ${transactions.id} = ${transaction.id} and ${transactions.revision} = ${transaction.revision})`;
    const { kind, ...money } = resolved;
    return [
      ...effectStatements(ctx, workspaceId, change, atRevision, "bank's word"),
      ctx.db
        .update(transactions)
        .set({
          kind,
          ...money,
          date: input.date,
          description: input.description,
          revision: transaction.revision + 1,
          updatedAt: now,
        })
        .where(and(eq(transactions.id, transaction.id), eq(transactions.revision, transaction.revision))),
    ];
  }

  /** A transaction the sync wrote, as the bank's line now says it: a card payment stays one. */
  function asTheBankSays(
    transaction: typeof transactions.$inferSelect,
    entry: PageLine,
    date: string,
  ): TransactionInput {
    const words = { date, description: transaction.description };
    return transaction.kind === "pay_credit_card" && transaction.destinationCardId
      ? {
          type: "pay_credit_card",
          amount: Math.abs(entry.units),
          destination: { type: "card", id: transaction.destinationCardId },
          ...words,
        }
      : { ...inputOf(entry), ...words };
  }

  /**
   * Money between two of the person's own linked places whose other side the sync wrote already: a card's
   * bill paid from its account becomes one card payment (the spending was the card's purchases, not its
   * bill), money between two linked accounts one transfer — in the words of the side the money left.
   */
  function pairedWithOtherSide(entry: PageLine): boolean {
    if (!leg) return false;
    const amount = Math.abs(entry.units);
    const leaves = entry.units < 0;
    const other = counterpartRows
      .filter(
        (row) =>
          row.amountCents === amount &&
          row.currency === currency &&
          daysApart(row.date, entry.line.date) <= similarDayWindow &&
          (leg.type === "card" || row.kind === (leaves ? "income" : "expense")),
      )
      .sort((a, b) => daysApart(a.date, entry.line.date) - daysApart(b.date, entry.line.date))[0];
    if (!other) return false;
    counterpartRows.splice(counterpartRows.indexOf(other), 1);
    const words = { amount, date: other.date, description: leaves ? entry.description : other.description };
    const cardId = leg.type === "card" ? leg.id : other.destinationCardId;
    const input: TransactionInput = cardId
      ? { type: "pay_credit_card", destination: { type: "card", id: cardId }, ...words }
      : {
          type: "transfer",
          origin: { type: "account", id: leaves ? leg.id : other.originAccountId! },
          destination: { type: "account", id: leaves ? other.destinationAccountId! : leg.id },
          ...words,
        };
    statements.push(...followed(other, input));
    summary.created += 1;
    lineRows.push({ ...lineRowOf(entry), transactionId: other.id, joined: "created" });
    return true;
  }

  for (const entry of lines) {
    const { line, units, description } = entry;
    const row = known.get(line.remoteId);
    if (!row) {
      fresh.push(entry);
      continue;
    }
    const stored = row.line;
    const changed =
      stored.amountUnits !== units ||
      stored.date !== line.date ||
      stored.pending !== line.pending ||
      stored.description !== description ||
      stored.goneAt !== null;
    if (!changed) {
      unchangedIds.push(stored.id);
      continue;
    }
    summary.updated += 1;
    statements.push(
      ctx.db
        .update(bankLines)
        .set({
          amountUnits: units,
          date: line.date,
          pending: line.pending,
          description,
          seenRunId: lease.runId,
          goneAt: null,
        })
        .where(eq(bankLines.id, stored.id)),
    );
    // The bank corrected a line the sync wrote: the transaction follows (one the person typed is theirs).
    const transaction = row.transaction;
    if (transaction && stored.joined === "created" && (stored.amountUnits !== units || stored.date !== line.date))
      statements.push(...followed(transaction, asTheBankSays(transaction, entry, line.date)));
  }

  // Lines not seen before, day by day. A card's installment joins its plan's installment first; then the
  // person's look-alikes, each claimed once; then new transactions, or a plan for a purchase em N vezes.
  fresh.sort((a, b) => (a.line.date < b.line.date ? -1 : a.line.date > b.line.date ? 1 : 0));
  const lineRowOf = ({ line, units, description }: PageLine) => ({
    id: newId(),
    workspaceId,
    remoteAccountId: remote.id,
    legId: leg.id,
    lineId: line.remoteId,
    date: line.date,
    amountUnits: units,
    description,
    pending: line.pending,
    seenRunId: lease.runId,
    createdAt: now,
  });
  const actingCtx = { ...ctx, actor: { type: "system" as const, job: "bank-sync" as const } };

  function joinedInstallment(
    entry: PageLine,
    { installment, joined }: { installment: CardInstallment; joined: "created" | "matched" },
  ) {
    summary[joined] += 1;
    lineRows.push({ ...lineRowOf(entry), transactionId: installment.transaction.id, joined });
    const { transaction } = installment;
    if (joined === "created" && transaction.amountCents !== Math.abs(entry.units))
      statements.push(...followed(transaction, asTheBankSays(transaction, entry, transaction.date)));
  }

  /** A plan's installments posted on the bank's word (the limit does not refuse them), each with the line's payee. */
  function installmentsPosted(plan: InstallmentPlanRow, occurrences: Occurrence[], payee: string | null) {
    const posting = postingPlan(
      actingCtx,
      { kind: "installment", item: plan, name: plan.description },
      occurrences,
      { lookup, tagsById: tagById },
      "bank's word",
    );
    for (const row of posting.rows) payeeLines.push({ transactionId: row.id, description: row.description, payee });
    return posting;
  }

  /** A purchase em N vezes not seen before: a plan on the card whose installments ahead hold its limit. */
  function planMade(entry: PageLine, installment: LineInstallment): boolean {
    if (!card) return false;
    const { line, units, description } = entry;
    const amount = Math.abs(units);
    const outcome = outcomeOf({ description, units, payee: line.payee });
    const purchaseDate = purchaseDateOf(installment, line.date);
    let made: ReturnType<typeof installmentPlanOf>;
    try {
      made = installmentPlanOf(
        actingCtx,
        {
          workspaceId,
          description: installment.purchase,
          origin: leg!,
          tagIds: outcome?.tagIds ?? [],
          merchant: line.payee,
          purchaseDate,
          totalUnits: installment.totalUnits ?? amount * installment.total,
          count: installment.total,
          interestRate: "0",
          settled: installment.number - 1,
          createdBy: null,
        },
        card,
        lookup,
      );
    } catch (error) {
      // A purchase the plans cannot hold (its last installment past the dates Moneta keeps): a line.
      if (error instanceof AppError) return false;
      throw error;
    }
    const { plan, occurrences } = made;
    occurrences[0] = { ...occurrences[0]!, amountCents: amount };
    const posting = installmentsPosted(plan, occurrences, outcome?.payee ?? line.payee);
    const purchase = {
      purchase: purchaseWords(installment.purchase),
      installmentCount: installment.total,
      installmentUnits: amount,
      purchaseMonth: purchaseDate.slice(0, 7),
    };
    planStatements.push(
      ctx.db.insert(installmentPlans).values(plan),
      ctx.db
        .insert(bankInstallmentPlans)
        .values({ planId: plan.id, workspaceId, cardId: card.id, ...purchase, createdAt: now }),
      ...posting.statements,
    );
    summary.plans += 1;
    joinedInstallment(entry, { installment: plans.added(plan, purchase, posting.rows), joined: "created" });
    return true;
  }

  /** An earlier installment of the sync's own plan: the plan posts it (and any between) and now begins there. */
  function planExtended(entry: PageLine, known: KnownPlan, installment: LineInstallment): boolean {
    if (!card) return false;
    const { plan } = known;
    const dates = cardInstallmentDates(plan.purchaseDate, plan.installmentCount, {
      billingDay: card.billingCycleDay,
      dueDay: card.dueDay,
    });
    const schedule = installmentRows(plan);
    const from = installment.number - 1;
    const occurrences = Array.from({ length: plan.settledBeforeCount - from }, (_, offset) => {
      const index = from + offset;
      return {
        occurrenceDate: dates[index]!.date,
        transactionDate: dates[index]!.date,
        amountCents: offset === 0 ? Math.abs(entry.units) : Number(schedule[index]!.paymentCents),
        description: installmentDescription(plan.description, index + 1, plan.installmentCount),
      };
    });
    const posting = installmentsPosted(plan, occurrences, entry.line.payee);
    const set = { settledBeforeCount: from, revision: plan.revision + 1, updatedAt: now };
    planStatements.push(
      ...posting.statements,
      ctx.db
        .update(installmentPlans)
        .set(set)
        .where(and(eq(installmentPlans.id, plan.id), eq(installmentPlans.revision, plan.revision))),
    );
    joinedInstallment(entry, {
      installment: plans.extended(known, { ...plan, ...set }, posting.rows),
      joined: "created",
    });
    return true;
  }

  const installmentOfEntry = new Map<PageLine, LineInstallment>();
  const unplaced: PageLine[] = [];
  for (const entry of fresh) {
    const installment =
      card && entry.units < 0
        ? installmentOfLine(entry.line, entry.description, (amount) => signedUnits(amount, remote.currency))
        : null;
    if (installment) {
      const placement = plans.place(installment, entry.units, entry.line.date);
      if (placement.type === "installment") {
        joinedInstallment(entry, placement);
        continue;
      }
      if (placement.type === "earlier" && planExtended(entry, placement.plan, installment)) continue;
      if (placement.type === "new plan") installmentOfEntry.set(entry, installment);
    }
    unplaced.push(entry);
  }
  // The sync's own plans' installments wait for their lines; they are never someone's look-alike.
  const bankMade = plans.bankMade();
  const candidates = candidateRows.filter((row) => !bankMade.has(row.id)).map((row) => ({ ...row, importedId: null }));
  const matches = matchLines(
    unplaced.map(({ line, units, description }) => ({ date: line.date, description, units, importedId: null })),
    candidates,
  );
  for (const [index, entry] of unplaced.entries()) {
    const match = matches[index]!;
    const { line, units, description } = entry;
    if (match.status === "possible_duplicate") {
      summary.matched += 1;
      lineRows.push({ ...lineRowOf(entry), transactionId: match.existingId, joined: "matched" });
      continue;
    }
    const installment = installmentOfEntry.get(entry);
    if (installment) {
      // An earlier line of this page may have made the purchase's plan meanwhile.
      const placement = plans.place(installment, units, line.date);
      if (placement.type === "installment") {
        joinedInstallment(entry, placement);
        continue;
      }
      if (placement.type === "new plan" && planMade(entry, installment)) continue;
    }
    if (pairedWithOtherSide(entry)) continue;
    summary.created += 1;
    const id = newId();
    const resolved = resolveTransaction(inputOf(entry), lookup, null, "units");
    effectsOf(resolved, 1, effects);
    const { kind, ...money } = resolved;
    const outcome = outcomeOf({ description, units, payee: line.payee });
    if (outcome?.parts)
      splitRows.push({
        transactionId: id,
        amountUnits: Math.abs(units),
        parts: outcome.parts.map((part) => ({
          id: newId(),
          amountUnits: part.amountUnits,
          tagIds: part.tagIds,
          note: null,
        })),
      });
    else if (outcome?.tagIds?.length)
      linkRows.push(
        ...tagLinkRows(
          id,
          outcome.tagIds.flatMap((tagId) => tagById.get(tagId) ?? []),
        ),
      );
    payeeLines.push({ transactionId: id, description, payee: outcome?.payee ?? line.payee });
    newRows.push({
      id,
      workspaceId,
      kind,
      ...money,
      description: outcome?.description ?? description,
      date: line.date,
      note: outcome?.note ?? null,
      createdBy: null,
      createdVia: "system:bank-sync",
      createdAt: now,
    });
    lineRows.push({ ...lineRowOf(entry), transactionId: id, joined: "created" });
  }

  const isLastPage = next === null;
  const batch = [
    // The bank answered: whatever it failed with before (a sign-in it asked for, an outage) is behind it.
    whileLeaseHeld(ctx, lease, { syncSummary: summaryAdded(summary), status: "active", lastError: null }),
    ctx.db
      .update(bankRemoteAccounts)
      .set(isLastPage ? { syncFrom: null, syncCursor: null, syncedThrough: window.to } : { syncCursor: next })
      .where(eq(bankRemoteAccounts.id, remote.id)),
    ...(newRows.length > 0 ? [ctx.db.insert(transactions).values(newRows)] : []),
    ...planStatements,
    ...(linkRows.length > 0 ? [ctx.db.insert(transactionTags).values(linkRows)] : []),
    ...partsOfNewRows(ctx.db, splitRows),
    ...payeesOfLines(ctx.db, workspaceId, payeeLines, now),
    ...(newRows.length > 0 ? [countChange(ctx, workspaceId, newRows.length)] : []),
    ...effectStatements(ctx, workspaceId, effects, undefined, "bank's word"),
    ...(lineRows.length > 0 ? [ctx.db.insert(bankLines).values(lineRows)] : []),
    ...(unchangedIds.length > 0
      ? [
          ctx.db
            .update(bankLines)
            .set({ seenRunId: lease.runId })
            .where(sql`${bankLines.id} in (select value from json_each(${JSON.stringify(unchangedIds)}))`),
        ]
      : []),
    ...statements,
    // The account's days are all read: what the bank showed before in them and not now, it removed.
    ...(isLastPage
      ? [
          ctx.db
            .update(bankLines)
            .set({ goneAt: now })
            .where(
              and(
                eq(bankLines.remoteAccountId, remote.id),
                sql`${bankLines.date} >= ${window.from} and ${bankLines.date} <= ${window.to}`,
                sql`${bankLines.seenRunId} <> ${lease.runId}`,
                isNull(bankLines.goneAt),
              ),
            ),
        ]
      : []),
  ];
  try {
    await runLedgerBatch(batchOfStatements(ctx.db, batch));
  } catch (error) {
    if (failedWith(error, leaseLostFailure)) throw new LeaseLost();
    // A transaction joined or changed was deleted, another writer took a line, or the person changed a plan
    // the page posts installments of, since the read: read again.
    if (
      attempt < 3 &&
      (failedWith(error, "bank_lines") ||
        isPostingOvertaken(error) ||
        (error as { code?: string }).code === "REFERENCED_ITEM_DELETED")
    )
      return pageWritten(ctx, lease, remote, window, pageLines, next, attempt + 1);
    throw error;
  }
  return summary;
}
