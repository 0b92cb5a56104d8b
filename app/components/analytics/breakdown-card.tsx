import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { colorAt } from "~/components/charts/chart-frame";
import { DonutChart } from "~/components/charts/donut-chart";
import { cn } from "~/lib/utils";
import { decimalToExactUnits } from "../../../worker/ledger/amounts";
import { untaggedFilter } from "../../../worker/transactions/filter-keys";
import { useMoney } from "./money";
import { BreakdownTypeSelect } from "./range-picker";
import { ReportCard, ReportEmpty, ReportTable, UnconvertedNote } from "./report-card";
import type { CategoryBreakdown, Report } from "./report-state";

/** The ring draws the largest tags; the list names every one. */
const maxSlices = 8;

/** Spending (or income) by tag, each with its share of the total and its change; a tag opens its transactions. */
export function CategoryBreakdownCard({
  report,
  workspaceId,
  type,
}: {
  report: Report<CategoryBreakdown>;
  workspaceId: string;
  type: "expense" | "income";
}) {
  const { t } = useTranslation("analytics");
  return (
    <ReportCard
      id="report-breakdown"
      icon="chart-pie"
      title={t("breakdown.title")}
      description={t("breakdown.description")}
      report={report}
      action={<BreakdownTypeSelect value={type} />}
    >
      {(data) => <BreakdownBody data={data} workspaceId={workspaceId} />}
    </ReportCard>
  );
}

function BreakdownBody({ data, workspaceId }: { data: CategoryBreakdown; workspaceId: string }) {
  const { t } = useTranslation("analytics");
  const money = useMoney(data.currency);
  if (!data.categories.length) return <ReportEmpty>{t(`breakdown.empty.${data.type}`)}</ReportEmpty>;
  const nameOf = (category: CategoryBreakdown["categories"][number]) => category.tag?.name ?? t("breakdown.untagged");
  const linkOf = (tagId: string) =>
    `/workspaces/${workspaceId}/transactions?${new URLSearchParams({ tag_id: tagId, from: data.from, to: data.to, type: data.type })}`;
  return (
    <>
      <div className="grid items-center gap-6 sm:grid-cols-[auto_1fr]">
        <div className="mx-auto" style={{ width: 152 }}>
          <DonutChart
            data={data.categories.slice(0, maxSlices).map((category) => ({
              key: category.tag?.uuid ?? "untagged",
              label: nameOf(category),
              value: category.amount_cents,
            }))}
            total={Number(decimalToExactUnits(data.total, data.currency))}
            hasLegend={false}
            centerLabel={t(`breakdown.${data.type}`)}
            summary={t("breakdown.summary", { total: money.text(data.total), count: data.categories.length })}
            valueFormatter={money.units}
            size={152}
          />
        </div>
        <ul className="grid min-w-0 gap-0.5 text-sm" data-testid="breakdown-list">
          {data.categories.map((category, position) => (
            <li key={category.tag?.uuid ?? "untagged"} className="flex items-center gap-2.5 rounded-md px-2 py-1.5">
              <span
                className="size-2.5 shrink-0 rounded-full"
                style={{ backgroundColor: position < maxSlices ? colorAt(position) : "var(--border)" }}
                aria-hidden
              />
              <Link
                to={linkOf(category.tag?.uuid ?? untaggedFilter)}
                className={cn(
                  "min-w-0 flex-1 truncate font-medium underline-offset-4 hover:underline",
                  category.tag ? "text-foreground" : "text-muted-foreground",
                )}
              >
                {nameOf(category)}
              </Link>
              <span className="font-medium text-foreground tabular">{money.text(category.amount)}</span>
              <span className="w-12 shrink-0 text-right text-xs text-muted-foreground tabular">
                {money.percent(category.share)}
              </span>
            </li>
          ))}
        </ul>
      </div>
      <p className="text-xs text-muted-foreground">{t("breakdown.overlap")}</p>
      <ReportTable
        caption={t("breakdown.title")}
        head={[
          t("breakdown.tag"),
          t("breakdown.amount"),
          t("breakdown.share"),
          t("breakdown.change"),
          t("breakdown.transactions"),
        ]}
        rows={data.categories.map((category) => ({
          key: category.tag?.uuid ?? "untagged",
          cells: [
            nameOf(category),
            money.text(category.amount),
            money.percent(category.share),
            category.change_percentage === null ? t("breakdown.new") : money.percent(category.change_percentage, true),
            String(category.transactions),
          ],
        }))}
      />
      <UnconvertedNote currencies={data.unconverted_currencies} />
    </>
  );
}
