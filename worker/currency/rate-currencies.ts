/**
 * The currencies Moneta keeps exchange rates for, and how a provider's rate becomes integer
 * millionths (micros) — by decimal-string arithmetic, never float multiplication: 4.0000005 is
 * 4000001 (half-up), where Math.round(4.0000005 * 1e6) gives 4000000. No imports: the browser may use it too.
 */

export const rateCurrencies = ["BRL", "USD", "EUR", "GBP", "JPY", "AUD", "CAD", "CHF", "CNY", "SEK", "NZD"] as const;
export type RateCurrency = (typeof rateCurrencies)[number];

/** The largest rate kept, in micros (1,000,000 quote units per base unit), as the ledger's bound. */
const maxRateMicros = 1_000_000_000_000n;
const microsPlaces = 6;

export function isRateCurrency(text: string): text is RateCurrency {
  return (rateCurrencies as readonly string[]).includes(text);
}

/** A JSON number or a decimal string as `digits × 10^exponent`; null unless a plain positive decimal. */
function exactDecimal(value: unknown): { digits: bigint; exponent: number } | null {
  if (typeof value === "number" && !Number.isFinite(value)) return null;
  const text = typeof value === "number" ? String(value) : typeof value === "string" ? value.trim() : null;
  // String(1e-7) is "1e-7" and String(1e21) is "1e+21": the exponent is expanded exactly, not by Number().
  const match = text === null ? null : /^(\d+)(?:\.(\d+))?(?:[eE]([+-]?\d+))?$/.exec(text);
  if (!match) return null;
  const [, whole, fraction = "", exponent = "0"] = match;
  const digits = BigInt(whole + fraction);
  const power = Number(exponent) - fraction.length;
  return digits > 0n && Number.isFinite(power) ? { digits, exponent: power } : null;
}

/** numerator / denominator rounded half-up to an integer, both positive. */
const divideHalfUp = (numerator: bigint, denominator: bigint) => (2n * numerator + denominator) / (2n * denominator);

function boundedMicros(micros: bigint): number | null {
  return micros > 0n && micros <= maxRateMicros ? Number(micros) : null;
}

/**
 * A provider's rate as micros, rounded half-up to 6 places: 5.3412 → 5_341_200, "0.0000005" → 1,
 * 2.5e-3 → 2_500. Null for anything that is not a positive decimal, or that rounds to 0 or
 * exceeds 1,000,000 units.
 */
export function rateToMicros(value: unknown): number | null {
  const decimal = exactDecimal(value);
  if (!decimal) return null;
  const { digits, exponent } = decimal;
  const shift = exponent + microsPlaces;
  const length = digits.toString().length;
  // Bounds first, so "1e999999" never builds a million-digit power of ten.
  if (length + shift > 13) return null;
  if (length + shift < 0) return null;
  if (shift >= 0) return boundedMicros(digits * 10n ** BigInt(shift));
  return boundedMicros(divideHalfUp(digits, 10n ** BigInt(-shift)));
}

/** 1 / rate as micros, rounded half-up: PTAX gives BRL per unit, and BRL-based answers need the inverse. */
export function inverseRateToMicros(value: unknown): number | null {
  const decimal = exactDecimal(value);
  if (!decimal) return null;
  const { digits, exponent } = decimal;
  const length = digits.toString().length;
  // 1e6 / (digits × 10^exponent) has about 7 - length - exponent integer digits.
  const magnitude = microsPlaces + 1 - length - exponent;
  if (magnitude > 13 || magnitude < -1) return null;
  const numerator = 10n ** BigInt(Math.max(0, microsPlaces - exponent));
  const denominator = digits * 10n ** BigInt(Math.max(0, exponent - microsPlaces));
  return boundedMicros(divideHalfUp(numerator, denominator));
}
