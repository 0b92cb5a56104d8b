import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { exchangeRates } from "../../../db/schema/index.ts";
import { createTestDatabase } from "../../support/database.ts";
import { useRateServices } from "../../support/rate-services.ts";
import { fixedClock, testServiceContext } from "../../support/service-context.ts";
import { clearRatesCache, currentRates } from "../../../worker/currency/exchange-rates.service.ts";
import { refreshRatesInUse } from "../../../worker/currency/rates-refresh.ts";
import { insertUser, insertWorkspace } from "../../../db/factories.ts";

/**
 * The provider chain behind the KV cache and the kept history (README: "Exchange rates"), with
 * the four providers faked at their HTTP boundary on 127.0.0.1 and a real KV namespace.
 */
describe("exchange rates", () => {
  const services = useRateServices({ slowMs: 5_000 });

  let t: Awaited<ReturnType<typeof setUp>>;
  async function setUp() {
    await services.reset();
    services.providers.setUsdTable({ BRL: 5.3412 });
    const db = await createTestDatabase();
    const clock = fixedClock("2026-11-21T12:00:00.000Z");
    const ctx = testServiceContext(db, {
      clock,
      env: { ...services.env(), RATES_PROVIDER_TIMEOUT_MS: "300" },
    });
    const kept = () => db.select().from(exchangeRates).orderBy(exchangeRates.quote);
    const providersAsked = () => services.providers.calls.map((call) => call.provider);
    return { db, clock, ctx, kept, providersAsked };
  }
  beforeEach(async () => {
    t = await setUp();
  });
  // What a test's reads keep after answering (KV, the table) lands before the next test clears the cache.
  afterEach(() => t.ctx.settleDeferred());

  it("asks the first provider, answers its rates, and keeps them in KV and by day in the database", async () => {
    const rates = await currentRates(t.ctx, "USD");
    expect(rates).toMatchObject({ base: "USD", source: "frankfurter", date: "2026-11-20", isStale: false });
    expect(rates.rates.BRL).toBe(5_341_200);
    expect(rates.rates.JPY).toBe(154_870_000);
    expect(rates.rates).not.toHaveProperty("USD");
    await t.ctx.settleDeferred();
    const kept = await t.kept();
    expect(kept.find((row) => row.quote === "BRL")).toMatchObject({
      base: "USD",
      rateDate: "2026-11-20",
      rateMicros: 5_341_200,
      source: "frankfurter",
      fetchedAt: "2026-11-21T12:00:00.000Z",
    });
    expect(kept).toHaveLength(10);
    expect(await services.kv.get("rates:v1:USD", "json")).toMatchObject({ source: "frankfurter" });
  });

  it("answers from the cache for an hour, then asks the providers again", async () => {
    await currentRates(t.ctx, "USD");
    await t.ctx.settleDeferred();
    t.clock.set("2026-11-21T12:59:00.000Z");
    services.providers.setUsdTable({ BRL: 5.4 });
    expect((await currentRates(t.ctx, "USD")).rates.BRL).toBe(5_341_200);
    expect(t.providersAsked()).toEqual(["frankfurter"]);
    t.clock.set("2026-11-21T13:00:01.000Z");
    const fresh = await currentRates(t.ctx, "USD");
    expect(fresh.rates.BRL).toBe(5_400_000);
    expect(fresh.fetchedAt).toBe("2026-11-21T13:00:01.000Z");
    expect(t.providersAsked()).toEqual(["frankfurter", "frankfurter"]);
  });

  it("falls through the chain as each provider fails in turn: down, garbage, all zeros", async () => {
    services.providers.setMode("frankfurter", "down");
    expect((await currentRates(t.ctx, "USD")).source).toBe("open-er-api");
    await t.ctx.settleDeferred();
    await clearRatesCache(t.ctx, "USD");
    services.providers.setMode("open-er-api", "garbage");
    expect((await currentRates(t.ctx, "USD")).source).toBe("currency-api");
    await t.ctx.settleDeferred();
    await clearRatesCache(t.ctx, "USD");
    services.providers.setMode("currency-api", "zero");
    const ptax = await currentRates(t.ctx, "USD");
    // Banco Central's PTAX knows only rates against the real: USD → BRL, its closing bulletin.
    expect(ptax.source).toBe("bcb-ptax");
    expect(Object.keys(ptax.rates)).toEqual(["BRL"]);
    expect(ptax.rates.BRL).toBe(5_341_200);
    const failures = t.ctx.log.lines.filter((line) => line.event === "rates.provider_failed");
    // Each round asked the failing ones first again: 1, then 2, then 3 failures.
    expect(failures.map((line) => line.fields?.provider)).toEqual([
      "frankfurter",
      "frankfurter",
      "open-er-api",
      "frankfurter",
      "open-er-api",
      "currency-api",
    ]);
  });

  it("gives a slow provider its time limit and moves on, well within the request's budget", async () => {
    services.providers.setMode("frankfurter", "slow");
    const started = Date.now();
    const rates = await currentRates(t.ctx, "USD");
    expect(rates.source).toBe("open-er-api");
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it("serves the last good rates, marked stale with their age, when every provider fails", async () => {
    await currentRates(t.ctx, "USD");
    await t.ctx.settleDeferred();
    t.clock.set("2026-11-24T09:00:00.000Z");
    services.providers.setMode("all", "down");
    const stale = await currentRates(t.ctx, "USD");
    expect(stale).toMatchObject({ isStale: true, source: "frankfurter", fetchedAt: "2026-11-21T12:00:00.000Z" });
    expect(stale.rates.BRL).toBe(5_341_200);
  });

  it("finds the last good rates in the database when the cache has lost them", async () => {
    await currentRates(t.ctx, "USD");
    await t.ctx.settleDeferred();
    await clearRatesCache(t.ctx);
    services.providers.setMode("all", "down");
    expect(await currentRates(t.ctx, "USD")).toMatchObject({ isStale: true, rates: { BRL: 5_341_200 } });
  });

  it("refuses with EXCHANGE_RATES_UNAVAILABLE, never a made-up rate, when no rate was ever kept", async () => {
    services.providers.setMode("all", "down");
    await expect(currentRates(t.ctx, "USD")).rejects.toMatchObject({ code: "EXCHANGE_RATES_UNAVAILABLE", status: 503 });
    expect(await t.kept()).toEqual([]);
  });

  it("takes an answer far from the last good rate for a wrong one and keeps the last good", async () => {
    await currentRates(t.ctx, "USD");
    await t.ctx.settleDeferred();
    t.clock.set("2026-11-21T14:00:00.000Z");
    // Every provider now says a dollar buys R$ 53,41: ten times the rate of two hours ago.
    services.providers.setUsdTable({ BRL: 53.412 });
    const rates = await currentRates(t.ctx, "USD");
    expect(rates).toMatchObject({ isStale: true, rates: { BRL: 5_341_200 } });
    const implausible = t.ctx.log.lines.filter((line) => line.event === "rates.provider_implausible");
    expect(implausible.length).toBeGreaterThanOrEqual(3);
  });

  it("still answers when KV cannot be read or written", async () => {
    const broken = {
      get: () => Promise.reject(new Error("KV down")),
      put: () => Promise.reject(new Error("KV down")),
      delete: () => Promise.reject(new Error("KV down")),
    };
    const ctx = { ...t.ctx, env: { ...t.ctx.env, EXCHANGE_RATES: broken as never } };
    const rates = await currentRates(ctx, "USD");
    expect(rates.rates.BRL).toBe(5_341_200);
    await t.ctx.settleDeferred();
    expect(await t.kept()).toHaveLength(10);
  });

  it("refreshes, from the cron, the rates of the currencies workspaces and accounts use — once an hour each", async () => {
    const owner = await insertUser(t.db);
    await insertWorkspace(t.db, { currency: "BRL", ownerId: owner.id });
    await insertWorkspace(t.db, { currency: "USD", ownerId: owner.id });
    const first = await refreshRatesInUse(t.ctx);
    expect(first.refreshed.sort()).toEqual(["BRL", "USD"]);
    expect((await t.kept()).map((row) => row.base).sort()).toContain("BRL");
    const asked = services.providers.calls.length;
    t.clock.set("2026-11-21T12:05:00.000Z");
    await refreshRatesInUse(t.ctx);
    expect(services.providers.calls.length).toBe(asked);
  });
});
