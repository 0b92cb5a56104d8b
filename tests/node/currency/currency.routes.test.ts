import { beforeEach, describe, expect, it } from "vitest";
import { exchangeRates } from "../../../db/schema/index.ts";
import { useRateServices } from "../../support/rate-services.ts";
import { signInAs } from "../../support/sessions.ts";
import { createTestApp, type TestApp } from "../../support/test-app.ts";

/** /api/currency… (docs/api.md "Currency") over the fake providers on 127.0.0.1 and a real KV namespace. */
describe("the currency API", () => {
  const rates = useRateServices();

  let t: TestApp;
  let token: string;
  beforeEach(async () => {
    await rates.reset();
    t = await createTestApp({ env: rates.env() });
    token = (await signInAs(t)).token;
  });

  const call = async (method: string, path: string, json?: unknown, as: string | undefined = token) => {
    const response = await t.request(`/api/currency${path}`, { method, token: as, json });
    const body = await response.json();
    await t.settleDeferred();
    return { status: response.status, body };
  };

  it("answers a base currency's rates with their source, day and freshness", async () => {
    const { status, body } = await call("GET", "/rates?base_currency=usd");
    expect(status).toBe(200);
    expect(body.data).toMatchObject({
      base: "USD",
      date: "2026-11-20",
      source: "frankfurter",
      lastUpdated: "2026-11-21T12:00:00.000Z",
      is_stale: false,
    });
    expect(body.data.rates).toMatchObject({ BRL: "5.341200", JPY: "154.870000", EUR: "0.862070" });
    expect(body.data.rates).not.toHaveProperty("USD");
  });

  it("converts an amount, rounding to the target currency's minor unit (the yen has none)", async () => {
    const reais = await call("POST", "/convert", { amount: "100.00", from_currency: "USD", to_currency: "BRL" });
    expect(reais.status).toBe(200);
    expect(reais.body.data).toMatchObject({
      from: "USD",
      to: "BRL",
      amount: "100.00",
      converted: "534.12",
      rate: "5.341200",
      source: "frankfurter",
      is_stale: false,
    });
    const yen = await call("POST", "/convert", { amount: "10.01", from_currency: "USD", to_currency: "JPY" });
    // 10.01 × 154.87 = 1 550.2487 → ¥1 550.
    expect(yen.body.data).toMatchObject({ amount: "10.01", converted: "1550" });
    const fromYen = await call("POST", "/convert", { amount: 1550, from_currency: "JPY", to_currency: "JPY" });
    expect(fromYen.body.data).toMatchObject({
      amount: "1550",
      converted: "1550",
      rate: "1.000000",
      source: "identity",
    });
  });

  it("refuses amounts with more decimals than the currency has, and unknown currencies, with 422", async () => {
    const yen = await call("POST", "/convert", { amount: "10.5", from_currency: "JPY", to_currency: "BRL" });
    expect(yen.status).toBe(422);
    expect(yen.body.errors.amount).toEqual(["Enter a valid amount with at most 0 decimals"]);
    const unknown = await call("GET", "/rate?from_currency=ARS&to_currency=BRL");
    expect(unknown.status).toBe(422);
    expect(unknown.body.errors.from_currency[0]).toMatch(/supported currency/);
    expect(rates.providers.calls).toHaveLength(0);
  });

  it("converts several amounts into one currency with their total", async () => {
    const { status, body } = await call("POST", "/convert-multiple", {
      conversions: [
        { amount: "100.00", from_currency: "USD" },
        { amount: "50.00", from_currency: "BRL" },
      ],
      to_currency: "BRL",
    });
    expect(status).toBe(200);
    expect(body.data.results.map((result: { converted: string }) => result.converted)).toEqual(["534.12", "50.00"]);
    expect(body.data.total).toBe("584.12");
  });

  it("answers a pair's rate now, or on a day from the kept history", async () => {
    await t.db.insert(exchangeRates).values([
      {
        base: "USD",
        quote: "BRL",
        rateDate: "2026-10-01",
        rateMicros: 5_100_000,
        source: "frankfurter",
        fetchedAt: "2026-10-01T16:00:00.000Z",
      },
      {
        base: "USD",
        quote: "BRL",
        rateDate: "2026-10-03",
        rateMicros: 5_200_000,
        source: "frankfurter",
        fetchedAt: "2026-10-03T16:00:00.000Z",
      },
    ]);
    // A Sunday: the Friday before.
    const sunday = await call("GET", "/rate?from_currency=USD&to_currency=BRL&date=2026-10-05");
    expect(sunday.body.data).toMatchObject({ rate: "5.200000", rate_date: "2026-10-03" });
    // The other way round: the inverse, to 6 decimals (1 / 5.1 = 0.196078…).
    const inverse = await call("GET", "/rate?from_currency=BRL&to_currency=USD&date=2026-10-02");
    expect(inverse.body.data).toMatchObject({ rate: "0.196078", rate_date: "2026-10-01" });
    const now = await call("GET", "/rate?from_currency=BRL&to_currency=USD");
    expect(now.body.data).toMatchObject({ from: "BRL", to: "USD", source: "frankfurter", is_stale: false });
  });

  it("answers 503 with 'Unable to fetch currency exchange rates' when no provider answers and none was kept", async () => {
    rates.providers.setMode("all", "down");
    const { status, body } = await call("POST", "/convert", {
      amount: "1.00",
      from_currency: "USD",
      to_currency: "BRL",
    });
    expect(status).toBe(503);
    expect(body).toMatchObject({ code: "EXCHANGE_RATES_UNAVAILABLE" });
    expect(body.message).toMatch(/^Unable to fetch currency exchange rates/);
  });

  it("lists the supported currencies with their minor units", async () => {
    const { body } = await call("GET", "/supported");
    expect(body.data).toContainEqual({ code: "JPY", decimals: 0 });
    expect(body.data).toContainEqual({ code: "BRL", decimals: 2 });
    expect(body.data).toHaveLength(11);
  });

  it("answers 401 without a session, and with an ended one", async () => {
    expect((await call("GET", "/supported", undefined, "")).status).toBe(401);
    const person = await signInAs(t);
    await t.request("/api/auth/logout", { method: "POST", token: person.token });
    expect((await call("GET", "/rates?base_currency=USD", undefined, person.token)).status).toBe(401);
  });
});
