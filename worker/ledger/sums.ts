import { sql, type SQL } from "drizzle-orm";

/**
 * Sums of money read back exactly. One balance or amount is bounded (money.ts), but a sum of
 * many is not: a thousand accounts at the bound, or a month of very large entries, passes 2^53
 * cents, and libSQL's client then throws RangeError on the read (its integers come back as JS
 * numbers). So SQLite sums in 64-bit integers, hands the result over as text, and it becomes a
 * bigint here: exact at any size, turned into text by centsToDecimal.
 */
export const exactCents = (expression: SQL) =>
  sql`cast(${expression} as text)`.mapWith((text: string | number) => BigInt(text));

/** sum(expression), 0 when there are no rows, as an exact bigint. */
export const exactSum = (expression: SQL) => exactCents(sql`coalesce(sum(${expression}), 0)`);

/** A bigint sum as a number for the `*_cents` fields, which stay exact inside ±2^53. */
export const centsNumber = (cents: bigint) => Number(cents);
