import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import { type RateCurrency, rateCurrencies, rateToMicros } from "../../worker/currency/rate-currencies.ts";
import type { ProviderName } from "../../worker/currency/rate-providers.ts";

export type FakeRateMode = "ok" | "down" | "garbage" | "zero" | "slow";

const providerNames: readonly ProviderName[] = ["frankfurter", "open-er-api", "currency-api", "bcb-ptax"];
const modes: readonly FakeRateMode[] = ["ok", "down", "garbage", "zero", "slow"];
/** Each provider's base URL below the server's origin, with the real service's path after it. */
const prefixes: Record<ProviderName, string> = {
  frankfurter: "/frankfurter/v1",
  "open-er-api": "/open-er-api/v6",
  "currency-api": "/currency-api/v1",
  "bcb-ptax": "/bcb-ptax/odata",
};

/** Units per 1 USD, late 2026. */
const defaultUsdTable: Record<RateCurrency, number> = {
  BRL: 5.3412,
  USD: 1,
  EUR: 0.86207,
  GBP: 0.75941,
  JPY: 154.87,
  AUD: 1.5318,
  CAD: 1.3987,
  CHF: 0.79618,
  CNY: 7.1043,
  SEK: 9.4126,
  NZD: 1.7235,
};
/** Codes real answers carry that Moneta does not keep, so the adapters' filtering is exercised. */
const otherUsdTable: Record<string, number> = { INR: 88.612, MXN: 18.422, ZAR: 17.384 };
const cryptoPerUsd: Record<string, number> = { btc: 0.0000103872, eth: 0.00030962, usdt: 1.000214 };
/** What PTAX quotes; for type A currencies its parity is USD per unit, for the others units per USD. */
const ptaxCurrencies = ["USD", "EUR", "GBP", "JPY", "AUD", "CAD", "CHF", "SEK"];
const ptaxTypeA = new Set(["EUR", "GBP", "AUD"]);
const ptaxResource = "/CotacaoMoedaPeriodo(moeda=@moeda,dataInicial=@dataInicial,dataFinalCotacao=@dataFinalCotacao)";

/** Units of `quote` per 1 `base` at `places` decimals (half-up, exact), or null for a code the table lacks. */
type Quote = (quote: string, base: string, places: number) => number | null;

const sortedObject = (entries: [string, number | null][]) =>
  Object.fromEntries(entries.filter((entry) => entry[1] !== null).sort(([a], [b]) => a.localeCompare(b)));

function frankfurterAnswer(url: URL, quote: Quote, date: string) {
  const base = url.searchParams.get("base") ?? "EUR";
  if (url.pathname !== "/latest" || quote(base, base, 0) === null) {
    return { status: 404, body: { message: "not found" } };
  }
  const codes = [...rateCurrencies, ...Object.keys(otherUsdTable)].filter((code) => code !== base);
  return {
    status: 200,
    body: { amount: 1.0, base, date, rates: sortedObject(codes.map((c) => [c, quote(c, base, 5)])) },
  };
}

function openErApiAnswer(url: URL, quote: Quote, date: string) {
  const base = /^\/latest\/([A-Z]{3})$/.exec(url.pathname)?.[1] ?? "";
  if (quote(base, base, 0) === null) {
    return { status: 404, body: { result: "error", "error-type": "unsupported-code" } };
  }
  const updatedAt = Date.parse(`${date}T00:02:31Z`) / 1000;
  const codes = [...rateCurrencies, ...Object.keys(otherUsdTable)];
  return {
    status: 200,
    body: {
      result: "success",
      provider: "https://www.exchangerate-api.com",
      documentation: "https://www.exchangerate-api.com/docs/free",
      terms_of_use: "https://www.exchangerate-api.com/terms",
      time_last_update_unix: updatedAt,
      time_last_update_utc: new Date(updatedAt * 1000).toUTCString().replace("GMT", "+0000"),
      time_next_update_unix: updatedAt + 86_400,
      time_next_update_utc: new Date((updatedAt + 86_400) * 1000).toUTCString().replace("GMT", "+0000"),
      time_eol_unix: 0,
      base_code: base,
      rates: { [base]: quote(base, base, 6), ...sortedObject(codes.map((c) => [c, quote(c, base, 6)])) },
    },
  };
}

function currencyApiAnswer(url: URL, quote: Quote, date: string) {
  const base = /^\/currencies\/([a-z]{3})\.json$/.exec(url.pathname)?.[1] ?? "";
  const usdPerBase = quote("USD", base.toUpperCase(), 12);
  if (usdPerBase === null) return { status: 404, body: { message: "Couldn't find the requested file" } };
  const fiat = [...rateCurrencies, ...Object.keys(otherUsdTable)].map((c): [string, number | null] => [
    c.toLowerCase(),
    quote(c, base.toUpperCase(), 8),
  ]);
  const crypto = Object.entries(cryptoPerUsd).map(([c, perUsd]): [string, number] => [
    c,
    Number((perUsd * usdPerBase).toPrecision(8)),
  ]);
  return { status: 200, body: { date, [base]: sortedObject([...fiat, ...crypto]) } };
}

/** A day's bulletins, the closing one last; the others drift a little from it, as the day's collections do. */
const ptaxBulletins = [
  ["10:05:02.957", "Abertura", 1.0003],
  ["11:07:26.311", "Intermediário", 0.99985],
  ["12:04:49.880", "Intermediário", 1.0001],
  ["13:05:14.526", "Intermediário", 0.99992],
  ["13:05:14.539", "Fechamento", 1],
] as const;

/** Every weekday of the window gets its five bulletins; weekends none, as at the real BCB. */
function ptaxAnswer(url: URL, quote: Quote) {
  if (decodeURIComponent(url.pathname) !== ptaxResource) {
    return { status: 404, body: { message: "Recurso não encontrado" } };
  }
  const parameter = (name: string) => /^'(.*)'$/.exec(url.searchParams.get(name) ?? "")?.[1] ?? "";
  const currency = parameter("@moeda");
  const [first, last] = [parameter("@dataInicial"), parameter("@dataFinalCotacao")].map((text) =>
    Date.parse(`${text.slice(6)}-${text.slice(0, 2)}-${text.slice(3, 5)}T00:00:00Z`),
  );
  const value = [];
  for (let day = first!; ptaxCurrencies.includes(currency) && day <= last!; day += 86_400_000) {
    if ([0, 6].includes(new Date(day).getUTCDay())) continue;
    const date = new Date(day).toISOString().slice(0, 10);
    const selling = quote("BRL", currency, 5)!;
    const parity = ptaxTypeA.has(currency) ? quote("USD", currency, 4)! : quote(currency, "USD", 4)!;
    for (const [time, kind, drift] of ptaxBulletins) {
      const venda = kind === "Fechamento" ? selling : Number((selling * drift).toFixed(5));
      value.push({
        paridadeCompra: parity,
        paridadeVenda: parity,
        cotacaoCompra: Number((venda * 0.9999).toFixed(5)),
        cotacaoVenda: venda,
        dataHoraCotacao: `${date} ${time}`,
        tipoBoletim: kind,
      });
    }
  }
  const context = "https://was-p.bcnet.bcb.gov.br/olinda/servico/PTAX/versao/v1/odata$metadata#_CotacaoMoedaPeriodo";
  return { status: 200, body: { "@odata.context": context, value } };
}

/**
 * The four exchange-rate providers (Frankfurter, open ExchangeRate-API, currency-api, BCB PTAX)
 * on one 127.0.0.1 server, each under its own prefix with the real service's paths and JSON
 * shape, all built from one table of units per 1 USD (cross rates worked out exactly). Each
 * provider can be made to fail; a browser test in another process drives it by
 * `POST /__control` `{ provider, mode, usdTable? }`.
 */
export async function startFakeRateProviders(
  options: { slowMs?: number; date?: string; usdTable?: Partial<Record<RateCurrency, number>> } = {},
) {
  const slowMs = options.slowMs ?? 10_000;
  const date = options.date ?? "2026-11-20";
  const usdTable = { ...defaultUsdTable };
  const modeOf = Object.fromEntries(providerNames.map((name) => [name, "ok"])) as Record<ProviderName, FakeRateMode>;
  const calls: { provider: ProviderName; path: string }[] = [];
  const timers = new Set<NodeJS.Timeout>();

  const setMode = (provider: ProviderName | "all", mode: FakeRateMode) => {
    for (const name of provider === "all" ? providerNames : [provider]) modeOf[name] = mode;
  };
  const setUsdTable = (partial: Partial<Record<RateCurrency, number>>) => {
    for (const [code, value] of Object.entries(partial)) {
      if (!rateCurrencies.includes(code as RateCurrency) || rateToMicros(value) === null) {
        throw new Error(`Not a rate for the fake's table: ${code}=${value}`);
      }
    }
    Object.assign(usdTable, partial);
  };
  setUsdTable(options.usdTable ?? {});

  const quoteWith =
    (isZero: boolean): Quote =>
    (quote, base, places) => {
      const perUsd = (code: string) => rateToMicros(usdTable[code as RateCurrency] ?? otherUsdTable[code]);
      const [quoteMicros, baseMicros] = [perUsd(quote), perUsd(base)];
      if (quoteMicros === null || baseMicros === null) return null;
      if (isZero) return 0;
      const scale = 10n ** BigInt(places);
      const units = (2n * BigInt(quoteMicros) * scale + BigInt(baseMicros)) / (2n * BigInt(baseMicros));
      // Both integers are exact, so the division gives the double nearest the decimal.
      return Number(units) / Number(scale);
    };

  const answer = (provider: ProviderName, url: URL, quote: Quote) => {
    if (provider === "frankfurter") return frankfurterAnswer(url, quote, date);
    if (provider === "open-er-api") return openErApiAnswer(url, quote, date);
    if (provider === "currency-api") return currencyApiAnswer(url, quote, date);
    return ptaxAnswer(url, quote);
  };

  const serve = (provider: ProviderName, url: URL, response: ServerResponse) => {
    const mode = modeOf[provider];
    if (mode === "down") return response.writeHead(503, { "Content-Type": "text/plain" }).end("Service Unavailable");
    if (mode === "garbage") {
      return response
        .writeHead(200, { "Content-Type": "text/html" })
        .end("<html><body><h1>Checking your browser…</h1></body></html>");
    }
    const reply = () => {
      const { status, body } = answer(provider, url, quoteWith(mode === "zero"));
      response.writeHead(status, { "Content-Type": "application/json" }).end(JSON.stringify(body));
    };
    if (mode !== "slow") return reply();
    const timer = setTimeout(() => {
      timers.delete(timer);
      reply();
    }, slowMs);
    timers.add(timer);
    response.on("close", () => {
      clearTimeout(timer);
      timers.delete(timer);
    });
  };

  const control = (body: string, response: ServerResponse) => {
    try {
      const command = JSON.parse(body) as { provider?: unknown; mode?: unknown; usdTable?: unknown };
      const provider = command.provider as ProviderName | "all";
      const mode = command.mode as FakeRateMode;
      if (!(provider === "all" || providerNames.includes(provider as ProviderName)) || !modes.includes(mode)) {
        throw new Error("provider and mode are required");
      }
      if (command.usdTable !== undefined) setUsdTable(command.usdTable as Partial<Record<RateCurrency, number>>);
      setMode(provider, mode);
      response.writeHead(204).end();
    } catch (error) {
      response.writeHead(400, { "Content-Type": "text/plain" }).end(String(error));
    }
  };

  const readBody = (request: IncomingMessage) =>
    new Promise<string>((done) => {
      let body = "";
      request.on("data", (chunk) => (body += chunk));
      request.on("end", () => done(body));
    });

  const server = createServer(async (request, response) => {
    const url = new URL(request.url ?? "/", "http://127.0.0.1");
    if (request.method === "POST" && url.pathname === "/__control") return control(await readBody(request), response);
    const provider = providerNames.find((name) => url.pathname.startsWith(`${prefixes[name]}/`));
    if (request.method !== "GET" || !provider) return response.writeHead(404).end();
    calls.push({ provider, path: request.url ?? "" });
    serve(provider, new URL(url.href.replace(prefixes[provider], "")), response);
  });
  await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
  const address = server.address();
  const origin = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
  return {
    /** The base URL to configure for each provider in place of its `defaultBaseUrl`. */
    urls: Object.fromEntries(providerNames.map((name) => [name, `${origin}${prefixes[name]}`])) as Record<
      ProviderName,
      string
    >,
    /** `POST` here `{ provider: ProviderName | "all", mode, usdTable? }` from another process. */
    controlUrl: `${origin}/__control`,
    calls,
    setMode,
    setUsdTable,
    /** Ends slow answers and open connections too, so closing never waits for `slowMs`. */
    close: () =>
      new Promise<void>((done) => {
        for (const timer of timers) clearTimeout(timer);
        timers.clear();
        server.close(() => done());
        server.closeAllConnections();
      }),
  };
}

export type FakeRateProviders = Awaited<ReturnType<typeof startFakeRateProviders>>;

/** The Worker's RATES_*_URL variables, each provider pointed at this fake. */
export function providerUrlEnv(providers: FakeRateProviders) {
  return {
    RATES_FRANKFURTER_URL: providers.urls.frankfurter,
    RATES_OPEN_ER_API_URL: providers.urls["open-er-api"],
    RATES_CURRENCY_API_URL: providers.urls["currency-api"],
    RATES_BCB_PTAX_URL: providers.urls["bcb-ptax"],
  };
}
