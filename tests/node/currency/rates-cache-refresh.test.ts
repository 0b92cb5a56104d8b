import { and, eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { exchangeRates } from "../../../db/schema/index.ts";
import { useRateServices } from "../../support/rate-services.ts";
import { signInAs } from "../../support/sessions.ts";
import { createTestApp, type TestApp } from "../../support/test-app.ts";

/**
 * DELETE /api/currency/cache (docs/api.md "Currency") refreshes the cached rates from the providers
 * instead of emptying the cache: there is never a moment without rates, a base no provider
 * answered keeps the ones it had, and each person may do it once a minute.
 */
describe("refreshing the rates cache", () => {
  const rates = useRateServices();

  let t: TestApp;
  let token: string;
  beforeEach(async () => {
    await rates.reset();
    rates.providers.setUsdTable({ BRL: 5.3412 });
    t = await createTestApp({ env: rates.env() });
    token = (await signInAs(t)).token;
  });

  const refresh = async (query = "", as = token, headers: HeadersInit = {}) => {
    const response = await t.request(`/api/currency/cache${query}`, { method: "DELETE", token: as, headers });
    return { status: response.status, retryAfter: response.headers.get("Retry-After"), body: await response.json() };
  };
  const cachedUsd = () => rates.kv.get<{ fetchedAt: string; rates: Record<string, number> }>("rates:v1:USD", "json");
  const fillCache = async () => {
    await t.request("/api/currency/rates?base_currency=USD", { token });
    await t.settleDeferred();
  };

  it("replaces a base's cached rates with fresh ones from the providers, and keeps them by day", async () => {
    await fillCache();
    t.clock.set("2026-11-21T12:30:00.000Z");
    rates.providers.setUsdTable({ BRL: 5.5 });

    const { status, body } = await refresh("?base_currency=usd");
    expect(status).toBe(200);
    expect(body.data).toEqual({ refreshed: ["USD"], unchanged: [], cleared: ["USD"] });
    expect(await cachedUsd()).toMatchObject({ fetchedAt: "2026-11-21T12:30:00.000Z", rates: { BRL: 5_500_000 } });
    const [kept] = await t.db
      .select()
      .from(exchangeRates)
      .where(and(eq(exchangeRates.base, "USD"), eq(exchangeRates.quote, "BRL")));
    expect(kept).toMatchObject({ rateMicros: 5_500_000, fetchedAt: "2026-11-21T12:30:00.000Z" });
    const read = await t.request("/api/currency/rates?base_currency=USD", { token });
    expect((await read.json()).data).toMatchObject({ rates: { BRL: "5.500000" }, is_stale: false });
  });

  it("keeps the cached rates when no provider answers, and answers 503 saying nothing was refreshed", async () => {
    await fillCache();
    const before = await cachedUsd();
    rates.providers.setMode("all", "down");
    t.clock.set("2026-11-21T12:30:00.000Z");

    const english = await refresh("?base_currency=USD");
    expect(english.status).toBe(503);
    expect(english.body).toMatchObject({ code: "EXCHANGE_RATES_UNAVAILABLE" });
    expect(english.body.message).toMatch(/nothing was refreshed: the rates you had are still in use/);
    expect(english.retryAfter).toBe("60");
    expect(await cachedUsd()).toEqual(before);
    const read = await t.request("/api/currency/rates?base_currency=USD", { token });
    expect((await read.json()).data).toMatchObject({ rates: { BRL: "5.341200" }, is_stale: false });

    const portuguese = await refresh("?base_currency=USD", (await signInAs(t)).token, { "Accept-Language": "pt-BR" });
    expect(portuguese.body.message).toMatch(/nada foi atualizado/);
  });

  it("keeps the cached rates when every answer jumped too far from the last good ones", async () => {
    await fillCache();
    const before = await cachedUsd();
    rates.providers.setUsdTable({ BRL: 12 });
    t.clock.set("2026-11-21T12:30:00.000Z");

    expect((await refresh("?base_currency=USD")).status).toBe(503);
    expect(await cachedUsd()).toEqual(before);
  });

  it("refuses a second refresh by the same person within a minute with 429 and Retry-After", async () => {
    expect((await refresh("?base_currency=USD")).status).toBe(200);
    const asked = rates.providers.calls.length;
    t.clock.set("2026-11-21T12:00:20.000Z");

    const again = await refresh("?base_currency=EUR");
    expect(again.status).toBe(429);
    expect(again.body).toMatchObject({ code: "RATE_LIMITED" });
    expect(again.body.message).toMatch(/Wait a minute/);
    expect(again.retryAfter).toBe("40");
    expect(rates.providers.calls).toHaveLength(asked);

    t.clock.set("2026-11-21T12:01:00.000Z");
    expect((await refresh("?base_currency=EUR")).status).toBe(200);
  });

  it("does not hold back another person, and refreshes every rate currency without base_currency", async () => {
    expect((await refresh()).status).toBe(200);
    const someoneElse = await refresh("", (await signInAs(t)).token);
    expect(someoneElse.status).toBe(200);
    expect(someoneElse.body.data.refreshed).toHaveLength(11);
    expect(someoneElse.body.data.unchanged).toEqual([]);
  });

  it("answers 401 without a session, asking no provider", async () => {
    expect((await refresh("", "")).status).toBe(401);
    expect(rates.providers.calls).toHaveLength(0);
  });
});
