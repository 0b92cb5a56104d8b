import { useTranslation } from "react-i18next";
import { formatAmountText } from "~/lib/format";
import { useLanguage } from "~/lib/use-language";
import { SummaryCards } from "~/components/ui/list-page";
import type { InstallmentStatistics } from "./plan-types";

/** The running plans, what they take a month and what is left, per currency (never converted). */
export function PlansSummary({ statistics }: { statistics: InstallmentStatistics }) {
  const { t } = useTranslation("installments");
  const language = useLanguage();
  const money = (amount: string, currency: string) => formatAmountText(amount, currency, language);
  const list = (field: "monthly_commitment" | "total_remaining") =>
    statistics.by_currency.length
      ? statistics.by_currency.map((entry) => money(entry[field], entry.currency)).join(" · ")
      : "—";
  const figures = [
    { label: t("summary.active"), value: String(statistics.active_plans) },
    { label: t("summary.monthly"), value: list("monthly_commitment") },
    { label: t("summary.remaining"), value: list("total_remaining") },
  ];
  return <SummaryCards label={t("summary.label")} figures={figures} />;
}
