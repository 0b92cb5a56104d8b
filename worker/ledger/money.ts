import { z } from "zod";
import { amountBounds, amountMessages, decimalToUnits, maxAmountCents, maxRateMicros, unitsFrom } from "./amounts.ts";

/**
 * Money at the API's edge (README: "Money model"): amounts arrive as decimals with at most 2 places,
 * as JSON numbers or strings, and become integer hundredths here — never through float
 * arithmetic. The service that knows the currency turns hundredths into its minor units
 * (hundredthsToUnits: the same number for 2-decimal currencies, refused for ¥10.50). Rates have at most 6 places and become integer micro-units.
 * No server imports: the browser's forms use the same schemas. The arithmetic and the bounds
 * live in ./amounts.ts (no zod), which pages import when they only format or read amounts.
 */

export {
  amountBounds,
  amountMessages,
  decimalToExactUnits,
  decimalToUnits,
  hundredthsToDecimal,
  hundredthsToUnits,
  maxAmountCents,
  maxAmountUnitsOf,
  maxBalanceCents,
  maxRateMicros,
  microsToRate,
  minorUnitOf,
  unitsToDecimal,
  unitsToHundredths,
} from "./amounts.ts";

/** How an amount is sent, for the API's document: the schemas below read anything and refuse what is not one. */
const decimalText = (places: number, description: string, sign = "") => ({
  description,
  anyOf: [{ type: "number" }, { type: "string", pattern: `^${sign}\\d+(\\.\\d{1,${places}})?$` }],
});

/** Any amount ≥ 0 (an initial balance may be zero; negative initial balances use `signedAmount`). */
export const amountSchema = z.unknown().transform((value, context) => {
  const cents = unitsFrom(value, 2);
  if (cents === null) {
    context.addIssue({ code: "custom", message: amountMessages.invalid });
    return z.NEVER;
  }
  if (cents > maxAmountCents) {
    context.addIssue({ code: "custom", message: amountMessages.tooLarge, params: amountBounds.amount });
    return z.NEVER;
  }
  return cents;
});

/** An amount that moves money: strictly positive. Negative amounts are refused, not flipped. */
export const positiveAmountSchema = amountSchema.pipe(z.number().min(1, amountMessages.positive));

/** An opening balance may be negative (an overdrawn account, a card already owed). */
export const signedAmountSchema = z.unknown().transform((value, context) => {
  const text = typeof value === "number" && Number.isFinite(value) ? String(value) : value;
  const isNegative = typeof text === "string" && text.trim().startsWith("-");
  const cents = typeof text === "string" ? decimalToUnits(isNegative ? text.trim().slice(1) : text, 2) : null;
  if (cents === null || cents > maxAmountCents) {
    if (cents === null) context.addIssue({ code: "custom", message: amountMessages.invalid });
    else context.addIssue({ code: "custom", message: amountMessages.tooLarge, params: amountBounds.amount });
    return z.NEVER;
  }
  return isNegative ? -cents : cents;
});

/** A conversion rate: destination units per origin unit, > 0, at most 6 decimals. */
export const rateSchema = z.unknown().transform((value, context) => {
  const micros = unitsFrom(value, 6);
  if (micros === null || micros <= 0 || micros > maxRateMicros) {
    context.addIssue({ code: "custom", message: amountMessages.rate });
    return z.NEVER;
  }
  return micros;
});

z.globalRegistry.add(
  amountSchema,
  decimalText(2, 'A decimal with at most 2 places, as a JSON number or a string: 12.5, "1234.50".'),
);
z.globalRegistry.add(
  signedAmountSchema,
  decimalText(2, "A decimal with at most 2 places, as a JSON number or a string; may be negative.", "-?"),
);
z.globalRegistry.add(
  rateSchema,
  decimalText(6, "A positive rate with at most 6 places, as a JSON number or a string."),
);
