import { sql } from "drizzle-orm";
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../../db/client.ts";
import { exchangeRates } from "../../../db/schema/index.ts";
import { type KnownRate, pairRate } from "../../../worker/currency/conversion.ts";
import { pairRateMicrosOnDay } from "../../../worker/currency/rate-queries.ts";
import { addDays } from "../../../worker/ledger/dates.ts";
import { createTestDatabase } from "../../support/database.ts";

/**
 * The budgets look a foreign day's rate up in SQL (pairRateMicrosOnDay) instead of through pairRate
 * over rates read into the Worker. Over random kept rates — both directions of the pair, a few days
 * apart, the same day in both, inverses that round to nothing, another pair's rates beside them —
 * the query must pick what pairRate picks from every kept rate, on every day before, among and
 * after them.
 */
const firstDay = "2026-03-01";
const day = (offset: number) => addDays(firstDay, offset);
const pairs = [
  ["USD", "BRL"],
  ["BRL", "USD"],
  ["EUR", "BRL"],
] as const;

const keptRate = fc.record({
  pair: fc.integer({ min: 0, max: pairs.length - 1 }),
  day: fc.integer({ min: 0, max: 12 }),
  rateMicros: fc.oneof(
    fc.integer({ min: 1, max: 20_000_000 }),
    fc.constantFrom(1, 3, 333_333, 300_000, 2_000_000_000_000, 2_000_000_000_001, 3_000_000_000_000),
  ),
});

describe("the rate a day's spending converts at, looked up in SQL", () => {
  let db: Database;
  beforeAll(async () => {
    db = await createTestDatabase();
  });

  it("is the rate pairRate picks among every kept rate, both directions, on any day", async () => {
    const days = Array.from({ length: 16 }, (_, offset) => day(offset - 2));
    await fc.assert(
      fc.asyncProperty(fc.array(keptRate, { maxLength: 8 }), async (drawn) => {
        const byKey = new Map<string, KnownRate>();
        for (const { pair, day: offset, rateMicros } of drawn) {
          const [base, quote] = pairs[pair]!;
          const rateDate = day(offset);
          byKey.set(`${base}${quote}${rateDate}`, {
            base,
            quote,
            rateDate,
            rateMicros,
            source: "frankfurter",
            fetchedAt: `${rateDate}T16:00:00.000Z`,
          });
        }
        const rates = [...byKey.values()];
        await db.delete(exchangeRates);
        if (rates.length) await db.insert(exchangeRates).values(rates);
        const looked = await db.all<{ day: string; usd: number | null; brl: number | null; same: number | null }>(
          sql`select days.value as day,
            ${pairRateMicrosOnDay(sql`'USD'`, sql`'BRL'`, sql`days.value`)} as usd,
            ${pairRateMicrosOnDay(sql`'BRL'`, sql`'USD'`, sql`days.value`)} as brl,
            ${pairRateMicrosOnDay(sql`'BRL'`, sql`'BRL'`, sql`days.value`)} as same
          from json_each(${JSON.stringify(days)}) as days`,
        );
        expect(looked).toEqual(
          days.map((onDay) => ({
            day: onDay,
            usd: pairRate(rates, "USD", "BRL", onDay)?.rateMicros ?? null,
            brl: pairRate(rates, "BRL", "USD", onDay)?.rateMicros ?? null,
            same: null,
          })),
        );
      }),
      { numRuns: 150 },
    );
  });
});
