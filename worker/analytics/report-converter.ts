import { convertUnits, type KnownRate, pairRate } from "../currency/conversion.ts";

/**
 * Converts a report's figures into the workspace's currency, each at the rate of its own day (the
 * nearest kept one: the latest on or before the day, else the earliest after — currency/conversion.ts).
 * A currency no kept rate converts is counted nowhere and named in `unconverted`: never a rate of 1.
 */
export function dayConverter(currency: string, rates: readonly KnownRate[]) {
  const unconverted = new Set<string>();
  const ratesByCurrency = new Map<string, KnownRate[]>();
  const rateByDay = new Map<string, number | null>();
  const ratesOf = (from: string) => {
    let found = ratesByCurrency.get(from);
    if (!found) {
      found = rates.filter(
        (rate) => [rate.base, rate.quote].includes(from) && [rate.base, rate.quote].includes(currency),
      );
      ratesByCurrency.set(from, found);
    }
    return found;
  };
  const rateOn = (from: string, day: string) => {
    const key = `${from}|${day}`;
    if (!rateByDay.has(key)) rateByDay.set(key, pairRate(ratesOf(from), from, currency, day)?.rateMicros ?? null);
    return rateByDay.get(key)!;
  };
  return {
    currency,
    unconverted,
    /** `units` of `from` on `day` in the workspace's currency, or null when no kept rate converts it. */
    convert(units: bigint, from: string, day: string): bigint | null {
      if (from === currency || units === 0n) return units;
      const micros = rateOn(from, day);
      if (micros === null) {
        unconverted.add(from);
        return null;
      }
      return convertUnits(units, from, currency, micros);
    },
    /** The unconverted currencies, sorted, for the answer. */
    unconvertedList: () => [...unconverted].sort(),
  };
}

export type DayConverter = ReturnType<typeof dayConverter>;

/** A converter per target currency (budgets and goals keep the currency they were set in), made once each. */
export function convertersFrom(rates: readonly KnownRate[]) {
  const converters = new Map<string, DayConverter>();
  return {
    to(currency: string): DayConverter {
      const known = converters.get(currency);
      if (known) return known;
      const converter = dayConverter(currency, rates);
      converters.set(currency, converter);
      return converter;
    },
    /** Every currency some converter could not convert, sorted. */
    unconvertedList: () =>
      [...new Set([...converters.values()].flatMap((converter) => converter.unconvertedList()))].sort(),
  };
}
