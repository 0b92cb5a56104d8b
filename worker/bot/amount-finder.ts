/**
 * Finds the amount among a message's numbers, once dates, installments, rates and times are taken.
 * One number is the amount; among several, the only one with a currency, else the only one with
 * cents ("2 cafés 7,50"); anything else is asked back ("3 pizzas 90" — which is the amount?).
 */
import { type AmountReading, readAmount } from "./amount-reader.ts";
import { consume, type Language, type MessageText, matchesOf } from "./message-text.ts";

export type AmountFound =
  | { status: "none" }
  | { status: "clear"; amount: string; currency: string | null }
  | { status: "ambiguous"; written: string; readings: string[] }
  | { status: "invalid"; written: string }
  | { status: "several"; candidates: string[] };

type Candidate = { written: string; currency: string | null; hasCents: boolean; reading: AmountReading };

const currencyOf: Record<string, { code: string; notation: Language | null }> = {
  r$: { code: "BRL", notation: "pt" },
  reais: { code: "BRL", notation: "pt" },
  real: { code: "BRL", notation: "pt" },
  rs: { code: "BRL", notation: "pt" },
  brl: { code: "BRL", notation: "pt" },
  conto: { code: "BRL", notation: "pt" },
  contos: { code: "BRL", notation: "pt" },
  pila: { code: "BRL", notation: "pt" },
  pilas: { code: "BRL", notation: "pt" },
  $: { code: "USD", notation: "en" },
  us$: { code: "USD", notation: "en" },
  usd: { code: "USD", notation: "en" },
  dolar: { code: "USD", notation: "en" },
  dolares: { code: "USD", notation: "en" },
  dollar: { code: "USD", notation: "en" },
  dollars: { code: "USD", notation: "en" },
  bucks: { code: "USD", notation: "en" },
  "€": { code: "EUR", notation: null },
  euro: { code: "EUR", notation: null },
  euros: { code: "EUR", notation: null },
  "£": { code: "GBP", notation: "en" },
};

const amountPattern =
  /(?<![\w.,/$€£])(r\$|us\$|\$|€|£)? ?(\d+(?:[.,]\d+)*)(?: ?(mil|k)(?![a-z]))?(?: ?(reais|real|rs|brl|contos?|pilas?|dolares|dolar|dollars?|bucks|usd|euros?)(?![a-z]))?(?![\w/%$])/g;

/** A number followed by one of these counts things, not money ("2 kg", "3 pessoas"). */
const unitAfter =
  /^ ?(kg|g|gr|km|l|litros?|ml|un|unidades?|gb|h|hrs?|horas?|min|anos?|meses|dias|pessoas|people|items?|itens|º|ª)(?![a-z])/;

export function findAmount(message: MessageText, language: Language | null): AmountFound {
  const candidates: Candidate[] = [];
  for (const found of matchesOf(message, amountPattern)) {
    const [whole, prefix, digits = "", scale, suffix] = found;
    const marker = prefix ?? suffix;
    if (!marker && unitAfter.test(message.reading.slice(found.index + whole.length))) continue;
    const currency = marker ? currencyOf[marker] : undefined;
    const notation = currency?.notation ?? language;
    const reading = readAmount(digits, notation, scale ? 1000n : 1n);
    const written = message.original.slice(found.index, found.index + whole.length).trim();
    candidates.push({ written, currency: currency?.code ?? null, hasCents: /[.,]\d{2}$/.test(digits), reading });
    consume(message, found.index, found.index + whole.length);
  }
  const chosen = choose(candidates);
  if (!chosen) {
    return candidates.length === 0
      ? { status: "none" }
      : { status: "several", candidates: candidates.map((c) => c.written) };
  }
  const { reading, written, currency } = chosen;
  if (reading.status === "clear") return { status: "clear", amount: reading.amount, currency };
  if (reading.status === "ambiguous") return { status: "ambiguous", written, readings: reading.readings };
  return { status: "invalid", written };
}

function choose(candidates: Candidate[]): Candidate | null {
  if (candidates.length <= 1) return candidates[0] ?? null;
  const withCurrency = candidates.filter((candidate) => candidate.currency);
  if (withCurrency.length > 0) return withCurrency.length === 1 ? withCurrency[0]! : null;
  const withCents = candidates.filter((candidate) => candidate.hasCents);
  return withCents.length === 1 ? withCents[0]! : null;
}
