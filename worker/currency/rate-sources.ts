/** The exchange-rate providers (./rate-providers.ts) by the names people know them by, for pages and replies. */
const rateSourceNames: Record<string, string> = {
  frankfurter: "Frankfurter (ECB)",
  "open-er-api": "ExchangeRate-API",
  "currency-api": "currency-api",
  "bcb-ptax": "Banco Central do Brasil (PTAX)",
};

export const rateSourceName = (source: string | null) => (source ? (rateSourceNames[source] ?? source) : "");
