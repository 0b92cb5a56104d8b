import { useTranslation } from "react-i18next";
import { formatMoney } from "~/lib/format";
import { useLanguage } from "~/lib/use-language";
import { decimalToExactCents } from "../../../worker/ledger/amounts";
import type { InstallmentStatistics } from "./plan-types";

/** The running plans, what they take a month and what is left, per currency (never converted). */
export function PlansSummary({ statistics }: { statistics: InstallmentStatistics }) {
  const { t } = useTranslation("installments");
  const language = useLanguage();
  const money = (amount: string, currency: string) => formatMoney(decimalToExactCents(amount), currency, language);
  const list = (field: "monthly_commitment" | "total_remaining") =>
    statistics.by_currency.length
      ? statistics.by_currency.map((entry) => money(entry[field], entry.currency)).join(" · ")
      : "—";
  const figures = [
    { label: t("summary.active"), value: String(statistics.active_plans) },
    { label: t("summary.monthly"), value: list("monthly_commitment") },
    { label: t("summary.remaining"), value: list("total_remaining") },
  ];
  return (
    <section aria-label={t("summary.label")} className="grid gap-3 sm:grid-cols-3">
      {figures.map((figure) => (
        <div key={figure.label} className="rounded-2xl border bg-card p-4 shadow-xs">
          <p className="text-xs font-medium text-muted-foreground">{figure.label}</p>
          <p className="mt-1 text-xl font-semibold text-foreground tabular-nums">{figure.value}</p>
        </div>
      ))}
    </section>
  );
}
