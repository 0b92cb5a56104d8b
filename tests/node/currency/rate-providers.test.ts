/**
 * The exchange-rate adapters against their providers' real JSON, served verbatim over HTTP from
 * tests/fixtures/rates. Where each shape was confirmed:
 *  - Frankfurter v1: frankfurter.dev/v1 (docs: `/v1/latest?base=USD`), and `{"amount":1.0,"base":"USD",
 *    "date":…,"rates":{…}}` as recorded in several clients' tests.
 *  - open ExchangeRate-API: the open-access JSON schema and example in api-evangelist/exchangerate-api
 *    (`https://open.er-api.com/v6/latest/USD`: result, time_last_update_unix/_utc, base_code, rates;
 *    errors `{ result: "error", "error-type" }`).
 *  - currency-api: fawazahmed0/exchange-api MIGRATION.md (`cdn.jsdelivr.net/npm/@fawazahmed0/currency-api@…/v1/
 *    currencies/{code}.json`) and clients' recorded `{ "date", "usd": { "1inch": …, "ada": … } }`.
 *  - BCB PTAX: olinda's `CotacaoMoedaPeriodo(moeda=@moeda,dataInicial=@dataInicial,dataFinalCotacao=@dataFinalCotacao)`
 *    with `@moeda='EUR'&@dataInicial='MM-DD-YYYY'&…` (python-bcb docs, R and Python clients), rows
 *    { paridadeCompra, paridadeVenda, cotacaoCompra, cotacaoVenda, dataHoraCotacao "YYYY-MM-DD HH:MM:SS.fff",
 *    tipoBoletim } under `@odata.context …#_CotacaoMoedaPeriodo`. Its closing bulletin is "Fechamento"
 *    (captured CotacaoMoedaPeriodo answers; clients filter `tipoBoletim eq 'Fechamento'`), while
 *    CotacaoMoedaDia says "Fechamento PTAX" (BrasilAPI's end-to-end test against BCB): both are taken.
 */
import { readFileSync } from "node:fs";
import { createServer } from "node:http";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { inverseRateToMicros, type RateCurrency, rateToMicros } from "../../../worker/currency/rate-currencies.ts";
import {
  type ProviderName,
  ProviderAnswerError,
  type ProviderRequest,
  rateProviders,
} from "../../../worker/currency/rate-providers.ts";
import { type FakeRateProviders, startFakeRateProviders } from "../../support/fake-rate-providers.ts";

const fixture = (name: string) => readFileSync(new URL(`../../fixtures/rates/${name}`, import.meta.url), "utf8");
const providerNamed = (name: ProviderName) => rateProviders.find((provider) => provider.name === name)!;

type Reply = { status?: number; body: string; type?: string };

/** Answers whatever it was told to, and records what was asked. */
async function startFixtureServer() {
  const requests: { url: string; accept: string | undefined }[] = [];
  let reply: (url: URL) => Reply = () => ({ status: 404, body: "" });
  const server = createServer((request, response) => {
    requests.push({ url: decodeURIComponent(request.url ?? ""), accept: request.headers.accept });
    const { status = 200, body, type = "application/json" } = reply(new URL(request.url ?? "/", "http://127.0.0.1"));
    response.writeHead(status, { "Content-Type": type }).end(body);
  });
  await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
  const address = server.address();
  return {
    baseUrl: `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}/v1`,
    requests,
    answer(next: Reply | ((url: URL) => Reply)) {
      reply = typeof next === "function" ? next : () => next;
    },
    close: () => new Promise<void>((done) => server.close(() => done())),
  };
}

let server: Awaited<ReturnType<typeof startFixtureServer>>;
beforeAll(async () => {
  server = await startFixtureServer();
});
afterAll(() => server.close());
afterEach(() => {
  server.requests.length = 0;
});

const ask = (name: ProviderName, base: RateCurrency = "USD", today = "2026-11-23") =>
  providerNamed(name).fetchRates({
    base,
    baseUrl: server.baseUrl,
    fetch,
    signal: AbortSignal.timeout(5_000),
    today,
  } satisfies ProviderRequest);

describe("rateToMicros", () => {
  it("reads numbers and decimal strings exactly, rounding half-up to 6 places", () => {
    expect(rateToMicros(5.3412)).toBe(5_341_200);
    expect(rateToMicros("0.0000005")).toBe(1);
    expect(rateToMicros(2.5e-3)).toBe(2_500);
    expect(rateToMicros("1e3")).toBe(1_000_000_000);
    expect(rateToMicros(1.23456789)).toBe(1_234_568);
    expect(rateToMicros(5e-4)).toBe(500);
    expect(rateToMicros("1.2E+2")).toBe(120_000_000);
    // Float multiplication would say 4000000: 4.0000005 * 1e6 is 4000000.4999999995.
    expect(rateToMicros(4.0000005)).toBe(4_000_001);
    expect(rateToMicros(" 154.87 ")).toBe(154_870_000);
    expect(rateToMicros(1_000_000)).toBe(1_000_000_000_000);
  });

  it("refuses what is not a positive rate, rounds to nothing or is too large", () => {
    for (const value of [
      "0.0000004",
      1e-7,
      1.2e-7,
      -1,
      "-1",
      0,
      "0.000",
      "abc",
      Number.POSITIVE_INFINITY,
      Number.NaN,
      "1,5",
      "",
      null,
      true,
      {},
      1_000_000.000001,
      "1e999999999",
    ]) {
      expect(rateToMicros(value), String(value)).toBeNull();
    }
  });
});

describe("inverseRateToMicros", () => {
  it("works out 1 / rate exactly, half-up, within the same bounds", () => {
    expect(inverseRateToMicros("5.34120")).toBe(187_224);
    expect(inverseRateToMicros(0.03449)).toBe(28_993_911);
    expect(inverseRateToMicros(8)).toBe(125_000);
    expect(inverseRateToMicros("1e-6")).toBe(1_000_000_000_000);
    for (const value of [0, -5, "abc", 1e-7, 1e7, 2_000_001])
      expect(inverseRateToMicros(value), String(value)).toBeNull();
  });
});

describe("the chain", () => {
  it("tries the ECB first and the central bank of Brazil last", () => {
    expect(rateProviders.map(({ name, defaultBaseUrl }) => [name, defaultBaseUrl])).toEqual([
      ["frankfurter", "https://api.frankfurter.dev/v1"],
      ["open-er-api", "https://open.er-api.com/v6"],
      ["currency-api", "https://cdn.jsdelivr.net/npm/@fawazahmed0/currency-api@latest/v1"],
      ["bcb-ptax", "https://olinda.bcb.gov.br/olinda/servico/PTAX/versao/v1/odata"],
    ]);
  });
});

describe("Frankfurter", () => {
  it("reads the ECB's rates for the rate currencies and drops the rest", async () => {
    server.answer({ body: fixture("frankfurter-latest-usd.json") });
    expect(await ask("frankfurter")).toEqual({
      provider: "frankfurter",
      base: "USD",
      date: "2026-11-20",
      rates: {
        AUD: 1_531_800,
        BRL: 5_341_200,
        CAD: 1_398_700,
        CHF: 796_180,
        CNY: 7_104_300,
        EUR: 862_070,
        GBP: 759_410,
        JPY: 154_870_000,
        NZD: 1_723_500,
        SEK: 9_412_600,
      },
    });
    expect(server.requests).toEqual([{ url: "/v1/latest?base=USD", accept: "application/json" }]);
  });
});

describe("open ExchangeRate-API", () => {
  it("reads the rates, leaves out the base's own 1 and dates them by the last update", async () => {
    server.answer({ body: fixture("open-er-api-latest-usd.json") });
    const answer = await ask("open-er-api");
    expect(answer).toEqual({
      provider: "open-er-api",
      base: "USD",
      date: "2026-11-20",
      rates: {
        AUD: 1_532_217,
        BRL: 5_338_417,
        CAD: 1_398_304,
        CHF: 796_517,
        CNY: 7_104_460,
        EUR: 862_108,
        GBP: 759_482,
        JPY: 154_912_204,
        NZD: 1_723_934,
        SEK: 9_414_463,
      },
    });
    expect(server.requests.map((request) => request.url)).toEqual(["/v1/latest/USD"]);
  });
});

describe("currency-api", () => {
  it("keeps the rate currencies among hundreds of codes and crypto, rounding long decimals half-up", async () => {
    server.answer({ body: fixture("currency-api-usd.json") });
    const answer = await ask("currency-api");
    expect(answer).toEqual({
      provider: "currency-api",
      base: "USD",
      date: "2026-11-20",
      rates: {
        AUD: 1_532_014,
        BRL: 5_338_742,
        CAD: 1_398_530,
        CHF: 796_562,
        CNY: 7_104_775,
        EUR: 862_144,
        GBP: 759_388,
        JPY: 154_912_385,
        NZD: 1_724_045,
        SEK: 9_415_228,
      },
    });
    expect(server.requests.map((request) => request.url)).toEqual(["/v1/currencies/usd.json"]);
  });
});

describe("BCB PTAX", () => {
  const ptaxPath = (currency: string, from: string, to: string) =>
    `/v1/CotacaoMoedaPeriodo(moeda=@moeda,dataInicial=@dataInicial,dataFinalCotacao=@dataFinalCotacao)` +
    `?@moeda='${currency}'&@dataInicial='${from}'&@dataFinalCotacao='${to}'&$format=json`;
  const byCurrency = (bodies: Record<string, string>) => (url: URL) => ({
    body: bodies[url.searchParams.get("@moeda")!.replaceAll("'", "")] ?? '{"value":[]}',
  });

  it("takes the newest closing bulletin, walking back over the weekend and the Friday holiday", async () => {
    // Monday before the closing: only the opening and one intermediate bulletin are out; Friday 20 was a holiday.
    server.answer({ body: fixture("bcb-ptax-usd-period.json") });
    expect(await ask("bcb-ptax", "USD", "2026-11-23")).toEqual({
      provider: "bcb-ptax",
      base: "USD",
      date: "2026-11-19",
      rates: { BRL: 5_341_200 },
    });
    expect(server.requests).toEqual([{ url: ptaxPath("USD", "11-17-2026", "11-23-2026"), accept: "application/json" }]);
  });

  it("answers only BRL for a base other than BRL", async () => {
    server.answer({ body: fixture("bcb-ptax-eur-period.json") });
    expect((await ask("bcb-ptax", "EUR")).rates).toEqual({ BRL: 6_196_400 });
  });

  it("inverts every currency it quotes for base BRL, exactly and half-up", async () => {
    server.answer(byCurrency({ USD: fixture("bcb-ptax-usd-period.json"), EUR: fixture("bcb-ptax-eur-period.json") }));
    // 1 / 5.34120 = 0.18722384…, 1 / 6.19640 = 0.16138402…; the others had no bulletin and are missing.
    expect(await ask("bcb-ptax", "BRL")).toEqual({
      provider: "bcb-ptax",
      base: "BRL",
      date: "2026-11-19",
      rates: { USD: 187_224, EUR: 161_384 },
    });
    expect(server.requests.map((request) => request.url).sort()).toEqual(
      ["AUD", "CAD", "CHF", "EUR", "GBP", "JPY", "SEK", "USD"].map((code) =>
        ptaxPath(code, "11-17-2026", "11-23-2026"),
      ),
    );
  });

  it("leaves out a currency whose newest closing is older than the others', so the answer has one date", async () => {
    const closing = (date: string, selling: number) =>
      JSON.stringify({
        value: [{ cotacaoVenda: selling, dataHoraCotacao: `${date} 13:04:27.911`, tipoBoletim: "Fechamento PTAX" }],
      });
    server.answer(byCurrency({ USD: closing("2026-11-19", 5.3412), EUR: closing("2026-11-18", 6.1918) }));
    const answer = await ask("bcb-ptax", "BRL");
    expect([answer.date, answer.rates]).toEqual(["2026-11-19", { USD: 187_224 }]);
  });

  it("refuses a week with no closing bulletin, and a base it does not quote without asking", async () => {
    const opening = { cotacaoVenda: 5.3525, dataHoraCotacao: "2026-11-23 10:04:41.027", tipoBoletim: "Abertura" };
    server.answer({ body: JSON.stringify({ value: [opening] }) });
    await expect(ask("bcb-ptax", "USD")).rejects.toThrow(ProviderAnswerError);
    await expect(ask("bcb-ptax", "BRL")).rejects.toThrow(ProviderAnswerError);
    server.requests.length = 0;
    await expect(ask("bcb-ptax", "CNY")).rejects.toThrow(ProviderAnswerError);
    expect(server.requests).toEqual([]);
  });
});

describe("answers the adapters refuse", () => {
  const usdRates = (rates: Record<string, unknown>) => ({
    frankfurter: { amount: 1, base: "USD", date: "2026-11-20", rates },
    "open-er-api": { result: "success", time_last_update_unix: 1_795_132_951, base_code: "USD", rates },
    "currency-api": { date: "2026-11-20", usd: rates },
    "bcb-ptax": {
      value: Object.values(rates).map((selling) => ({
        cotacaoVenda: selling,
        dataHoraCotacao: "2026-11-19 13:04:27.911",
        tipoBoletim: "Fechamento",
      })),
    },
  });
  const unusable = usdRates({ BRL: 0, EUR: "abc", JPY: -1, GBP: null, XAU: 0.00024 });
  const otherBase: Partial<Record<ProviderName, unknown>> = {
    frankfurter: { amount: 1, base: "EUR", date: "2026-11-20", rates: { BRL: 6.1958 } },
    "open-er-api": { result: "success", time_last_update_unix: 1_795_132_951, base_code: "EUR", rates: { BRL: 6.19 } },
    "currency-api": { date: "2026-11-20", eur: { brl: 6.1958 } },
  };
  const names = rateProviders.map((provider) => provider.name);

  it.each(names)("%s: a non-2xx status", async (name) => {
    server.answer({ status: 503, body: "Service Unavailable", type: "text/plain" });
    await expect(ask(name)).rejects.toThrow(ProviderAnswerError);
  });

  it.each(names)("%s: a 200 that is not JSON", async (name) => {
    server.answer({ body: "<html><body>Checking your browser…</body></html>", type: "text/html" });
    await expect(ask(name)).rejects.toThrow(ProviderAnswerError);
  });

  it.each(names)("%s: JSON in another shape", async (name) => {
    server.answer({ body: JSON.stringify({ message: "not found", value: "none" }) });
    await expect(ask(name)).rejects.toThrow(ProviderAnswerError);
  });

  it.each(names)("%s: no usable rate at all", async (name) => {
    server.answer({ body: JSON.stringify(unusable[name]) });
    await expect(ask(name)).rejects.toThrow(ProviderAnswerError);
  });

  it.each(Object.keys(otherBase) as ProviderName[])("%s: rates for another base", async (name) => {
    server.answer({ body: JSON.stringify(otherBase[name]) });
    await expect(ask(name)).rejects.toThrow(ProviderAnswerError);
  });

  it("open-er-api: a result of error", async () => {
    server.answer({ status: 200, body: JSON.stringify({ result: "error", "error-type": "unsupported-code" }) });
    await expect(ask("open-er-api")).rejects.toThrow(/unsupported-code/);
  });

  it("skips a single unusable quote and keeps the others", async () => {
    server.answer({ body: JSON.stringify(usdRates({ BRL: 5.3412, EUR: 0, JPY: "1e-9" }).frankfurter) });
    expect((await ask("frankfurter")).rates).toEqual({ BRL: 5_341_200 });
  });
});

describe("the fake providers", () => {
  let fake: FakeRateProviders;
  beforeAll(async () => {
    fake = await startFakeRateProviders({ slowMs: 10_000 });
  });
  afterAll(() => fake.close());
  afterEach(() => {
    fake.setMode("all", "ok");
    fake.setUsdTable({ BRL: 5.3412 });
    fake.calls.length = 0;
  });

  const askFake = (name: ProviderName, base: RateCurrency = "USD", signal = AbortSignal.timeout(5_000)) =>
    providerNamed(name).fetchRates({ base, baseUrl: fake.urls[name], fetch, signal, today: "2026-11-23" });
  const names = rateProviders.map((provider) => provider.name);

  it.each(names)("%s: answers the table in the provider's own shape", async (name) => {
    const answer = await askFake(name);
    expect(answer.rates.BRL).toBe(5_341_200);
    if (name !== "bcb-ptax") expect(answer.rates).toMatchObject({ EUR: 862_070, JPY: 154_870_000 });
  });

  it("works out cross rates for the base asked and, for PTAX, its BRL inverses", async () => {
    // 5.3412 / 0.86207 = 6.195784…, which Frankfurter's fake gives to 5 places.
    expect((await askFake("frankfurter", "EUR")).rates.BRL).toBe(6_195_780);
    // PTAX's fake sells 1 JPY for 0.03449 BRL; 1 / 0.03449 = 28.9939112…
    const answer = await askFake("bcb-ptax", "BRL");
    expect(answer).toMatchObject({ date: "2026-11-23", rates: { USD: 187_224, EUR: 161_400, JPY: 28_993_911 } });
    expect(fake.calls.filter((call) => call.provider === "bcb-ptax")).toHaveLength(8);
  });

  it("records the paths asked, under each provider's prefix", async () => {
    await askFake("currency-api", "GBP");
    expect(fake.calls).toEqual([{ provider: "currency-api", path: "/currency-api/v1/currencies/gbp.json" }]);
  });

  it.each(names.flatMap((name) => (["down", "garbage", "zero"] as const).map((mode) => [name, mode] as const)))(
    "%s %s: the adapter refuses the answer",
    async (name, mode) => {
      fake.setMode(name, mode);
      await expect(askFake(name)).rejects.toThrow(ProviderAnswerError);
    },
  );

  it.each(names)("%s slow: the caller's signal ends the wait", async (name) => {
    fake.setMode(name, "slow");
    const startedAt = Date.now();
    await expect(askFake(name, "USD", AbortSignal.timeout(200))).rejects.toThrow(/timeout|aborted/i);
    expect(Date.now() - startedAt).toBeLessThan(2_000);
  });

  it("closes at once with a slow answer pending", async () => {
    const slow = await startFakeRateProviders({ slowMs: 60_000 });
    slow.setMode("all", "slow");
    const request = providerNamed("frankfurter").fetchRates({
      base: "USD",
      baseUrl: slow.urls.frankfurter,
      fetch,
      signal: AbortSignal.timeout(30_000),
      today: "2026-11-23",
    });
    await expect.poll(() => slow.calls.length).toBe(1);
    const startedAt = Date.now();
    await slow.close();
    await expect(request).rejects.toThrow();
    expect(Date.now() - startedAt).toBeLessThan(1_000);
  });

  it("takes its mode and table over HTTP from another process", async () => {
    const control = (command: unknown) =>
      fetch(fake.controlUrl, { method: "POST", body: JSON.stringify(command) }).then((response) => response.status);
    expect(await control({ provider: "open-er-api", mode: "down" })).toBe(204);
    await expect(askFake("open-er-api")).rejects.toThrow(ProviderAnswerError);
    expect(await control({ provider: "all", mode: "ok", usdTable: { BRL: 5.4 } })).toBe(204);
    expect((await askFake("open-er-api")).rates.BRL).toBe(5_400_000);
    expect(await control({ provider: "ecb", mode: "down" })).toBe(400);
    expect(await control({ provider: "all", mode: "ok", usdTable: { BRL: 0 } })).toBe(400);
  });
});
