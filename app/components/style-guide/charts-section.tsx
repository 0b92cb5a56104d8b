import { useTranslation } from "react-i18next";
import { AreaChart } from "~/components/charts/area-chart";
import { BarChart } from "~/components/charts/bar-chart";
import { DonutChart } from "~/components/charts/donut-chart";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { formatDate, formatMoney, formatMoneyCompact, formatPercent } from "~/lib/format";
import { balanceTrend, cashFlow, demoCurrency, spendingByCategory } from "./demo-data";
import { Section } from "./section";
import { useLanguage } from "~/lib/use-language";

export function ChartsSection() {
  const { t } = useTranslation("style-guide");
  const language = useLanguage();
  const money = (value: number) => formatMoney(value, demoCurrency, language);
  const compactMoney = (value: number) => formatMoneyCompact(value, demoCurrency, language);
  const month = (value: string) => formatDate(value, language, { style: "month" });
  const monthYear = (value: string) => formatDate(value, language, { style: "monthYear" });

  const first = balanceTrend[0]!;
  const last = balanceTrend[balanceTrend.length - 1]!;
  const totalIncome = cashFlow.reduce((sum, row) => sum + row.income, 0);
  const totalExpenses = cashFlow.reduce((sum, row) => sum + row.expenses, 0);
  const categories = spendingByCategory.map(({ key, value }) => ({ key, value, label: t(`categories.${key}`) }));
  const largest = categories[0]!;

  return (
    <Section id="charts" title={t("sections.charts.title")} description={t("sections.charts.description")}>
      <div className="grid gap-4 lg:grid-cols-[minmax(0,1fr)_minmax(0,1.15fr)]">
        <Card className="lg:col-span-2">
          <CardHeader>
            <CardTitle>{t("charts.balance.title")}</CardTitle>
            <CardDescription>{t("charts.balance.description")}</CardDescription>
          </CardHeader>
          <CardContent>
            <AreaChart
              data={balanceTrend}
              index="month"
              indexLabel={t("charts.month")}
              indexFormatter={monthYear}
              series={[
                { key: "cash", label: t("charts.balance.cash"), color: "accent" },
                { key: "investments", label: t("charts.balance.investments"), color: "secondary-dark" },
              ]}
              valueFormatter={money}
              axisFormatter={compactMoney}
              summary={t("charts.balance.summary", {
                start: money(first.cash + first.investments),
                end: money(last.cash + last.investments),
              })}
            />
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle>{t("charts.cashFlow.title")}</CardTitle>
            <CardDescription>{t("charts.cashFlow.description")}</CardDescription>
          </CardHeader>
          <CardContent>
            <BarChart
              data={cashFlow}
              index="month"
              indexLabel={t("charts.month")}
              indexFormatter={month}
              series={[
                { key: "income", label: t("charts.cashFlow.income"), color: "primary" },
                { key: "expenses", label: t("charts.cashFlow.expenses"), color: "accent-light" },
              ]}
              valueFormatter={money}
              axisFormatter={compactMoney}
              height={256}
              summary={t("charts.cashFlow.summary", { income: money(totalIncome), expenses: money(totalExpenses) })}
            />
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle>{t("charts.categories.title")}</CardTitle>
            <CardDescription>{t("charts.categories.description")}</CardDescription>
          </CardHeader>
          <CardContent>
            <DonutChart
              data={categories}
              valueFormatter={money}
              shareFormatter={(ratio) => formatPercent(ratio, language, { fractionDigits: 0 })}
              centerLabel={t("charts.categories.total")}
              summary={t("charts.categories.summary", { category: largest.label, amount: money(largest.value) })}
            />
          </CardContent>
        </Card>
      </div>
    </Section>
  );
}
