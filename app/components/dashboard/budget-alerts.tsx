import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Badge } from "~/components/ui/badge";
import { Icon } from "~/components/ui/icon";
import { formatAmountText, formatPercent } from "~/lib/format";
import { useLanguage } from "~/lib/use-language";
import { SectionHeading, sectionLinkClass } from "./section-heading";

export type BudgetAlert = {
  uuid: string;
  tag: { name: string } | null;
  currency: string;
  available: string;
  remaining: string;
  percent_used: number;
  status: "ok" | "warning" | "exceeded";
};

/** How many alerts the dashboard shows; the rest are counted, with the way to the budgets. */
const shownAlerts = 3;

/**
 * This month's budgets at 80 % or more, most used first: each says in words how much
 * is used and what is left or over, and its badge names the status (colour is never the only sign).
 * Nothing at all when no budget is near its limit.
 */
export function BudgetAlerts({ alerts, budgetsHref }: { alerts: BudgetAlert[]; budgetsHref: string }) {
  const { t } = useTranslation("dashboard");
  const language = useLanguage();
  if (!alerts.length) return null;
  const money = (amount: string, currency: string) => formatAmountText(amount, currency, language);
  const hidden = alerts.length - shownAlerts;
  return (
    <section
      aria-labelledby="budget-alerts-title"
      className="rounded-2xl border bg-card px-5 py-4 shadow-xs"
      data-testid="budget-alerts"
    >
      <SectionHeading
        id="budget-alerts-title"
        title={t("budgetAlerts.title")}
        linkText={t("budgetAlerts.viewBudgets")}
        href={budgetsHref}
      />
      <ul className="mt-3 grid gap-2.5">
        {alerts.slice(0, shownAlerts).map((alert) => {
          const isOver = alert.status === "exceeded";
          const values = {
            name: alert.tag?.name ?? t("budgetAlerts.allSpending"),
            percent: formatPercent(alert.percent_used / 100, language, {
              fractionDigits: Number.isInteger(alert.percent_used) ? 0 : 1,
            }),
            available: money(alert.available, alert.currency),
            amount: money(alert.remaining.replace("-", ""), alert.currency),
          };
          const figures = !isOver ? "left" : alert.remaining.startsWith("-") ? "over" : "spent";
          return (
            <li key={alert.uuid} className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm">
              <Badge variant={isOver ? "destructive" : "warning"}>
                <Icon name={isOver ? "circle-exclamation-point" : "triangle-exclamation-point"} />
                {t(`budgetAlerts.status.${isOver ? "exceeded" : "warning"}`)}
              </Badge>
              <span className="min-w-0 text-foreground">{t(`budgetAlerts.figures.${figures}`, values)}</span>
            </li>
          );
        })}
      </ul>
      {hidden > 0 ? (
        <Link to={budgetsHref} className={`${sectionLinkClass} mt-3`}>
          {t("budgetAlerts.more", { count: hidden })}
        </Link>
      ) : null}
    </section>
  );
}
