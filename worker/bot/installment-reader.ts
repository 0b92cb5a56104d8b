/**
 * Installments: "em 3x", "3 vezes", "parcelado em 10", "10x sem juros", "em 12x com juros de 1,99%",
 * "in 3 installments", "split into 4 payments at 2.5% interest". One payment ("1x", "à vista") is no
 * plan. A plan said to have interest without a rate asks for it; interest-free is a rate of null.
 * "3x de 50" names the installment, not the total: the total (150.00) is exact, so it is the amount;
 * with interest it is not, so the amount is asked.
 */
import { readAmount } from "./amount-reader.ts";
import { consume, type Language, type MessageText, take } from "./message-text.ts";

export type InstallmentsFound =
  | { status: "none" }
  | { status: "plan"; count: number; interestRatePercent: string | null; perInstallment: string | null }
  | { status: "askRate"; count: number }
  | { status: "askTotal"; count: number };

const countPatterns = [
  /\b(?:em |in |de )?(\d{1,2}) ?x(?![a-z\d])/g,
  /\b(?:em |in |into )?(\d{1,2}) (?:vezes|parcelas?|prestacoes|installments?|payments|monthly payments)\b/g,
  /\bparcel(?:ado|ada|ei|ar|o)? (?:em |in )?(\d{1,2})\b/g,
  /\bsplit (?:it )?(?:in|into) (\d{1,2})\b/g,
];
const interestFree =
  /\b(?:sem juros|s\/ ?juros|interest[- ]free|no interest|without interest|0 ?% (?:de )?(?:juros|interest))\b/g;
const rateNearInterest = [
  /\b(?:com |c\/ ?)?juros (?:de )?(\d+(?:[.,]\d+)?) ?%(?: (?:ao mes|a\.?m\.?|am|por mes|a month|monthly|per month))?/g,
  /(?:\b(?:at|with|com|a|de) )?(\d+(?:[.,]\d+)?) ?%(?: (?:de )?(?:juros|interest)| (?:ao mes|a\.?m\.?))(?: (?:ao mes|a month|per month|monthly))?/g,
];
const interestWithoutRate = /\b(?:com juros|c\/ ?juros|with interest|plus interest)\b/g;

const rateText = (written: string) => written.replace(",", ".").replace(/^0+(?=\d)/, "");

export function findInstallments(message: MessageText, language: Language | null): InstallmentsFound {
  const counted = countPatterns.map((pattern) => take(message, pattern)).find((found) => found !== null);
  if (!counted) return { status: "none" };
  const count = Number(counted[1]);
  const perInstallment = readPerInstallment(message, counted.index + counted[0].length, language);
  if (count < 2) return { status: "none" };
  let rate: string | null = null;
  if (!take(message, interestFree)) {
    const withRate = rateNearInterest.map((pattern) => take(message, pattern)).find((found) => found !== null);
    if (withRate) rate = rateText(withRate[1] ?? "");
    else if (take(message, interestWithoutRate)) return { status: "askRate", count };
  }
  if (perInstallment && rate !== null) return { status: "askTotal", count };
  return { status: "plan", count, interestRatePercent: rate === "0" ? null : rate, perInstallment };
}

/** "3x de 50" / "3x de R$ 49,90": the installment's value right after the count, consumed. */
function readPerInstallment(message: MessageText, after: number, language: Language | null): string | null {
  const found = /^ (?:de|of) (r\$ ?|\$ ?)?(\d+(?:[.,]\d+)*)(?: ?(?:reais|dolares|dollars))?(?![\w/%])/.exec(
    message.reading.slice(after),
  );
  if (!found) return null;
  const notation = found[1]?.startsWith("r") ? "pt" : found[1] ? "en" : language;
  const reading = readAmount(found[2] ?? "", notation);
  if (reading.status !== "clear") return null;
  consume(message, after, after + found[0].length);
  return reading.amount;
}
