import { formatAmountText, formatDate, formatMoney, formatMoneyCompact, formatPercent } from "~/lib/format";
import { useLanguage } from "~/lib/use-language";
import { decimalToExactUnits } from "../../../worker/ledger/amounts";

/** The page's amounts in one currency: minor units for charts, the API's decimal text for tables. */
export function useMoney(currency: string) {
  const language = useLanguage();
  return {
    language,
    units: (minorUnits: number) => formatMoney(minorUnits, currency, language),
    compact: (minorUnits: number) => formatMoneyCompact(minorUnits, currency, language),
    text: (amount: string | null, options?: { sign?: "auto" | "always" | "exceptZero" }) =>
      formatAmountText(amount, currency, language, options),
    /** An amount kept in a currency of its own (a budget's, a goal's: the workspace's when it was set). */
    textIn: (amount: string, own: string) => formatAmountText(amount, own, language),
    /** A percentage the API gives as a number of percent (12.5 → "12.5%"); "—" without one. */
    percent: (value: number | null, isSigned = false) =>
      value === null ? "—" : formatPercent(value / 100, language, { isSigned }),
    date: (iso: string, style: Parameters<typeof formatDate>[2] = {}) => formatDate(iso, language, style),
    isZero: (amount: string) => decimalToExactUnits(amount, currency) === 0n,
  };
}
