/**
 * Converting amounts between currencies at a known rate (README: "Exchange rates"). Pure and
 * browser-safe: the dashboard's service and the pages use the same arithmetic.
 *
 * - A rate is quote units per 1 base unit in millionths (6 decimals).
 * - Amounts are integers in each currency's ISO 4217 minor unit (JPY has none), so converting
 *   scales by the difference of the exponents as well as by the rate, in exact BigInt arithmetic,
 *   rounding half away from zero (a negative balance rounds like its positive twin).
 * - A pair is read directly (base = from) or, failing that, as the inverse of the reverse pair,
 *   rounded to 6 decimals. No pair, no rate: the caller reports the amount as unconverted; a rate
 *   of 1 is never assumed between two currencies.
 */

import { minorUnitOf } from "../ledger/amounts.ts";

/** A rate as kept (db/schema/exchange-rates.ts) or cached: one pair on one day. */
export type KnownRate = {
  base: string;
  quote: string;
  rateDate: string;
  rateMicros: number;
  source: string;
  fetchedAt: string;
};

/** The rate that converts `from` into `to`, with where it came from. */
export type PairRate = {
  from: string;
  to: string;
  rateMicros: number;
  rateDate: string;
  source: string;
  fetchedAt: string;
};

const micro = 1_000_000n;

/** a / b rounded half away from zero, for b > 0. */
function dividedRounded(a: bigint, b: bigint): bigint {
  const magnitude = ((a < 0n ? -a : a) * 2n + b) / (2n * b);
  return a < 0n ? -magnitude : magnitude;
}

/** `units` of `from` (minor units) in minor units of `to`, at `rateMicros` to-units per from-unit. */
export function convertUnits(units: number | bigint, from: string, to: string, rateMicros: number): bigint {
  const exponentShift = minorUnitOf(to) - minorUnitOf(from);
  const scaled = BigInt(units) * BigInt(rateMicros);
  if (exponentShift >= 0) return dividedRounded(scaled * 10n ** BigInt(exponentShift), micro);
  return dividedRounded(scaled, micro * 10n ** BigInt(-exponentShift));
}

/** 1 / rate, to 6 decimals (half up); null when the inverse rounds to nothing. */
export function invertedRateMicros(rateMicros: number): number | null {
  const inverse = Number(dividedRounded(micro * micro, BigInt(rateMicros)));
  return inverse > 0 ? inverse : null;
}

/**
 * The rate from `from` to `to` among `rates`: on `onDate` (YYYY-MM-DD), the latest one dated on
 * or before it, else the earliest after it (the nearest real rate, never an invented one); without
 * a date, the latest. The direct pair wins over the inverse of the reverse one of the same day.
 */
export function pairRate(rates: readonly KnownRate[], from: string, to: string, onDate?: string): PairRate | null {
  let best: { rate: KnownRate; isInverse: boolean } | null = null;
  for (const rate of rates) {
    const isDirect = rate.base === from && rate.quote === to;
    const isInverse = rate.base === to && rate.quote === from;
    if (!isDirect && !isInverse) continue;
    if (!best || isCloser(rate, best.rate, onDate) || (rate.rateDate === best.rate.rateDate && isDirect)) {
      best = { rate, isInverse };
    }
  }
  if (!best) return null;
  const { rate, isInverse } = best;
  const rateMicros = isInverse ? invertedRateMicros(rate.rateMicros) : rate.rateMicros;
  if (rateMicros === null) return null;
  return { from, to, rateMicros, rateDate: rate.rateDate, source: rate.source, fetchedAt: rate.fetchedAt };
}

function isCloser(candidate: KnownRate, current: KnownRate, onDate: string | undefined): boolean {
  if (candidate.rateDate === current.rateDate) return false;
  if (onDate === undefined) return candidate.rateDate > current.rateDate;
  const candidateBefore = candidate.rateDate <= onDate;
  const currentBefore = current.rateDate <= onDate;
  if (candidateBefore !== currentBefore) return candidateBefore;
  return candidateBefore ? candidate.rateDate > current.rateDate : candidate.rateDate < current.rateDate;
}
