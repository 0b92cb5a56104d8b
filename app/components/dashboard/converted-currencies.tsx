import { useState } from "react";
import { useTranslation } from "react-i18next";
import { openedLater } from "~/components/ui/opened-later";
import { formatAmountText } from "~/lib/format";
import { useLanguage } from "~/lib/use-language";

/** The details open on a tap; their code (rates, ages, sources) loads after the page (decision 22). */
const ConvertedCurrencyList = openedLater(() =>
  import("./converted-currency-list").then((module) => module.ConvertedCurrencyList),
);

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
 * Under the total balance: what was converted into the workspace's currency, one tap away (a
 * native disclosure) — each currency's own amount, the rate, its source and age — and what could
 * not be converted, said plainly and left out of the total.
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
  const [isOpen, setOpen] = useState(false);
  if (balances.length === 0) return null;
  const money = (amount: string, code: string) => formatAmountText(amount, code, language);
  const unconverted = balances.filter((balance) => balance.converted_balance === null);
  const isStale = balances.some((balance) => balance.is_stale);
  return (
    <details
      className="group text-sm text-muted-foreground"
      data-testid="converted-currencies"
      onToggle={(event) => setOpen(event.currentTarget.open)}
    >
      <summary className="cursor-pointer rounded-sm underline decoration-dotted underline-offset-4 focus-visible:outline-2 focus-visible:outline-ring">
        {unconverted.length > 0
          ? t("conversion.notCounted", {
              amounts: unconverted.map((b) => money(b.total_balance, b.currency)).join(" · "),
            })
          : t("conversion.summary", { count: balances.length, currency })}
        {isStale ? <span className="ms-1 text-amber-700">· {t("conversion.staleBadge")}</span> : null}
      </summary>
      <ConvertedCurrencyList open={isOpen} balances={balances} currency={currency} now={now} />
    </details>
  );
}
