import { useTranslation } from "react-i18next";
import { amountsPerCurrency } from "~/components/planned/planned-page";
import { SummaryCards } from "~/components/ui/list-page";
import { useLanguage } from "~/lib/use-language";
import type { InstallmentStatistics } from "./plan-types";

/** The running plans, what they take a month and what is left, per currency (never converted). */
export function PlansSummary({ statistics }: { statistics: InstallmentStatistics }) {
  const { t } = useTranslation("installments");
  const language = useLanguage();
  const figures = [
    { label: t("summary.active"), value: String(statistics.active_plans) },
    { label: t("summary.monthly"), value: amountsPerCurrency(statistics.by_currency, "monthly_commitment", language) },
    { label: t("summary.remaining"), value: amountsPerCurrency(statistics.by_currency, "total_remaining", language) },
  ];
  return <SummaryCards label={t("summary.label")} figures={figures} />;
}
