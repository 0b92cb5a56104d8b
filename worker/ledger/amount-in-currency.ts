import { fieldError } from "../http/errors.ts";
import { hundredthsToUnits } from "./amounts.ts";

/**
 * An amount as the schemas read it (hundredths) in `currency`'s minor units, for the service that
 * knows the currency: the same number for 2-decimal currencies; for the yen a whole amount, and a
 * field error for ¥10.50 — refused, never rounded.
 */
export function unitsIn(hundredths: number, currency: string, field: string): number {
  const units = hundredthsToUnits(hundredths, currency);
  if (units === null) throw fieldError(field, "errors:fields.amountWholeUnits", { values: { currency } });
  return units;
}
