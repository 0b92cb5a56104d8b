import { z } from "zod";
import { cardModes, cardTypes, currencies, transactionKinds } from "../../db/enums.ts";

const tagRefSchema = z.object({ uuid: z.string(), name: z.string(), color: z.string() });

/**
 * A card as the API returns it. Acting as credit it reports its limit, today's debt, what later charges
 * (a plan's installments) already hold, the credit left and the share of the limit used; a debit card's
 * current balance is its account's.
 */
export const cardResponseSchema = z.object({
  uuid: z.string(),
  name: z.string(),
  /** "Gold •••• 1234" when the last four digits are known. */
  display_name: z.string(),
  account: z.object({ uuid: z.string(), name: z.string(), currency: z.enum(currencies) }),
  account_uuid: z.string(),
  /** Its account's. */
  currency: z.enum(currencies),
  last_four_digits: z.string().nullable(),
  issuer: z.string().nullable(),
  /** YYYY-MM. */
  expiry_date: z.string().nullable(),
  type: z.enum(cardTypes),
  mode: z.enum(cardModes),
  credit_limit: z.string().nullable(),
  /** 1–31: the day each statement closes. */
  billing_cycle_day: z.number().int(),
  /** 1–31: the day a statement is due. */
  due_day: z.number().int(),
  color: z.string(),
  icon: z.string(),
  debt_amount: z.string(),
  debt_cents: z.number().int(),
  /** Limit − today's debt − `held_amount`, never below 0; null unless acting as credit with a limit. */
  available_credit: z.string().nullable(),
  /** Charges dated after today that already hold the limit (a plan's later installments). */
  held_amount: z.string(),
  current_balance: z.string(),
  /** Percent of the limit held, 1 decimal; 0 in debit mode. */
  utilization: z.number(),
  is_active: z.boolean(),
  created_at: z.string(),
});

const statementFields = {
  period_start: z.string(),
  closing_date: z.string(),
  due_date: z.string(),
  total: z.string(),
  paid: z.string(),
  remaining: z.string(),
  /** What a payment must be to settle it: its remaining plus what earlier statements still owe. */
  to_settle: z.string(),
  total_cents: z.number().int(),
  paid_cents: z.number().int(),
  remaining_cents: z.number().int(),
  to_settle_cents: z.number().int(),
  status: z.enum(["upcoming", "open", "closed", "paid", "overdue"]),
};

export const statementSchema = z.object(statementFields);

/** A charge on a statement: a purchase or a transfer out of the card made in credit mode. */
export const statementLineSchema = z.object({
  uuid: z.string(),
  date: z.string(),
  description: z.string(),
  type: z.enum(transactionKinds),
  amount: z.string(),
  amount_cents: z.number().int(),
  tags: z.array(tagRefSchema),
});

/** Newest first: later statements holding installments, the open one, and `count − 1` before it. */
export const cardStatementsSchema = z.object({ card: cardResponseSchema, statements: z.array(statementSchema) });

/** One statement with its lines, oldest first; they add up to `total`. */
export const cardStatementSchema = z.object({
  card: cardResponseSchema,
  statement: z.object({ ...statementFields, lines: z.array(statementLineSchema) }),
});
