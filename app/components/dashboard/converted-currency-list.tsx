import { useTranslation } from "react-i18next";
import { formatAmountText, formatDate, formatRateInput, formatRelativeTime } from "~/lib/format";
import { rateSourceName } from "../../../worker/currency/rate-sources";
import { useLanguage } from "~/lib/use-language";
import { decimalToUnits } from "../../../worker/ledger/amounts";
import type { ForeignBalance } from "./converted-currencies";

/** Each other currency's own balance, what it counts as, and the rate with its source, day and age. */
export function ConvertedCurrencyList({
  balances,
  currency,
  now,
}: {
  open: boolean;
  balances: ForeignBalance[];
  currency: string;
  now: string;
}) {
  const { t } = useTranslation("dashboard");
  const language = useLanguage();
  const money = (amount: string, code: string) => formatAmountText(amount, code, language);
  return (
    <ul className="mt-2 grid gap-2">
      {balances.map((balance) => (
        <li key={balance.currency} className="rounded-lg bg-muted/60 px-3 py-2" data-currency={balance.currency}>
          <p className="font-medium text-foreground tabular-nums">
            {money(balance.total_balance, balance.currency)}
            {balance.converted_balance !== null ? ` ≈ ${money(balance.converted_balance, currency)}` : null}
          </p>
          {balance.rate !== null && balance.lastUpdated !== null ? (
            <p className={balance.is_stale ? "text-amber-700" : undefined}>
              {t("conversion.rate", {
                from: balance.currency,
                to: currency,
                rate: formatRateInput(decimalToUnits(balance.rate, 6) ?? 0, language),
                source: rateSourceName(balance.source),
                date: formatDate(balance.rate_date!, language),
                age: formatRelativeTime(balance.lastUpdated, Date.parse(now), language),
              })}
              {balance.is_stale ? ` ${t("conversion.stale")}` : null}
            </p>
          ) : (
            <p className="text-destructive">{t("conversion.noRate")}</p>
          )}
        </li>
      ))}
    </ul>
  );
}
