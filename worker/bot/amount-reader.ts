/**
 * Amounts as people write them in a chat, read exactly (decimal text, never a float) or not at all.
 *
 * The notation comes from the currency written with the number (R$ or "reais": Brazilian "1.234,56";
 * $, US$ or "dollars": "1,234.56"), else from the message's language. What is clear in any notation:
 * digits alone ("45"), one separator followed by one or two digits ("45,90", "45.90", "1.5"), both
 * separators in a valid order ("1.234,56", "1,234.56"), and one separator repeated in groups of three
 * ("1.234.567"). One separator followed by exactly three digits is thousands in the notation that
 * groups with it ("1.500" is 1500 in Portuguese, "1,500" in English) and ambiguous otherwise, and
 * ambiguous without a notation: the bot asks, it never picks a reading.
 *
 * This is not app/lib/typed-amount.ts: that module reads a form field in the page's known language
 * and refuses the other notation, while a chat has to find amounts among words, guess no language
 * and ask instead of refusing; worker/ may not import app/ either.
 */
import { hundredthsToDecimal, maxAmountCents } from "../ledger/amounts.ts";
import type { Language } from "./message-text.ts";

export type AmountReading =
  | { status: "clear"; amount: string; cents: bigint }
  | { status: "ambiguous"; readings: string[] }
  | { status: "invalid" };

const notationOf: Record<Language, { decimal: string; group: string }> = {
  pt: { decimal: ",", group: "." },
  en: { decimal: ".", group: "," },
};

const isGrouped = (parts: string[]) =>
  /^[1-9]\d{0,2}$/.test(parts[0] ?? "") && parts.slice(1).every((part) => /^\d{3}$/.test(part));

const clear = (cents: bigint, multiplier = 1n): AmountReading => {
  const total = cents * multiplier;
  if (total <= 0n || total > BigInt(maxAmountCents)) return { status: "invalid" };
  return { status: "clear", amount: hundredthsToDecimal(total), cents: total };
};

const centsOf = (whole: string, fraction = "") => BigInt(whole || "0") * 100n + BigInt(fraction.padEnd(2, "0") || "0");

/**
 * "1.234,56" → 1234.56; "1.500" → 1500 in Portuguese, ambiguous in English or without a language.
 * `multiplier` is 1000 for "mil" and "k" ("1,5 mil" → 1500).
 */
export function readAmount(written: string, notation: Language | null, multiplier = 1n): AmountReading {
  const separators = written.match(/[.,]/g) ?? [];
  if (separators.length === 0) return clear(centsOf(written), multiplier);
  const distinct = new Set(separators);
  if (distinct.size === 2) {
    const decimal = separators.at(-1)!;
    const group = decimal === "," ? "." : ",";
    const [whole = "", fraction = "", ...extra] = written.split(decimal);
    if (extra.length > 0 || !/^\d{1,2}$/.test(fraction) || !isGrouped(whole.split(group))) return { status: "invalid" };
    return clear(centsOf(whole.split(group).join(""), fraction), multiplier);
  }
  const separator = separators[0]!;
  const parts = written.split(separator);
  if (parts.length > 2) return isGrouped(parts) ? clear(centsOf(parts.join("")), multiplier) : { status: "invalid" };
  const [whole = "", fraction = ""] = parts;
  if (/^\d{1,2}$/.test(fraction)) return clear(centsOf(whole, fraction), multiplier);
  if (fraction.length !== 3 || !isGrouped(parts)) return { status: "invalid" };
  if (notation && notationOf[notation].group === separator) return clear(centsOf(whole + fraction), multiplier);
  const asThousands = clear(centsOf(whole + fraction), multiplier);
  // The question offers what the person may have meant: "1,500" → 1.50 or 1500.00 ("1,505" only the second).
  const asDecimal = fraction.endsWith("0") ? clear(centsOf(whole, fraction.slice(0, 2)), multiplier) : null;
  const readings = [asDecimal, asThousands].flatMap((reading) => (reading?.status === "clear" ? [reading.amount] : []));
  return { status: "ambiguous", readings };
}

/** "49.90" × 3 → "149.70", in cents, never through a float. */
export function multiplyAmount(amount: string, count: number): string {
  const [whole = "0", fraction = ""] = amount.split(".");
  return hundredthsToDecimal(centsOf(whole, fraction) * BigInt(count));
}
