import { inverseRateToMicros, isRateCurrency, type RateCurrency, rateToMicros } from "./rate-currencies.ts";

/**
 * Four free exchange-rate sources behind one shape, tried in this order by the caller. Each
 * adapter makes its requests with the caller's fetch and signal (the caller owns the timeout),
 * reads the provider's own JSON and turns every rate into micros exactly; an answer it cannot
 * use is a ProviderAnswerError, so the caller moves on to the next provider.
 */

export type ProviderName = "frankfurter" | "open-er-api" | "currency-api" | "bcb-ptax";

export type ProviderAnswer = {
  provider: ProviderName;
  base: RateCurrency;
  /** The date the provider says its rates are of, YYYY-MM-DD. */
  date: string;
  /** Quote units per 1 base unit, in millionths, for the rate currencies the answer holds (never the base itself). */
  rates: Partial<Record<RateCurrency, number>>;
};

export type ProviderRequest = {
  base: RateCurrency;
  baseUrl: string;
  fetch: typeof fetch;
  signal: AbortSignal;
  /** YYYY-MM-DD: PTAX looks for the latest closing bulletin in the 7 days up to it. */
  today: string;
};

export type RateProvider = {
  name: ProviderName;
  defaultBaseUrl: string;
  fetchRates(request: ProviderRequest): Promise<ProviderAnswer>;
};

/** A non-2xx status, a body not in the provider's shape, an answer for another base, or no usable rate. */
export class ProviderAnswerError extends Error {
  override name = "ProviderAnswerError";
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);
const isIsoDate = (value: unknown): value is string => typeof value === "string" && /^\d{4}-\d{2}-\d{2}$/.test(value);

async function getJson(provider: ProviderName, request: ProviderRequest, url: string): Promise<unknown> {
  const response = await request.fetch(url, { signal: request.signal, headers: { accept: "application/json" } });
  if (!response.ok) {
    await response.body?.cancel();
    throw new ProviderAnswerError(`${provider} answered HTTP ${response.status}`);
  }
  // Read as text first: an abort while reading stays an abort, only unparseable text is the provider's fault.
  const text = await response.text();
  try {
    return JSON.parse(text);
  } catch {
    throw new ProviderAnswerError(`${provider} answered something that is not JSON`);
  }
}

/** The rate currencies among a provider's codes (any case), without the base and without unusable rates. */
function answerFrom(
  provider: ProviderName,
  base: RateCurrency,
  date: unknown,
  quotes: Iterable<[string, number | null]>,
): ProviderAnswer {
  if (!isIsoDate(date)) throw new ProviderAnswerError(`${provider} answered without a YYYY-MM-DD date`);
  const rates: ProviderAnswer["rates"] = {};
  for (const [code, micros] of quotes) {
    const currency = code.toUpperCase();
    if (isRateCurrency(currency) && currency !== base && micros !== null) rates[currency] = micros;
  }
  if (Object.keys(rates).length === 0) throw new ProviderAnswerError(`${provider} answered no usable ${base} rate`);
  return { provider, base, date, rates };
}

const microsOf = (rates: Record<string, unknown>) =>
  Object.entries(rates).map(([code, value]): [string, number | null] => [code, rateToMicros(value)]);

/** ECB reference rates: `{ amount, base, date, rates: { BRL: 5.3412, … } }`, the base left out of rates. */
const frankfurter: RateProvider = {
  name: "frankfurter",
  defaultBaseUrl: "https://api.frankfurter.dev/v1",
  async fetchRates(request) {
    const body = await getJson("frankfurter", request, `${request.baseUrl}/latest?base=${request.base}`);
    if (!isRecord(body) || !isRecord(body.rates)) throw new ProviderAnswerError("frankfurter answered no rates");
    if (body.base !== request.base) throw new ProviderAnswerError(`frankfurter answered for ${String(body.base)}`);
    return answerFrom("frankfurter", request.base, body.date, microsOf(body.rates));
  },
};

/** `{ result: "success", base_code, time_last_update_unix, rates }`; failures are `{ result: "error", "error-type" }`. */
const openErApi: RateProvider = {
  name: "open-er-api",
  defaultBaseUrl: "https://open.er-api.com/v6",
  async fetchRates(request) {
    const body = await getJson("open-er-api", request, `${request.baseUrl}/latest/${request.base}`);
    if (!isRecord(body) || body.result !== "success" || !isRecord(body.rates)) {
      const reason = isRecord(body) ? body["error-type"] : undefined;
      throw new ProviderAnswerError(`open-er-api answered no rates (${String(reason ?? "unknown shape")})`);
    }
    if (body.base_code !== request.base) {
      throw new ProviderAnswerError(`open-er-api answered for ${String(body.base_code)}`);
    }
    const updatedAt = body.time_last_update_unix;
    const date = Number.isSafeInteger(updatedAt)
      ? new Date((updatedAt as number) * 1000).toISOString().slice(0, 10)
      : null;
    return answerFrom("open-er-api", request.base, date, microsOf(body.rates));
  },
};

/** fawazahmed0's currency-api: `{ date, usd: { brl: 5.33…, btc: 0.0000104, … } }`, hundreds of lowercase codes. */
const currencyApi: RateProvider = {
  name: "currency-api",
  defaultBaseUrl: "https://cdn.jsdelivr.net/npm/@fawazahmed0/currency-api@latest/v1",
  async fetchRates(request) {
    const code = request.base.toLowerCase();
    const body = await getJson("currency-api", request, `${request.baseUrl}/currencies/${code}.json`);
    const rates = isRecord(body) ? body[code] : undefined;
    if (!isRecord(body) || !isRecord(rates)) throw new ProviderAnswerError(`currency-api answered no ${code} table`);
    return answerFrom("currency-api", request.base, body.date, microsOf(rates));
  },
};

/** The currencies PTAX quotes in BRL that Moneta keeps (its Moedas list also has DKK and NOK; no CNY or NZD). */
const ptaxCurrencies: readonly RateCurrency[] = ["USD", "EUR", "GBP", "JPY", "AUD", "CAD", "CHF", "SEK"];
const ptaxResource = "CotacaoMoedaPeriodo(moeda=@moeda,dataInicial=@dataInicial,dataFinalCotacao=@dataFinalCotacao)";

/** Each day has an opening, three intermediate and one closing bulletin; the closing one is the PTAX rate. */
const isClosingBulletin = (kind: unknown) => kind === "Fechamento" || kind === "Fechamento PTAX";

/** `daysBack` days before "2026-11-23" as the MM-DD-YYYY the OData parameters take. */
function ptaxDay(today: string, daysBack: number): string {
  const day = new Date(Date.parse(`${today}T00:00:00Z`) - daysBack * 86_400_000).toISOString();
  return `${day.slice(5, 7)}-${day.slice(8, 10)}-${day.slice(0, 4)}`;
}

type Closing = { currency: RateCurrency; date: string; sellingRate: unknown };

/**
 * The newest closing bulletin of one currency in the 7 days up to today, which walks back over
 * weekends and holidays; null when the window has none.
 */
async function latestClosing(request: ProviderRequest, currency: RateCurrency): Promise<Closing | null> {
  const window = `@dataInicial='${ptaxDay(request.today, 6)}'&@dataFinalCotacao='${ptaxDay(request.today, 0)}'`;
  const url = `${request.baseUrl}/${ptaxResource}?@moeda='${currency}'&${window}&$format=json`;
  const body = await getJson("bcb-ptax", request, url);
  if (!isRecord(body) || !Array.isArray(body.value)) throw new ProviderAnswerError("bcb-ptax answered no value list");
  let latest: Closing | null = null;
  let latestStamp = "";
  for (const entry of body.value) {
    if (!isRecord(entry) || !isClosingBulletin(entry.tipoBoletim)) continue;
    // "2026-11-19 13:04:27.911": Brasília time, which sorts as text.
    const stamp = entry.dataHoraCotacao;
    if (typeof stamp !== "string" || !isIsoDate(stamp.slice(0, 10)) || stamp <= latestStamp) continue;
    latestStamp = stamp;
    latest = { currency, date: stamp.slice(0, 10), sellingRate: entry.cotacaoVenda };
  }
  return latest;
}

/**
 * Banco Central do Brasil's PTAX knows rates against BRL only: `cotacaoVenda` is BRL per unit of
 * the currency. For a base other than BRL it answers the quote BRL; for BRL, every currency it
 * quotes, each rate being 1 / cotacaoVenda worked out exactly.
 */
const bcbPtax: RateProvider = {
  name: "bcb-ptax",
  defaultBaseUrl: "https://olinda.bcb.gov.br/olinda/servico/PTAX/versao/v1/odata",
  async fetchRates(request) {
    if (request.base !== "BRL") {
      if (!ptaxCurrencies.includes(request.base)) throw new ProviderAnswerError(`bcb-ptax has no ${request.base} rate`);
      const closing = await latestClosing(request, request.base);
      if (!closing) throw new ProviderAnswerError(`bcb-ptax has no ${request.base} closing bulletin this week`);
      return answerFrom("bcb-ptax", request.base, closing.date, [["BRL", rateToMicros(closing.sellingRate)]]);
    }
    const found = await Promise.all(ptaxCurrencies.map((currency) => latestClosing(request, currency)));
    const closings = found.filter((closing) => closing !== null);
    // One answer has one date: a currency whose newest closing is older than the others' is left out.
    const date = closings
      .map((closing) => closing.date)
      .sort()
      .at(-1);
    const quotes = closings
      .filter((closing) => closing.date === date)
      .map((closing): [string, number | null] => [closing.currency, inverseRateToMicros(closing.sellingRate)]);
    if (quotes.length === 0) throw new ProviderAnswerError("bcb-ptax has no closing bulletin this week");
    return answerFrom("bcb-ptax", "BRL", date, quotes);
  },
};

/** In the order the caller tries them: the ECB first, the central bank of Brazil last. */
export const rateProviders: readonly RateProvider[] = [frankfurter, openErApi, currencyApi, bcbPtax];
