import { useTranslation } from "react-i18next";
import { formatDate, formatMoney, formatRateInput, formatRelativeTime } from "~/lib/format";
import { rateSourceName } from "~/lib/rate-sources";
import { useLanguage } from "~/lib/use-language";
import { decimalToExactCents, decimalToUnits } from "../../../worker/ledger/amounts";

/** One foreign currency's balance as GET /dashboard/stats lists it in `other_currencies`. */
export type ForeignBalance = {
  currency: string;
  total_balance: string;
  converted_balance: string | null;
  rate: string | null;
  rate_date: string | null;
  source: string | null;
  lastUpdated: string | null;
  is_stale: boolean;
};

/**
 * Under the total balance: what was converted into the workspace's currency, one tap (a native
 * disclosure, no script) away — each currency's own amount, the rate, its source and age — and
 * what could not be converted, said plainly and left out of the total.
 */
export function ConvertedCurrencies({
  balances,
  currency,
  now,
}: {
  balances: ForeignBalance[];
  currency: string;
  now: string;
}) {
  const { t } = useTranslation("dashboard");
  const language = useLanguage();
  if (balances.length === 0) return null;
  const money = (amount: string, code: string) => formatMoney(decimalToExactCents(amount), code, language);
  const unconverted = balances.filter((balance) => balance.converted_balance === null);
  const isStale = balances.some((balance) => balance.is_stale);
  return (
    <details className="group text-sm text-muted-foreground" data-testid="converted-currencies">
      <summary className="cursor-pointer rounded-sm underline decoration-dotted underline-offset-4 focus-visible:outline-2 focus-visible:outline-ring">
        {unconverted.length > 0
          ? t("conversion.notCounted", {
              amounts: unconverted.map((b) => money(b.total_balance, b.currency)).join(" · "),
            })
          : t("conversion.summary", { count: balances.length, currency })}
        {isStale ? <span className="ms-1 text-amber-700">· {t("conversion.staleBadge")}</span> : null}
      </summary>
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
    </details>
  );
}
