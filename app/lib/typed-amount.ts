/**
 * Amounts and rates as people type them, read in the page's language
 * (docs/decisions/011-typed-amounts-are-read-never-guessed.md), into the API's plain decimal text ("1234.56",
 * rates "0.180000") and integer units. Browser-safe: the forms check as you type and the route actions read
 * the same text with the same rules.
 *
 * The rules, for Portuguese (decimal ",", thousands ".") and English (decimal ".", thousands ","):
 * - Spaces around the number, one leading currency symbol (R$ for BRL; $ or US$ for USD; € for EUR…;
 *   only the field's currency when it is known) and one sign (+, -, −) before or after the symbol are fine:
 *   "R$ 12", " 12 ", "-R$ 1.234,56". Two signs, letters or anything else are refused.
 * - At most one decimal separator, followed by 1 to `places` digits (amounts the currency's own —
 *   2, the yen none —, rates 6). More digits are refused, never rounded: "12,345" is not an amount
 *   in Portuguese, "1.000,50" is not one in yen.
 * - Thousands separators only in the whole part, every three digits from the decimal separator,
 *   the first group 1 to 3 digits and not starting with 0: "1.500" (pt-BR) is 1500, "1.23.4" and
 *   "1.2345" are refused. Rates take none: a "." in a Portuguese rate is refused, never read.
 * - A text that this language refuses but the other one reads ("12.34" or "1,234.56" on a
 *   Portuguese page, "49,90" on an English one) is refused as written in the other format,
 *   so the message can say which separator to use.
 * Together these mean no text is read by both languages as different numbers ("1.500" is 1500 in
 * Portuguese and refused in English, where it would need 3 decimals): a page and an action that
 * disagreed on the language could refuse a value, but never change it. The node tests prove it.
 */
import type { Currency } from "../../db/enums";
import {
  hundredthsToDecimal,
  maxAmountUnitsOf,
  maxRateMicros,
  microsToRate,
  minorUnitOf,
  unitsToDecimal,
} from "../../worker/ledger/amounts";
import type { Language } from "./i18n";
import type { TypedKind, TypedRefusal } from "./typed-refusal";

export { refusalMessage, refusalOf, typedRefusalKey, type TypedKind, type TypedRefusal } from "./typed-refusal";

export type TypedNumber = { ok: true; text: string; units: number } | { ok: false; reason: TypedRefusal };

/** "positive": moves money (> 0); "nonNegative": a limit (≥ 0); "any": an opening balance. */
export type TypedSign = "positive" | "nonNegative" | "any";

export type TypedAmountOptions = {
  sign?: TypedSign;
  /** The field's currency: a symbol of another currency is refused. Absent: any known symbol. */
  currency?: string;
};

const separators: Record<Language, { decimal: string; group: string }> = {
  en: { decimal: ".", group: "," },
  "pt-BR": { decimal: ",", group: "." },
};

const otherLanguage: Record<Language, Language> = { en: "pt-BR", "pt-BR": "en" };

// Every currency of db/enums.ts has its symbols, as Intl writes them in either language (a new
// currency fails the typecheck until it does). "$" alone is the dollar; "¥" alone is the yen in a
// yen field and the yuan in a yuan one (en writes the yen "¥", the yuan "CN¥").
const symbolsByCurrency: Record<string, string[]> = {
  BRL: ["R$"],
  USD: ["US$", "$"],
  EUR: ["€"],
  GBP: ["£"],
  JPY: ["JP¥", "¥"],
  AUD: ["AU$", "A$"],
  CAD: ["CA$", "C$"],
  CHF: ["CHF"],
  CNY: ["CN¥", "¥"],
  SEK: ["SEK", "kr"],
  NZD: ["NZ$"],
} satisfies Record<Currency, string[]>;

const knownSymbols = Object.values(symbolsByCurrency)
  .flat()
  .sort((a, b) => b.length - a.length)
  .map((symbol) => symbol.replace(/[$]/g, "\\$"));

const shape = new RegExp(`^([+\\-\\u2212]?) ?(${knownSymbols.join("|")})? ?([+\\-\\u2212]?) ?([\\d.,]+)$`, "i");

type Spec = { kind: TypedKind; places: number; maxUnits: bigint; sign: TypedSign; currency?: string };

/** The whole part without its thousands separators, or why it is refused. */
function wholeDigits(whole: string, group: string, spec: Spec): { digits: string } | { reason: TypedRefusal } {
  if (!whole.includes(group)) return { digits: whole };
  if (spec.kind === "rate") return { reason: "groupedRate" };
  const grouped = new RegExp(`^[1-9]\\d{0,2}(?:\\${group}\\d{3})+$`);
  return grouped.test(whole) ? { digits: whole.split(group).join("") } : { reason: "misplacedSeparator" };
}

/** The number's digits read in one language, as units; the sign and symbol are already off. */
function readDigits(body: string, language: Language, spec: Spec): bigint | TypedRefusal {
  const { decimal, group } = separators[language];
  const [whole = "", fraction, ...extra] = body.split(decimal);
  if (extra.length > 0 || fraction?.includes(group)) return "misplacedSeparator";
  if (fraction === "" || (whole === "" && fraction === undefined)) return "malformed";
  if (fraction !== undefined && fraction.length > spec.places)
    return spec.places === 0 ? "wholeOnly" : "tooManyDecimals";
  const read = wholeDigits(whole, group, spec);
  if ("reason" in read) return read.reason;
  return BigInt((read.digits || "0") + (fraction ?? "").padEnd(spec.places, "0"));
}

/** The API's text of what was read: a rate with 6 places, an amount with its currency's (2 when none is known). */
function textOf(units: number, spec: Spec): string {
  if (spec.kind === "rate") return microsToRate(units);
  return spec.currency ? unitsToDecimal(units, spec.currency) : hundredthsToDecimal(units);
}

function parse(typed: string, language: Language, spec: Spec): TypedNumber {
  const text = typed.replace(/[\s\u00a0\u202f]+/g, " ").trim();
  if (text === "") return { ok: false, reason: "empty" };
  if ((text.match(/[+\-\u2212]/g) ?? []).length > 1) return { ok: false, reason: "twoSigns" };
  const match = shape.exec(text);
  if (!match) return { ok: false, reason: "malformed" };
  const [, signBefore, symbol, signAfter, body = ""] = match;
  if (symbol) {
    if (spec.kind === "rate") return { ok: false, reason: "malformed" };
    const allowed = spec.currency
      ? (symbolsByCurrency[spec.currency.toUpperCase()] ?? [])
      : Object.values(symbolsByCurrency).flat();
    if (!allowed.some((known) => known.toUpperCase() === symbol.toUpperCase()))
      return { ok: false, reason: "wrongCurrency" };
  }
  const isNegative = /[-\u2212]/.test(`${signBefore}${signAfter}`);
  let units = readDigits(body, language, spec);
  if (typeof units === "string" && (units === "misplacedSeparator" || units === "groupedRate")) {
    if (typeof readDigits(body, otherLanguage[language], spec) === "bigint") units = "otherFormat";
  }
  if (typeof units === "string") return { ok: false, reason: units };
  if (units > spec.maxUnits) return { ok: false, reason: "tooLarge" };
  if (isNegative && spec.sign !== "any" && units > 0n) return { ok: false, reason: "negative" };
  if (spec.sign === "positive" && units === 0n) return { ok: false, reason: "notPositive" };
  const signed = isNegative ? -Number(units) : Number(units);
  const value = Object.is(signed, -0) ? 0 : signed;
  return { ok: true, text: textOf(value, spec), units: value };
}

/**
 * "1.234,56" (pt-BR) or "1,234.56" (en) → { text: "1234.56", units: 123456 }, or why not; in a yen
 * field "1.234" (pt-BR) → { text: "1234", units: 1234 }, the yen having no decimals. Without a
 * currency, an amount with up to 2 decimals, in hundredths.
 */
export function parseTypedAmount(
  typed: string,
  language: Language,
  { sign = "positive", currency }: TypedAmountOptions = {},
): TypedNumber {
  const places = currency ? minorUnitOf(currency) : 2;
  const maxUnits = BigInt(maxAmountUnitsOf(currency ?? ""));
  return parse(typed, language, { kind: "amount", places, maxUnits, sign, currency });
}

/** "0,18" (pt-BR) or "0.18" (en) → { text: "0.180000", units: 180000 } (micro-units), or why not. */
export function parseTypedRate(typed: string, language: Language): TypedNumber {
  return parse(typed, language, { kind: "rate", places: 6, maxUnits: BigInt(maxRateMicros), sign: "positive" });
}

/** A field a person may leave blank (an opening balance, a filter): blank is absent, not refused. */
export function parseOptional(
  typed: string | null | undefined,
  parse: (typed: string) => TypedNumber,
): TypedNumber | { ok: true; text: undefined; units: undefined } {
  return typed == null || typed.trim() === "" ? { ok: true, text: undefined, units: undefined } : parse(typed);
}
