/**
 * Loans (README: "Loans"). A loan keeps its state — balance, payments left, the regular
 * payment or principal part — and every payment recorded changes it in ONE atomic batch with the
 * payment's row and the expense it posts from the payment account, guarded by the loan's revision
 * (a racing twin reloads) and, when sent, an Idempotency-Key (a retry answers the first answer).
 * A loan with auto-pay on has each scheduled payment recorded the same way by the cron executor,
 * claimed like any planned occurrence (./loans.kind.ts).
 */
import { and, asc, desc, eq, sql } from "drizzle-orm";
import type { z } from "zod";
import type { Currency } from "../../../db/enums.ts";
import { isUuid, newId } from "../../../db/ids.ts";
import { batchEndingWith, batchOfStatements } from "../../../db/named-batch.ts";
import { accounts, loanPayments, loans, transactions } from "../../../db/schema/index.ts";
import { type ActingContext, actorUserId, createdViaOf, type ServiceCall } from "../../access/actor.ts";
import { readInWorkspace } from "../../access/actor-access.ts";
import type { ServiceContext } from "../../context.ts";
import { AppError, fieldError } from "../../http/errors.ts";
import { created, idempotentWrite, type Answer, type IdempotentRequest } from "../../idempotency/idempotent-write.ts";
import { effectStatements, runLedgerBatch } from "../../ledger/apply-effects.ts";
import { maxAmountUnitsOf, minorUnitOf, unitsToDecimal, unitsToHundredths } from "../../ledger/amounts.ts";
import { unitsIn } from "../../ledger/amount-in-currency.ts";
import { addDays, todayIn } from "../../ledger/dates.ts";
import { effectsOfChange } from "../../ledger/effects.ts";
import { paymentDate } from "../money-schedules.ts";
import { assertScheduleEndsInRange } from "../schedule-range.ts";
import { lookupOf, resolveTransaction } from "../../transactions/transaction-legs.ts";
import { countChange } from "../../transactions/transactions.service.ts";
import type { WorkspaceRef } from "../../access/workspace-access.ts";
import { failureResponse } from "../planned-reads.ts";
import {
  accruedInterest,
  type ExtraPaymentMode,
  loanTerms,
  openingState,
  paymentsAheadOf,
  stateAfter,
  stateOf,
} from "./loan-math.ts";
import type {
  loanDetailSchema,
  loanListSchema,
  loanResponseSchema,
  loanStatisticsSchema,
  payoffResponseSchema,
  upcomingLoanPaymentsSchema,
} from "./loans.responses.ts";
import type { LoanEdit, LoanInput, LoanPaymentInput, RefinanceInput } from "./loans.schemas.ts";

export type LoanRef = WorkspaceRef & { loanId: string };
export type LoanRow = typeof loans.$inferSelect;
type LoanPaymentRow = typeof loanPayments.$inferSelect;
type AccountRow = typeof accounts.$inferSelect;
export type LoanResponse = z.infer<typeof loanResponseSchema>;
export type LoanDetail = z.infer<typeof loanDetailSchema>;

const loanNotFound = () => new AppError("NOT_FOUND", "errors:details.loanNotFound");
const changedMeanwhile = () => new AppError("PLANNED_ITEM_CHANGED");
const notActive = () => new AppError("LOAN_NOT_ACTIVE");
const loanId = (ref: LoanRef) => (isUuid(ref.loanId) ? ref.loanId.toLowerCase() : "");

/** The period the next payment closes: from the previous due date (or the start) to the next. */
function accrualBasis(loan: LoanRow) {
  const periodStart =
    loan.periodsPaid === 0
      ? loan.startDate
      : paymentDate(loan.firstPaymentDate, loan.periodsPaid - 1, loan.paymentFrequency);
  const periodEnd = loan.nextPaymentDate ?? paymentDate(loan.firstPaymentDate, loan.periodsPaid, loan.paymentFrequency);
  return {
    balanceCents: BigInt(loan.currentBalanceCents),
    accruedFrom: loan.lastPaymentDate ?? loan.startDate,
    periodStart,
    periodEnd,
  };
}

/** What paying the loan off on `date` takes: the balance, the interest accrued by then and the period's fee. */
export function payoffOn(loan: LoanRow, date: string) {
  const { rate } = loanTerms(loan);
  const interestCents = accruedInterest(accrualBasis(loan), rate, date);
  const feeCents = BigInt(loan.monthlyFeeCents);
  const balanceCents = BigInt(loan.currentBalanceCents);
  return { date, balanceCents, interestCents, feeCents, totalCents: balanceCents + interestCents + feeCents };
}

function paymentResponse(row: LoanPaymentRow, currency: string) {
  return {
    uuid: row.id,
    date: row.date,
    amount: unitsToDecimal(row.amountCents, currency),
    fee: unitsToDecimal(row.feeCents, currency),
    interest: unitsToDecimal(row.interestCents, currency),
    principal: unitsToDecimal(row.principalCents, currency),
    balance_after: unitsToDecimal(row.balanceAfterCents, currency),
    is_payoff: row.isPayoff,
    transaction_id: row.transactionId,
  };
}

type LoanContext = { account: AccountRow | undefined; payments: readonly LoanPaymentRow[]; today: string };

/** A loan as the API answers it (./loans.responses.ts), as lists give it. */
export function toLoanResponse(loan: LoanRow, context: LoanContext): LoanResponse {
  const isActive = loan.status === "active";
  const ahead = paymentsAheadOf(loan);
  const paid = context.payments.filter((payment) => payment.loanId === loan.id);
  const sum = (rows: readonly { [key: string]: unknown }[], field: string) =>
    rows.reduce((total, row) => total + BigInt(row[field] as number | bigint), 0n);
  const payoff = isActive ? payoffOn(loan, context.today) : null;
  const principalPaid = BigInt(loan.principalCents - loan.currentBalanceCents);
  return {
    uuid: loan.id,
    name: loan.name,
    description: loan.description,
    type: loan.type,
    lender: loan.lender,
    loan_number: loan.loanNumber,
    currency: loan.currency,
    principal_amount: unitsToDecimal(loan.principalCents, loan.currency),
    current_balance: unitsToDecimal(loan.currentBalanceCents, loan.currency),
    current_balance_cents: loan.currentBalanceCents,
    interest_rate: loan.interestRate,
    interest_rate_period: loan.interestRatePeriod,
    rate_conversion: loan.rateConversion,
    interest_type: loan.interestType,
    amortization_system: loan.amortizationSystem,
    term_months: loan.termMonths,
    payment_frequency: loan.paymentFrequency,
    extra_payment_mode: loan.extraPaymentMode,
    /** The next payment, its fee included (SAC payments fall as the balance does). */
    payment_amount: ahead[0] ? unitsToDecimal(ahead[0].paymentCents, loan.currency) : null,
    remaining_payments: ahead.length,
    payments_made: paid.length,
    start_date: loan.startDate,
    first_payment_date: loan.firstPaymentDate,
    next_payment_date: isActive ? loan.nextPaymentDate : null,
    maturity_date: ahead.at(-1)?.date ?? paid.at(-1)?.date ?? null,
    last_payment_date: loan.lastPaymentDate,
    payment_account: context.account
      ? { uuid: context.account.id, name: context.account.name }
      : { uuid: loan.paymentAccountId, name: null },
    origination_fee: unitsToDecimal(loan.originationFeeCents, loan.currency),
    monthly_fee: unitsToDecimal(loan.monthlyFeeCents, loan.currency),
    status: loan.status,
    auto_pay: loan.autoPay,
    failure: failureResponse(loan),
    refinanced_from_id: loan.refinancedFromId,
    refinanced_to_id: loan.refinancedToId,
    principal_paid: unitsToDecimal(principalPaid, loan.currency),
    progress:
      loan.principalCents > 0 ? Math.round(Number((principalPaid * 1000n) / BigInt(loan.principalCents))) / 10 : 0,
    interest_paid: unitsToDecimal(sum(paid, "interestCents"), loan.currency),
    total_paid: unitsToDecimal(sum(paid, "amountCents"), loan.currency),
    interest_remaining: unitsToDecimal(
      ahead.reduce((total, row) => total + row.interestCents, 0n),
      loan.currency,
    ),
    payoff_today: payoff
      ? {
          date: payoff.date,
          amount: unitsToDecimal(payoff.totalCents, loan.currency),
          balance: unitsToDecimal(payoff.balanceCents, loan.currency),
          interest: unitsToDecimal(payoff.interestCents, loan.currency),
          fees: unitsToDecimal(payoff.feeCents, loan.currency),
        }
      : null,
    created_at: loan.createdAt,
    updated_at: loan.updatedAt,
  };
}

/** The loan with its schedule ahead and its payments recorded, as a single loan's answers (and its page) give it. */
export function toLoanDetail(loan: LoanRow, context: LoanContext): LoanDetail {
  return {
    ...toLoanResponse(loan, context),
    schedule: paymentsAheadOf(loan).map((row) => ({
      number: row.number,
      date: row.date,
      payment: unitsToDecimal(row.paymentCents, loan.currency),
      interest: unitsToDecimal(row.interestCents, loan.currency),
      principal: unitsToDecimal(row.principalCents, loan.currency),
      fees: unitsToDecimal(row.feeCents, loan.currency),
      remaining_balance: unitsToDecimal(row.remainingCents, loan.currency),
    })),
    payments: context.payments
      .filter((payment) => payment.loanId === loan.id)
      .map((payment) => paymentResponse(payment, loan.currency)),
  };
}

/** A workspace's loans, their payments and accounts, for a read batch (a workspace has a handful). */
export function loanListQueries(ctx: ServiceContext, workspaceId: string) {
  return {
    loanRows: ctx.db
      .select()
      .from(loans)
      .where(eq(loans.workspaceId, workspaceId))
      .orderBy(desc(loans.startDate), desc(loans.id)),
    paymentRows: ctx.db
      .select()
      .from(loanPayments)
      .where(eq(loanPayments.workspaceId, workspaceId))
      .orderBy(asc(loanPayments.date), asc(loanPayments.createdAt)),
    loanAccountRows: ctx.db.select().from(accounts).where(eq(accounts.workspaceId, workspaceId)),
  };
}

type ListRows = { loanRows: LoanRow[]; paymentRows: LoanPaymentRow[]; loanAccountRows: AccountRow[] };

export function loansFrom(rows: ListRows, today: string) {
  const accountsById = new Map(rows.loanAccountRows.map((account) => [account.id, account]));
  return rows.loanRows.map((loan) =>
    toLoanResponse(loan, { account: accountsById.get(loan.paymentAccountId), payments: rows.paymentRows, today }),
  );
}

/** GET /loans: every loan (active, paid off, refinanced), latest first. */
export async function listLoans({ ctx, input }: ServiceCall<WorkspaceRef>): Promise<z.infer<typeof loanListSchema>> {
  const { workspace, rows } = await readInWorkspace(ctx, input.workspaceId, "workspace.read", {
    ...loanListQueries(ctx, input.workspaceId),
  });
  const today = todayIn(workspace.timeZone, ctx.clock.now());
  return { data: loansFrom(rows, today), meta: { today } };
}

/** One loan, its payments and its account, read with the caller's check (and a keyed write's stored answer). */
async function readLoan(
  ctx: ServiceCall["ctx"],
  ref: LoanRef,
  permission: "workspace.read" | "finances.write",
  lookups: Awaited<ReturnType<typeof idempotentWrite>>["lookups"] = { storedAnswer: undefined },
) {
  const id = loanId(ref);
  const { workspace, rows } = await readInWorkspace(ctx, ref.workspaceId, permission, {
    loanRows: ctx.db
      .select()
      .from(loans)
      .where(and(eq(loans.workspaceId, ref.workspaceId), eq(loans.id, id))),
    paymentRows: ctx.db
      .select()
      .from(loanPayments)
      .where(and(eq(loanPayments.workspaceId, ref.workspaceId), eq(loanPayments.loanId, id)))
      .orderBy(asc(loanPayments.date), asc(loanPayments.createdAt)),
    loanAccountRows: ctx.db.select().from(accounts).where(eq(accounts.workspaceId, ref.workspaceId)),
    ...lookups,
  });
  const loan = rows.loanRows[0];
  if (!loan) throw loanNotFound();
  const today = todayIn(workspace.timeZone, ctx.clock.now());
  const account = rows.loanAccountRows.find((row) => row.id === loan.paymentAccountId);
  const respond = (row: LoanRow, payments: readonly LoanPaymentRow[] = rows.paymentRows) =>
    toLoanDetail(row, { account, payments, today });
  return {
    loan,
    payments: rows.paymentRows,
    accounts: rows.loanAccountRows,
    account,
    today,
    respond,
    storedAnswer: rows.storedAnswer?.[0],
  };
}

/** GET /loans/{id}: with its schedule ahead, its payments and what paying it off today takes. */
export async function getLoan({ ctx, input }: ServiceCall<LoanRef>) {
  const { loan, respond } = await readLoan(ctx, input, "workspace.read");
  return respond(loan);
}

/** The largest of a loan's payments ahead, its fee included (0 when none is left). */
const largestPaymentOf = (loan: LoanRow) =>
  paymentsAheadOf(loan).reduce(
    // biome-ignore lint/complexity/useMathMinMax: bigints, which Math.max does not take
    (most, row) => (row.paymentCents > most ? row.paymentCents : most),
    0n,
  );

/**
 * Refuses, at `field`, a loan whose payments ahead include one larger than one transaction may hold
 * (docs/decisions/015-money-bounds-and-exact-sums.md): that payment could never be posted. After a
 * payment, `before` is the loan as it was: one already past the bound can still be paid down.
 */
function refuseUnpayable(
  loan: LoanRow,
  field: string,
  key: "errors:fields.loanPaymentTooLarge" | "errors:fields.loanPaymentTooLargeAfter",
  before?: LoanRow,
) {
  const largest = largestPaymentOf(loan);
  const maxUnits = maxAmountUnitsOf(loan.currency);
  if (largest <= BigInt(maxUnits) || (before && largest <= largestPaymentOf(before))) return;
  const scale = 10 ** minorUnitOf(loan.currency);
  throw fieldError(field, key, {
    values: { payment: Number(largest) / scale, max: maxUnits / scale },
  });
}

/** The row of a new loan: its opening state from its terms (also a refinance's). */
function newLoanRow(
  ctx: ServiceCall["ctx"],
  input: Omit<LoanInput, "principal_amount" | "payment_account_id"> & {
    workspaceId: string;
    principalCents: number;
    account: AccountRow;
    refinancedFromId?: string;
  },
): LoanRow {
  const terms = {
    interestRate: input.interest_rate,
    interestRatePeriod: input.interest_rate_period,
    rateConversion: input.rate_conversion,
    termMonths: input.term_months,
    paymentFrequency: input.payment_frequency,
  };
  const { periods, rate } = loanTerms(terms);
  const firstPaymentDate = input.first_payment_date ?? paymentDate(input.start_date, 1, input.payment_frequency);
  if (firstPaymentDate <= input.start_date)
    throw fieldError("first_payment_date", "errors:fields.firstPaymentAfterStart");
  assertScheduleEndsInRange(paymentDate(firstPaymentDate, periods - 1, input.payment_frequency), "term_months");
  const state = openingState(BigInt(input.principalCents), rate, periods, input.amortization_system);
  return {
    id: newId(),
    workspaceId: input.workspaceId,
    name: input.name,
    description: input.description ?? null,
    type: input.type,
    lender: input.lender ?? null,
    loanNumber: input.loan_number ?? null,
    currency: input.account.currency,
    paymentAccountId: input.account.id,
    principalCents: input.principalCents,
    currentBalanceCents: input.principalCents,
    ...terms,
    interestType: input.interest_type,
    amortizationSystem: input.amortization_system,
    extraPaymentMode: input.extra_payment_mode,
    regularCents: Number(state.regularCents),
    remainingPeriods: state.remainingPeriods,
    periodsPaid: 0,
    startDate: input.start_date,
    firstPaymentDate,
    nextPaymentDate: firstPaymentDate,
    lastPaymentDate: null,
    originationFeeCents: input.origination_fee,
    monthlyFeeCents: input.monthly_fee,
    status: "active",
    autoPay: input.auto_pay,
    failureReason: null,
    failedAt: null,
    refinancedFromId: input.refinancedFromId ?? null,
    refinancedToId: null,
    createdBy: actorUserId(ctx.actor),
    revision: 0,
    createdAt: ctx.clock.now().toISOString(),
    updatedAt: null,
  };
}

/** The payment account: one of the workspace's, and active. */
export function paymentAccount(rows: readonly AccountRow[], id: string) {
  const account = rows.find((row) => row.id === id);
  if (!account) throw fieldError("payment_account_id", "errors:fields.paymentAccount");
  if (!account.isActive) throw fieldError("payment_account_id", "errors:fields.legArchived");
  return account;
}

/** POST /loans: the loan, owed in full from its start; the money borrowed is not posted (record it as income if it arrived in an account). */
export async function createLoan({ ctx, input }: ServiceCall<WorkspaceRef & LoanInput>) {
  const { workspace, rows } = await readInWorkspace(ctx, input.workspaceId, "finances.write", {
    accountRows: ctx.db.select().from(accounts).where(eq(accounts.workspaceId, input.workspaceId)),
  });
  const account = paymentAccount(rows.accountRows, input.payment_account_id);
  const unitsOf = (hundredths: number, field: string) => unitsIn(hundredths, account.currency, field);
  const row = newLoanRow(ctx, {
    ...input,
    principalCents: unitsOf(input.principal_amount, "principal_amount"),
    monthly_fee: unitsOf(input.monthly_fee, "monthly_fee"),
    origination_fee: unitsOf(input.origination_fee, "origination_fee"),
    account,
  });
  refuseUnpayable(row, "principal_amount", "errors:fields.loanPaymentTooLarge");
  await ctx.db.insert(loans).values(row);
  const today = todayIn(workspace.timeZone, ctx.clock.now());
  return toLoanDetail(row, { account, payments: [], today });
}

/**
 * The loan's update inside a money batch, refusing the WHOLE batch when the loan changed since it
 * was read: its balance becomes NULL (NOT NULL: the batch rolls back) unless the revision is the
 * one read. A deleted loan makes the payment's foreign key refuse it instead.
 */
function loanUpdateAsRead(ctx: ServiceContext, loan: LoanRow, set: Partial<LoanRow>) {
  return ctx.db
    .update(loans)
    .set({
      ...set,
      currentBalanceCents: sql`case when ${loans.revision} = ${loan.revision} then ${set.currentBalanceCents ?? loan.currentBalanceCents} else null end`,
      revision: loan.revision + 1,
      updatedAt: ctx.clock.now().toISOString(),
    })
    .where(eq(loans.id, loan.id));
}

const loanChangedFailures = [
  "NOT NULL constraint failed: loans.current_balance_cents",
  "FOREIGN KEY constraint failed",
];

/** A loan's money batch: the ledger's refusals as usual; a loan changed or deleted meanwhile is a 409 to reload. */
function runLoanBatch<T>(batch: Promise<T>): Promise<T> {
  return runLedgerBatch(
    batch.catch((error: unknown) => {
      for (let cause = error; cause instanceof Error; cause = cause.cause)
        if (loanChangedFailures.some((failure) => (cause as Error).message.includes(failure))) throw changedMeanwhile();
      throw error;
    }),
  );
}

function guardedUpdate(ctx: ServiceContext, loan: LoanRow, set: Partial<LoanRow>) {
  return ctx.db
    .update(loans)
    .set({ ...set, revision: loan.revision + 1, updatedAt: ctx.clock.now().toISOString() })
    .where(and(eq(loans.id, loan.id), eq(loans.revision, loan.revision)));
}

/**
 * PUT /loans/{id}: its words, rate type, what extra payments do, the fee of payments ahead,
 * defaulted or not, and whether it pays itself (kept when not sent; turned off, a past automatic
 * payment's failure goes with it).
 */
export async function updateLoan({ ctx, input }: ServiceCall<LoanRef & LoanEdit>) {
  const { loan, respond } = await readLoan(ctx, input, "finances.write");
  const isStatusChange = input.status !== undefined && input.status !== loan.status;
  // Only an active or defaulted loan moves between the two; one paid off or refinanced is history.
  if (isStatusChange && loan.status !== "active" && loan.status !== "defaulted") throw notActive();
  const set = {
    status: isStatusChange ? input.status! : loan.status,
    name: input.name,
    description: input.description ?? null,
    type: input.type,
    lender: input.lender ?? null,
    loanNumber: input.loan_number ?? null,
    interestType: input.interest_type,
    extraPaymentMode: input.extra_payment_mode,
    monthlyFeeCents: unitsIn(input.monthly_fee, loan.currency, "monthly_fee"),
    autoPay: input.auto_pay ?? loan.autoPay,
    ...(input.auto_pay === false ? { failureReason: null, failedAt: null } : {}),
  };
  const updated = await guardedUpdate(ctx, loan, set);
  if (updated.rowsAffected !== 1) throw changedMeanwhile();
  return respond({ ...loan, ...set, revision: loan.revision + 1 });
}

/** DELETE /loans/{id}: the loan and its payments' records go; the expenses they posted stay. */
export async function deleteLoan({ ctx, input }: ServiceCall<LoanRef>) {
  await readInWorkspace(ctx, input.workspaceId, "finances.write", {});
  const deleted = await ctx.db
    .delete(loans)
    .where(and(eq(loans.workspaceId, input.workspaceId), eq(loans.id, loanId(input))));
  if (deleted.rowsAffected !== 1) throw loanNotFound();
  return { message: "Loan deleted" };
}

type LoanAnswer = { data: LoanDetail };

/** A payment as it is recorded: its amount and date, whether it is the period's, and what principal beyond the schedule does. */
export type LoanPaymentTerms = {
  amountCents: bigint;
  date: string;
  isScheduled: boolean;
  /** The loan's own when not given. */
  extraPaymentMode?: ExtraPaymentMode;
  /** The expense's words; by default the loan's name and the payment's number ("Car (13/48)"). */
  description?: string;
};

/**
 * A payment applied to the loan (README: "Loans"): fees (a scheduled payment's), then the interest
 * accrued since the last payment, then principal; the balance, payments left and next date move,
 * and a past automatic payment's failure is cleared. Principal beyond the schedule shortens the term
 * or lowers the payment, as the loan (or this payment) says; paying what is owed closes it. Refuses,
 * with the field's message, a payment dated before the last, below what is due, above what paying
 * off takes, or one after which a payment would be larger than a transaction may hold.
 */
export function paymentApplied(loan: LoanRow, terms: LoanPaymentTerms) {
  const { amountCents, date, isScheduled } = terms;
  if (loan.lastPaymentDate && date < loan.lastPaymentDate)
    throw fieldError("date", "errors:fields.paymentBeforeLast", { values: { date: loan.lastPaymentDate } });
  const payoff = payoffOn(loan, date);
  const feeCents = isScheduled ? payoff.feeCents : 0n;
  const dueCents = feeCents + payoff.interestCents;
  const owedCents = payoff.balanceCents + payoff.interestCents + feeCents;
  if (amountCents < dueCents)
    throw fieldError("amount", "errors:fields.paymentBelowDue", {
      values: { due: unitsToDecimal(dueCents, loan.currency) },
    });
  if (amountCents > owedCents)
    throw fieldError("amount", "errors:fields.paymentAbovePayoff", {
      values: { payoff: unitsToDecimal(owedCents, loan.currency) },
    });
  const principalCents = amountCents - dueCents;
  const balanceCents = payoff.balanceCents - principalCents;
  const { rate } = loanTerms(loan);
  const next = stateAfter(stateOf(loan), rate, {
    balanceCents,
    periodsGone: isScheduled ? 1 : 0,
    mode: terms.extraPaymentMode ?? loan.extraPaymentMode,
  });
  const periodsPaid = loan.periodsPaid + (isScheduled ? 1 : 0);
  const isPaidOff = balanceCents === 0n;
  const set = {
    currentBalanceCents: Number(balanceCents),
    remainingPeriods: next.remainingPeriods,
    regularCents: Number(next.regularCents),
    periodsPaid,
    lastPaymentDate: date,
    nextPaymentDate: isPaidOff ? null : paymentDate(loan.firstPaymentDate, periodsPaid, loan.paymentFrequency),
    status: isPaidOff ? ("paid_off" as const) : ("active" as const),
    failureReason: null,
    failedAt: null,
  } satisfies Partial<LoanRow>;
  refuseUnpayable({ ...loan, ...set }, "amount", "errors:fields.loanPaymentTooLargeAfter", loan);
  return {
    set,
    split: { feeCents, interestCents: payoff.interestCents, principalCents, balanceCents, isPaidOff },
    description: terms.description ?? `${loan.name} (${periodsPaid}/${periodsPaid + next.remainingPeriods})`,
  };
}

/**
 * What records a payment, for the caller's atomic batch with the loan's own update (`set`): the
 * expense from the payment account — naming its claim when the executor posts it — the workspace's
 * count, the balances and the payment's row. A person's payment and an automatic one are this.
 */
export function paymentPosting(
  ctx: ActingContext,
  loan: LoanRow,
  account: AccountRow,
  terms: LoanPaymentTerms,
  plannedOccurrenceId: string | null,
) {
  const { set, split, description } = paymentApplied(loan, terms);
  const resolved = resolveTransaction(
    {
      type: "expense",
      amount: Number(terms.amountCents),
      description: loan.name,
      date: terms.date,
      origin: { type: "account", id: account.id },
      destination: null,
    },
    lookupOf([account], []),
    null,
    "units",
  );
  const now = ctx.clock.now().toISOString();
  const { kind, ...moneyColumns } = resolved;
  const transaction: typeof transactions.$inferSelect = {
    id: newId(),
    workspaceId: loan.workspaceId,
    kind,
    ...moneyColumns,
    description,
    date: terms.date,
    note: null,
    payeeId: null,
    createdBy: actorUserId(ctx.actor),
    createdVia: createdViaOf(ctx.actor),
    plannedOccurrenceId,
    importId: null,
    importedId: null,
    revision: 0,
    createdAt: now,
    updatedAt: null,
  };
  const payment: LoanPaymentRow = {
    id: newId(),
    workspaceId: loan.workspaceId,
    loanId: loan.id,
    date: terms.date,
    amountCents: Number(terms.amountCents),
    feeCents: Number(split.feeCents),
    interestCents: Number(split.interestCents),
    principalCents: Number(split.principalCents),
    balanceAfterCents: Number(split.balanceCents),
    isPayoff: split.isPaidOff,
    transactionId: transaction.id,
    createdAt: now,
  };
  const effects = effectsOfChange(null, transaction);
  return {
    set,
    transaction,
    payment,
    effects,
    statements: [
      ctx.db.insert(transactions).values(transaction),
      countChange(ctx, loan.workspaceId, 1),
      ...effectStatements(ctx, loan.workspaceId, effects),
      ctx.db.insert(loanPayments).values(payment),
    ],
  };
}

/**
 * POST /loans/{id}/record-payment: the payment applied and posted from the payment account
 * (`paymentApplied`), in one batch with the loan's update, guarded by the revision read.
 */
export async function recordLoanPayment(
  { ctx, input }: ServiceCall<LoanRef & LoanPaymentInput & { isPayoff?: boolean }>,
  request?: IdempotentRequest,
): Promise<Answer<LoanAnswer>> {
  const once = await idempotentWrite(ctx, input.workspaceId, request);
  const read = await readLoan(ctx, input, "finances.write", once.lookups);
  const replay = once.replayOf<LoanAnswer>(read.storedAnswer);
  if (replay) return replay;
  const { loan, today } = read;
  if (loan.status !== "active") throw notActive();
  const recorded = paymentPosting(
    ctx,
    loan,
    paymentAccount(read.accounts, loan.paymentAccountId),
    {
      amountCents: BigInt(unitsIn(input.amount, loan.currency, "amount")),
      date: input.date ?? today,
      isScheduled: input.kind === "scheduled" || input.isPayoff === true,
      extraPaymentMode: input.extra_payment_mode,
      description: input.description,
    },
    null,
  );
  const after = { ...loan, ...recorded.set, revision: loan.revision + 1 };
  const answer = created(read.respond(after, [...read.payments, recorded.payment]));
  const racedTwin = await once.commit<LoanAnswer>(
    runLoanBatch(
      batchOfStatements(ctx.db, [
        ...once.record(answer),
        loanUpdateAsRead(ctx, loan, recorded.set),
        ...recorded.statements,
      ]),
    ),
  );
  return racedTwin ?? answer;
}

/** GET /loans/{id}/payoff?date=: what paying it off that day takes (today by default). */
export async function loanPayoff({
  ctx,
  input,
}: ServiceCall<LoanRef & { date?: string }>): Promise<z.infer<typeof payoffResponseSchema>> {
  const { loan, today } = await readLoan(ctx, input, "workspace.read");
  if (loan.status !== "active") throw notActive();
  const payoff = payoffOn(loan, input.date ?? today);
  return {
    date: payoff.date,
    balance: unitsToDecimal(payoff.balanceCents, loan.currency),
    interest: unitsToDecimal(payoff.interestCents, loan.currency),
    fees: unitsToDecimal(payoff.feeCents, loan.currency),
    amount: unitsToDecimal(payoff.totalCents, loan.currency),
  };
}

/** POST /loans/{id}/pay-off: the payoff amount at the date, paid and posted; the loan is paid off. */
export async function payOffLoan(
  { ctx, input }: ServiceCall<LoanRef & { date?: string; description?: string }>,
  request?: IdempotentRequest,
) {
  const { loan, today } = await readLoan(ctx, input, "finances.write");
  // A loan no longer active is refused by the payment, once it has looked for a retry's first answer.
  const payoff = payoffOn(loan, input.date ?? today);
  return recordLoanPayment(
    {
      ctx,
      input: {
        ...input,
        amount: unitsToHundredths(Number(payoff.totalCents), loan.currency),
        date: payoff.date,
        kind: "scheduled",
        isPayoff: true,
      },
    },
    request,
  );
}

/**
 * POST /loans/{id}/refinance: new terms for what is owed today (the balance and interest accrued),
 * as a new loan linked to this one, which becomes `refinanced` and keeps its history. No money moves.
 */
export async function refinanceLoan({ ctx, input }: ServiceCall<LoanRef & RefinanceInput>) {
  const { loan, today, accounts: accountRows } = await readLoan(ctx, input, "finances.write");
  if (loan.status !== "active") throw notActive();
  const account = paymentAccount(accountRows, loan.paymentAccountId);
  const owed = payoffOn(loan, today);
  const replacement = newLoanRow(ctx, {
    ...input,
    workspaceId: loan.workspaceId,
    name: input.name ?? loan.name,
    description: loan.description,
    type: loan.type,
    lender: input.lender ?? loan.lender,
    loan_number: null,
    interest_type: loan.interestType,
    extra_payment_mode: loan.extraPaymentMode,
    monthly_fee: loan.monthlyFeeCents,
    auto_pay: loan.autoPay,
    origination_fee: 0,
    start_date: today,
    principalCents: Number(owed.balanceCents + owed.interestCents),
    account,
    refinancedFromId: loan.id,
  });
  refuseUnpayable(replacement, "term_months", "errors:fields.loanPaymentTooLarge");
  const updated = await runLedgerBatch(
    batchEndingWith(
      ctx.db,
      [ctx.db.insert(loans).values(replacement)],
      guardedUpdate(ctx, loan, { status: "refinanced", refinancedToId: replacement.id, nextPaymentDate: null }),
    ),
  );
  if (updated.rowsAffected !== 1) throw changedMeanwhile();
  return toLoanDetail(replacement, { account, payments: [], today });
}

/** Each active loan's payments ahead, for the statistics and the upcoming list. */
function aheadOf(rows: ListRows) {
  return rows.loanRows
    .filter((loan) => loan.status === "active")
    .map((loan) => ({ loan, ahead: paymentsAheadOf(loan) }));
}

const perYear = { monthly: 12n, biweekly: 26n, weekly: 52n } as const;

/**
 * GET /loans-statistics: the active loans, what is owed, what they take a month (a bi-weekly or
 * weekly payment × payments a year ÷ 12) and the interest still to pay, per currency (never converted).
 */
export async function loanStatistics({ ctx, input }: ServiceCall<WorkspaceRef>) {
  const { rows } = await readInWorkspace(
    ctx,
    input.workspaceId,
    "workspace.read",
    loanListQueries(ctx, input.workspaceId),
  );
  return loanStatisticsFrom(rows);
}

/** The statistics of a workspace's loans, from the rows of `loanListQueries`. */
export function loanStatisticsFrom(rows: ListRows): z.infer<typeof loanStatisticsSchema> {
  const byCurrency = new Map<Currency, { loans: number; balance: bigint; monthly: bigint; interest: bigint }>();
  for (const { loan, ahead } of aheadOf(rows)) {
    const entry = byCurrency.get(loan.currency) ?? { loans: 0, balance: 0n, monthly: 0n, interest: 0n };
    const payment = ahead[0]?.paymentCents ?? 0n;
    byCurrency.set(loan.currency, {
      loans: entry.loans + 1,
      balance: entry.balance + BigInt(loan.currentBalanceCents),
      monthly: entry.monthly + (payment * perYear[loan.paymentFrequency] + 6n) / 12n,
      interest: entry.interest + ahead.reduce((total, row) => total + row.interestCents, 0n),
    });
  }
  return {
    active_loans: [...byCurrency.values()].reduce((total, entry) => total + entry.loans, 0),
    by_currency: [...byCurrency].map(([currency, entry]) => ({
      currency,
      active_loans: entry.loans,
      total_balance: unitsToDecimal(entry.balance, currency),
      monthly_payments: unitsToDecimal(entry.monthly, currency),
      interest_remaining: unitsToDecimal(entry.interest, currency),
    })),
  };
}

/** GET /loans-upcoming?days=30: the payments due from today to `days` ahead, and any whose date passed unpaid. */
export async function upcomingLoanPayments({
  ctx,
  input,
}: ServiceCall<WorkspaceRef & { days: number }>): Promise<z.infer<typeof upcomingLoanPaymentsSchema>> {
  const { workspace, rows } = await readInWorkspace(
    ctx,
    input.workspaceId,
    "workspace.read",
    loanListQueries(ctx, input.workspaceId),
  );
  const today = todayIn(workspace.timeZone, ctx.clock.now());
  const until = addDays(today, input.days);
  const data = aheadOf(rows)
    .flatMap(({ loan, ahead }) =>
      ahead
        .filter((row) => row.date <= until)
        .map((row) => ({
          loan_id: loan.id,
          name: loan.name,
          number: row.number,
          date: row.date,
          amount: unitsToDecimal(row.paymentCents, loan.currency),
          currency: loan.currency,
          is_overdue: row.date < today,
        })),
    )
    .sort((a, b) => a.date.localeCompare(b.date) || a.loan_id.localeCompare(b.loan_id));
  return { data, meta: { today, end_date: until } };
}

/**
 * A loan's switches from the loans page, its words kept: marked defaulted (payments stopped: none is
 * projected) or active again, and auto-pay on or off.
 */
export async function switchLoan({ ctx, input }: ServiceCall<LoanRef & Pick<LoanEdit, "status" | "auto_pay">>) {
  const { loan } = await readLoan(ctx, input, "finances.write");
  return updateLoan({
    ctx,
    input: {
      ...input,
      name: loan.name,
      description: loan.description,
      type: loan.type,
      lender: loan.lender,
      loan_number: loan.loanNumber,
      interest_type: loan.interestType,
      extra_payment_mode: loan.extraPaymentMode,
      monthly_fee: unitsToHundredths(loan.monthlyFeeCents, loan.currency),
    },
  });
}
