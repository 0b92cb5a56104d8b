/**
 * Amounts as integers in minor units, and their text: no zod and no server imports, so the
 * browser's pages can format and read amounts without loading the validation library
 * (page weight). ./money.ts adds the API's schemas on top and re-exports all of this.
 */
import { currencyMinorUnits } from "../../db/enums.ts";
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

/**
 * A currency's ISO 4217 minor unit: amounts in it are integers of 10^-places
 * (docs/decisions/033-amounts-in-each-currencys-minor-unit.md).
 * The yen has none; every other currency we hold has 2, as does a code we do not know.
 */
export function minorUnitOf(currency: string): number {
  return currencyMinorUnits[currency.toUpperCase() as keyof typeof currencyMinorUnits] ?? 2;
}

/** Integer units with `places` decimals → "1234.50" (places 2), "1234" (places 0); exact for bigints of any size. */
function placedDecimal(units: number | bigint, places: number): string {
  const value = BigInt(units);
  const isNegative = value < 0n;
  const digits = (isNegative ? -value : value).toString().padStart(places + 1, "0");
  const text = places === 0 ? digits : `${digits.slice(0, -places)}.${digits.slice(-places)}`;
  return `${isNegative ? "-" : ""}${text}`;
}

/** Minor units of `currency` → the API's amount text with the currency's own places: "1234.50", yen "1234". */
export function unitsToDecimal(units: number | bigint, currency: string): string {
  return placedDecimal(units, minorUnitOf(currency));
}

/**
 * Hundredths → "1234.50", for the figures that have no currency: the calculators' answers and
 * amounts as the schemas read them (at most 2 places, before a service knows the currency).
 */
export function hundredthsToDecimal(hundredths: number | bigint): string {
  return placedDecimal(hundredths, 2);
}

/**
 * An amount as the schemas read it (hundredths: at most 2 decimals, any currency) in `currency`'s
 * minor units; null when it has decimals the currency lacks (¥10.50 — refused, never rounded).
 */
export function hundredthsToUnits(hundredths: number, currency: string): number | null {
  const factor = 10 ** (2 - minorUnitOf(currency));
  return hundredths % factor === 0 ? hundredths / factor : null;
}

/** Minor units of `currency` back in hundredths, as a person would have typed them (exact: ¥1000 is 100000). */
export function unitsToHundredths(units: number, currency: string): number {
  return units * 10 ** (2 - minorUnitOf(currency));
}

/** The API's amount text in `currency` ("-1234.50", yen "1234") → exact minor units as bigint, at any size. */
export function decimalToExactUnits(text: string, currency: string): bigint {
  const places = minorUnitOf(currency);
  const match = (places === 0 ? /^(-?)(\d+)()$/ : /^(-?)(\d+)\.(\d+)$/).exec(text);
  if (!match || match[3]!.length !== places) throw new RangeError(`Not an amount in ${currency}: ${text}`);
  const units = BigInt(match[2]! + match[3]!);
  return match[1] ? -units : units;
}

/** Micro-units → "5.123400"-style text with 6 places. */
export function microsToRate(micros: number): string {
  const digits = micros.toString().padStart(7, "0");
  return `${digits.slice(0, -6)}.${digits.slice(-6)}`;
}

/** The largest single amount in `currency`'s minor units: the same 999 999 999.99 bound, in whole yen 999 999 999. */
export function maxAmountUnitsOf(currency: string): number {
  return Math.floor(maxAmountCents / 10 ** (2 - minorUnitOf(currency)));
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
