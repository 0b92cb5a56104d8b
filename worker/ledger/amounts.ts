/**
 * Amounts as integers in minor units, and their text: no zod and no server imports, so the
 * browser's pages can format and read amounts without loading the validation library
 * (issue 11: page weight). ./money.ts adds the API's schemas on top and re-exports all of this.
 */
import type { ErrorMessageKey } from "../http/messages.ts";

/**
 * The bounds (README: "Money model"). One amount — a transaction, an opening balance, a card
 * limit, a converted amount — is at most 999 999 999.99: more than a household or a small
 * business moves in one entry. A kept balance or card debt stays within ±99 999 999 999.99,
 * checked inside the write batch (ledger/apply-effects.ts). Both sit far inside a JS integer
 * (2^53 ≈ 9.0 × 10^15 cents), so a stored figure is exact and always readable as a number;
 * sums of many of them are read as exact text (ledger/sums.ts), never as driver integers.
 */
export const maxAmountCents = 99_999_999_999;
export const maxBalanceCents = 9_999_999_999_999;
export const maxRateMicros = 1_000_000_000_000;

const plainDecimal = /^(\d{1,15})(?:\.(\d{1,6}))?$/;

/** "12.3" → 1230 with places = 2; null when the text is not a plain decimal with at most `places` decimals. */
export function decimalToUnits(text: string, places: number): number | null {
  const match = plainDecimal.exec(text.trim());
  if (!match) return null;
  const [, whole, fraction = ""] = match;
  if (fraction.length > places) return null;
  const units = Number(whole) * 10 ** places + Number(fraction.padEnd(places, "0") || "0");
  return Number.isSafeInteger(units) ? units : null;
}

/**
 * A JSON number is taken by its shortest decimal text (what JSON.stringify would write), so 12.34
 * is 1234 cents while 12.345, 1e21, NaN or Infinity are refused rather than rounded.
 */
export function unitsFrom(value: unknown, places: number): number | null {
  if (typeof value === "number") return Number.isFinite(value) ? decimalToUnits(String(value), places) : null;
  if (typeof value === "string") return decimalToUnits(value, places);
  return null;
}

/** Integer cents → "1234.50", the API's amount format; exact for bigint sums of any size too. */
export function centsToDecimal(cents: number | bigint): string {
  const isNegative = cents < 0;
  const digits = (isNegative ? -cents : cents).toString().padStart(3, "0");
  return `${isNegative ? "-" : ""}${digits.slice(0, -2)}.${digits.slice(-2)}`;
}

/** "−1234.50" (the API's own amount text) → −123450, exactly. */
export function decimalToCents(text: string): number {
  const isNegative = text.startsWith("-");
  const cents = decimalToUnits(isNegative ? text.slice(1) : text, 2);
  if (cents === null) throw new RangeError(`Not an amount: ${text}`);
  return isNegative ? -cents : cents;
}

/** The API's amount text → exact cents as bigint, at any size: totals of many balances may pass 2^53. */
export function decimalToExactCents(text: string): bigint {
  const match = /^(-?)(\d+)\.(\d{2})$/.exec(text);
  if (!match) throw new RangeError(`Not an amount: ${text}`);
  const cents = BigInt(match[2]! + match[3]!);
  return match[1] ? -cents : cents;
}

/** Micro-units → "5.123400"-style text with 6 places. */
export function microsToRate(micros: number): string {
  const digits = micros.toString().padStart(7, "0");
  return `${digits.slice(0, -6)}.${digits.slice(-6)}`;
}

/** amount × rate in cents, rounded half up, in exact integer arithmetic. */
export function convertCents(cents: number, rateMicros: number): number {
  const product = BigInt(cents) * BigInt(rateMicros);
  return Number((product + 500_000n) / 1_000_000n);
}

/** The amounts' messages, as keys of locales/<language>/errors.json; the bounds fill their {{max}}. */
export const amountMessages = {
  invalid: "errors:fields.amountInvalid",
  positive: "errors:fields.amountPositive",
  tooLarge: "errors:fields.amountTooLarge",
  rate: "errors:fields.rateInvalid",
  convertedTooLarge: "errors:fields.convertedTooLarge",
  balanceOutOfRange: "errors:fields.balanceOutOfRange",
} as const satisfies Record<string, ErrorMessageKey>;

/** The bounds as the decimals people read, for the messages' {{max}}. */
export const amountBounds = { amount: { max: maxAmountCents / 100 }, balance: { max: maxBalanceCents / 100 } } as const;
