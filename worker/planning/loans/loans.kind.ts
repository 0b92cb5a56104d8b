import { eq } from "drizzle-orm";
import { newId } from "../../../db/ids.ts";
import { loans } from "../../../db/schema/index.ts";
import { effectsOf, noEffects } from "../../ledger/effects.ts";
import type { PlannedKind } from "../planned-kind.ts";
import { claimStatement, type Occurrence, type PostingPlan } from "../posting.ts";
import { paymentsAheadOf } from "./loan-math.ts";
import {
  type LoanPaymentTerms,
  type LoanRow,
  paymentAccount,
  paymentApplied,
  paymentPosting,
  payoffOn,
} from "./loans.service.ts";

/**
 * A loan's scheduled payment as the executor records it: the period's payment (or what is owed, when
 * less), dated its due date — or the last payment's, when the person recorded one after it.
 */
const scheduledTerms = (occurrence: Occurrence): LoanPaymentTerms => ({
  amountCents: BigInt(occurrence.amountCents!),
  date: occurrence.transactionDate,
  isScheduled: true,
});

/**
 * A loan that pays itself (auto-pay on, README: "Loans"): its next scheduled payment once its date
 * has come, split and recorded as a person's payment is — fees, interest, principal, a payment's
 * row and the expense from the payment account — with its claim, so it is posted once. One payment
 * a chunk: the executor reads a loan still behind again, so missed payments are caught up in order.
 */
export const loanKind: PlannedKind<LoanRow> = {
  kind: "loan",
  dueColumn: loans.nextPaymentDate,
  dueWhere: eq(loans.autoPay, true),
  dueDate: (row) => row.nextPaymentDate ?? "",
  name: (row) => row.name,
  occurrencesDue(row, today) {
    const next = paymentsAheadOf(row)[0];
    if (!row.autoPay || !next || next.date > today) return [];
    const date = row.lastPaymentDate && row.lastPaymentDate > next.date ? row.lastPaymentDate : next.date;
    const owedCents = payoffOn(row, date).totalCents;
    // biome-ignore lint/complexity/useMathMinMax: bigints, which Math.min does not take
    const amountCents = next.paymentCents < owedCents ? next.paymentCents : owedCents;
    return [{ occurrenceDate: next.date, transactionDate: date, amountCents: Number(amountCents) }];
  },
  advanced(row, posted) {
    // Each payment's columns are the loan's state after it: the last one's is where they leave it.
    let set: Partial<LoanRow> = {};
    for (const occurrence of posted) set = paymentApplied({ ...row, ...set }, scheduledTerms(occurrence)).set;
    return set;
  },
  referencedIds: (rows) => ({
    accountIds: [...new Set(rows.map((row) => row.paymentAccountId))],
    cardIds: [],
    tagIds: [],
  }),
  posting(ctx, source, occurrences, found): PostingPlan {
    const account = paymentAccount([...found.lookup.accounts.values()], source.item.paymentAccountId);
    const plan: PostingPlan = { statements: [], effects: noEffects(), rows: [] };
    let loan = source.item;
    for (const occurrence of occurrences) {
      const claimId = newId();
      const recorded = paymentPosting(ctx, loan, account, scheduledTerms(occurrence), claimId);
      // The claim also needs auto-pay still on: a loan switched off since it was read is not paid.
      plan.statements.push(claimStatement(ctx, source, occurrence, claimId, eq(loans.autoPay, true)));
      plan.statements.push(...recorded.statements);
      plan.rows.push(recorded.transaction);
      effectsOf(recorded.transaction, 1, plan.effects);
      loan = { ...loan, ...recorded.set };
    }
    return plan;
  },
};
