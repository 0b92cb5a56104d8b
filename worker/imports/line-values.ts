import { decimalToUnits, maxAmountUnitsOf, minorUnitOf } from "../ledger/amounts.ts";
import type { Language } from "../i18n/language.ts";
import { exportWords } from "../exports/transaction-rows.ts";

/**
 * A line from outside (a statement, another app's export) as a transaction can hold it: its amount in
 * the currency's minor units, its description and note cut to what the columns keep.
 */

/** Why an amount cannot be written in a currency. */
export type AmountRefusal = "zero_amount" | "too_many_decimals" | "amount_too_large";

const maxDescriptionLength = 255;
const maxNoteLength = 1000;

/** Text cut to `length` characters, its last one "…" when cut. */
const cutTo = (text: string, length: number) => (text.length > length ? `${text.slice(0, length - 1)}…` : text);

/** A description as stored: trimmed, cut, and never empty ("Imported line" in the person's language). */
export function storedDescription(text: string, language: Language): string {
  return cutTo(text.trim() || exportWords[language].untitledImportedLine, maxDescriptionLength);
}

/** A note as stored: cut to what a note holds. */
export const storedNote = (text: string) => cutTo(text, maxNoteLength);

/** The signed amount in the currency's minor units, or why it cannot be written there. */
export function unitsOf(amount: string, currency: string): { units: number } | { refused: AmountRefusal } {
  const isNegative = amount.startsWith("-");
  // Zeros closing the decimals say nothing: "1500.00" is whole yen.
  const [whole, fraction = ""] = amount.replace(/^-/, "").split(".");
  const decimals = fraction.replace(/0+$/, "");
  if (decimals.length > minorUnitOf(currency)) return { refused: "too_many_decimals" };
  const units = decimalToUnits(decimals ? `${whole}.${decimals}` : whole!, minorUnitOf(currency));
  if (units === null || units > maxAmountUnitsOf(currency)) return { refused: "amount_too_large" };
  if (units === 0) return { refused: "zero_amount" };
  return { units: isNegative ? -units : units };
}
