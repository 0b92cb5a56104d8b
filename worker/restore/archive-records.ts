import { z } from "zod";
import {
  accountTypes,
  amortizationSystems,
  cardModes,
  cardTypes,
  currencies,
  extraPaymentModes,
  importFormats,
  installmentPlanStatuses,
  interestTypes,
  loanStatuses,
  paymentFrequencies,
  plannedSourceKinds,
  rateConversions,
  ratePeriods,
  receiptTypes,
  recurringStatuses,
  scheduledStatuses,
  transactionKinds,
} from "../../db/enums.ts";
import { historyApps } from "../../db/history-apps.ts";
import { loanTypes, recurrenceFrequencies, weekendRules } from "../../db/planning-enums.ts";

/**
 * The records of Moneta's own workspace archive (worker/exports/workspace-entities.ts writes them) that
 * a restore reads, as the API's fields: only what it recreates, each checked, so a file edited by hand
 * into nonsense is refused naming the file rather than half-restored.
 */

const decimal = z.string().regex(/^-?\d{1,15}(\.\d{1,6})?$/);
const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
const stamp = z.string().min(10).max(40);
const text = (max: number) => z.string().max(max);
const color = z.string().regex(/^#[0-9A-Fa-f]{6}$/);

export const workspaceRecord = z.object({
  name: text(100).min(1),
  description: text(500).nullable(),
  currency: z.enum(currencies),
  time_zone: text(64).min(1),
  primary_color: color,
  secondary_color: color,
  accent_color: color,
});

export const accountRecord = z.object({
  uuid: z.string(),
  name: text(100).min(1),
  type: z.enum(accountTypes),
  currency: z.enum(currencies),
  initial_balance: decimal,
  color: text(20),
  icon: text(40),
  is_active: z.boolean(),
  created_at: stamp,
});

export const cardRecord = z.object({
  uuid: z.string(),
  name: text(100).min(1),
  account_uuid: z.string(),
  last_four_digits: text(4).nullable(),
  issuer: text(100).nullable(),
  expiry_date: text(7).nullable(),
  type: z.enum(cardTypes),
  mode: z.enum(cardModes),
  credit_limit: decimal.nullable(),
  billing_cycle_day: z.number().int().min(1).max(31),
  due_day: z.number().int().min(1).max(31),
  color: text(20),
  icon: text(40),
  is_active: z.boolean(),
  created_at: stamp,
});

export const tagRecord = z.object({
  uuid: z.string(),
  name: text(100).min(1),
  color: text(20),
  description: text(500).nullable(),
  parent_uuid: z.string().nullable(),
  created_at: stamp,
});

const sideRecord = z.object({ type: z.enum(["account", "card", "external"]), uuid: z.string().nullable() });

export const transactionRecord = z.object({
  uuid: z.string(),
  type: z.enum(transactionKinds),
  description: text(255).min(1),
  date: day,
  amount_cents: z.number().int().min(1),
  currency: z.enum(currencies),
  destination_amount_cents: z.number().int().min(1),
  destination_currency: z.enum(currencies),
  currency_conversion: decimal.nullable(),
  origin: sideRecord,
  destination: sideRecord,
  origin_card_mode: z.enum(cardModes).nullable(),
  tag_ids: z.array(z.string()),
  note: text(1000).nullable(),
  payee: z.object({ name: text(100) }).nullable(),
  parts: z
    .array(
      z.object({ amount_cents: z.number().int().min(1), note: text(255).nullable(), tag_ids: z.array(z.string()) }),
    )
    .nullable(),
  import_uuid: z.string().nullable(),
  imported_id: text(255).nullable(),
  /** Archives from before it was written have none. */
  planned_occurrence_uuid: z.string().nullable().optional(),
  created_at: stamp,
});

export const statementImportRecord = z.object({
  uuid: z.string(),
  account_uuid: z.string().nullable(),
  card_uuid: z.string().nullable(),
  file_name: text(255),
  format: z.enum(importFormats),
  csv_mapping: z.unknown().nullable().optional(),
  line_count: z.number().int().min(0),
  created_count: z.number().int().min(0),
  skipped_count: z.number().int().min(0),
  refused_count: z.number().int().min(0),
  created_at: stamp,
  undone_at: stamp.nullable(),
  source_app: z.enum(historyApps).nullable().optional(),
  created_entities: z
    .object({ accounts: z.array(z.string()), cards: z.array(z.string()), tags: z.array(z.string()) })
    .nullable()
    .optional(),
});

export const receiptRecord = z.object({
  uuid: z.string(),
  transaction_uuid: z.string(),
  file_name: text(255),
  content_type: z.enum(receiptTypes),
  file: text(600),
  created_at: stamp,
});

export const budgetRecord = z.object({
  tag_uuid: z.string().nullable(),
  amount: decimal,
  currency: z.enum(currencies),
  rollover: z.boolean(),
  start_month: z.string().regex(/^\d{4}-\d{2}$/),
  created_at: stamp,
});

export const goalRecord = z.object({
  uuid: z.string(),
  name: text(100).min(1),
  target: decimal,
  currency: z.enum(currencies),
  target_date: day.nullable(),
  account_uuids: z.array(z.string()),
  color: color,
  created_at: stamp,
});

export const contributionRecord = z.object({
  goal_uuid: z.string(),
  date: day,
  amount: decimal,
  note: text(500).nullable(),
  created_at: stamp,
});

const leg = z
  .string()
  .regex(/^(account|card):/)
  .nullable();

/** What a scheduled, recurring or installment item posts: the fields they share. */
const template = {
  uuid: z.string(),
  type: z.enum(transactionKinds),
  description: text(255).min(1),
  notes: text(1000).nullable(),
  amount: decimal,
  currency: z.enum(currencies),
  currency_conversion: decimal.nullable(),
  origin_id: leg,
  destination_id: leg,
  tags: z.array(z.object({ uuid: z.string() })),
  failure_reason: text(500).nullable(),
  created_at: stamp,
};

export const scheduledRecord = z.object({
  ...template,
  scheduled_date: day,
  status: z.enum(scheduledStatuses),
  transaction_uuid: z.string().nullable(),
  executed_at: stamp.nullable(),
});

export const recurringRecord = z.object({
  ...template,
  name: text(100).min(1),
  frequency: z.enum(recurrenceFrequencies),
  interval: z.number().int().min(1),
  days_of_week: z.array(z.number().int().min(0).max(6)).nullable(),
  day_of_month: z.number().int().nullable(),
  month_of_year: z.number().int().nullable(),
  weekend_rule: z.enum(weekendRules),
  start_date: day,
  end_date: day.nullable(),
  max_executions: z.number().int().nullable(),
  status: z.enum(recurringStatuses),
  /** Archives from before they were written have neither: the due date stands for both. */
  next_date: day.nullable().optional(),
  next_due_date: day.nullable(),
  last_execution_date: day.nullable(),
  last_occurrence_date: day.nullable().optional(),
  execution_count: z.number().int().min(0),
});

export const installmentPlanRecord = z.object({
  ...template,
  merchant: text(255).nullable(),
  purchase_date: day,
  total_amount: decimal,
  installment_count: z.number().int().min(1),
  interest_rate: text(20),
  first_payment_date: day,
  day_of_month: z.number().int().min(1).max(31),
  status: z.enum(installmentPlanStatuses),
  settled_before_count: z.number().int().min(0),
  posted_count: z.number().int().min(0),
  next_due_date: day.nullable(),
  cancelled_at: stamp.nullable(),
});

export const loanRecord = z.object({
  uuid: z.string(),
  name: text(100).min(1),
  description: text(1000).nullable(),
  type: z.enum(loanTypes),
  lender: text(255).nullable(),
  loan_number: text(100).nullable(),
  currency: z.enum(currencies),
  payment_account_uuid: z.string(),
  principal: decimal,
  current_balance: decimal,
  interest_rate: text(20),
  interest_rate_period: z.enum(ratePeriods),
  rate_conversion: z.enum(rateConversions),
  interest_type: z.enum(interestTypes),
  amortization_system: z.enum(amortizationSystems),
  term_months: z.number().int().min(1),
  payment_frequency: z.enum(paymentFrequencies),
  extra_payment_mode: z.enum(extraPaymentModes),
  regular_payment: decimal,
  remaining_periods: z.number().int().min(0),
  periods_paid: z.number().int().min(0),
  start_date: day,
  first_payment_date: day,
  next_payment_date: day.nullable(),
  last_payment_date: day.nullable(),
  origination_fee: decimal,
  monthly_fee: decimal,
  status: z.enum(loanStatuses),
  auto_pay: z.boolean().optional(),
  failure_reason: text(500).nullable().optional(),
  refinanced_from_uuid: z.string().nullable(),
  refinanced_to_uuid: z.string().nullable(),
  created_at: stamp,
});

export const loanPaymentRecord = z.object({
  loan_uuid: z.string(),
  date: day,
  amount: decimal,
  fee: decimal,
  interest: decimal,
  principal: decimal,
  balance_after: decimal,
  is_payoff: z.boolean(),
  transaction_uuid: z.string().nullable(),
  created_at: stamp,
});

export const occurrenceRecord = z.object({
  uuid: z.string(),
  source_type: z.enum(plannedSourceKinds),
  source_uuid: z.string(),
  source_name: text(255),
  occurrence_date: day,
  posted_at: stamp,
});

/** The archive's files a restore reads, each a JSON array of its records (workspace.json holds one). */
export const archiveFiles = {
  workspace: workspaceRecord,
  accounts: accountRecord,
  cards: cardRecord,
  tags: tagRecord,
  "statement-imports": statementImportRecord,
  transactions: transactionRecord,
  receipts: receiptRecord,
  budgets: budgetRecord,
  goals: goalRecord,
  "goal-contributions": contributionRecord,
  "scheduled-transactions": scheduledRecord,
  "recurring-transactions": recurringRecord,
  "installment-plans": installmentPlanRecord,
  loans: loanRecord,
  "loan-payments": loanPaymentRecord,
  "planned-occurrences": occurrenceRecord,
} as const;

/** What the archive holds that a restore does not bring back yet: counted, and said before anything is written. */
export const notRestoredFiles = ["members"] as const;
