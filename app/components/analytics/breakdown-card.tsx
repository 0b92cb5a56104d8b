import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { colorAt } from "~/components/charts/chart-frame";
import { DonutChart } from "~/components/charts/donut-chart";
import { Icon } from "~/components/ui/icon";
import { cn } from "~/lib/utils";
import { type BreakdownGroup, type BreakdownRow, groupByCategory } from "../../../worker/analytics/category-groups";
import { decimalToExactUnits } from "../../../worker/ledger/amounts";
import { untaggedFilter } from "../../../worker/transactions/filter-keys";
import { useMoney } from "./money";
import { BreakdownTypeSelect } from "./range-picker";
import { ReportCard, ReportEmpty, ReportTable, UnconvertedNote } from "./report-card";
import type { CategoryBreakdown, Report } from "./report-state";

/** The ring draws the largest categories; the list names every one. */
const maxSlices = 8;

/**
 * Spending (or income) by category, each with its share of the total and its change, its subcategories one
 * click away; a tag opens its transactions.
 */
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
  const groups = groupByCategory(data);
  const nameOf = (row: BreakdownRow) => row.tag?.name ?? t("breakdown.untagged");
  const linkOf = (tagId: string) =>
    `/workspaces/${workspaceId}/transactions?${new URLSearchParams({ tag_id: tagId, from: data.from, to: data.to, type: data.type })}`;
  const tableRow = (row: BreakdownRow, name: string) => ({
    key: row.tag?.uuid ?? "untagged",
    cells: [
      name,
      money.text(row.amount),
      money.percent(row.share),
      row.change_percentage === null ? t("breakdown.new") : money.percent(row.change_percentage, true),
      String(row.transactions),
    ],
  });
  return (
    <>
      <div className="grid items-center gap-6 sm:grid-cols-[auto_1fr]">
        <div className="mx-auto" style={{ width: 152 }}>
          <DonutChart
            data={groups.slice(0, maxSlices).map(({ row }) => ({
              key: row.tag?.uuid ?? "untagged",
              label: nameOf(row),
              value: row.amount_cents,
            }))}
            total={Number(decimalToExactUnits(data.total, data.currency))}
            hasLegend={false}
            centerLabel={t(`breakdown.${data.type}`)}
            summary={t("breakdown.summary", { total: money.text(data.total), count: groups.length })}
            valueFormatter={money.units}
            size={152}
          />
        </div>
        <ul className="grid min-w-0 gap-0.5 text-sm" data-testid="breakdown-list">
          {groups.map((group, position) => (
            <CategoryItem
              key={group.row.tag?.uuid ?? "untagged"}
              group={group}
              color={position < maxSlices ? colorAt(position) : "var(--border)"}
              name={nameOf(group.row)}
              linkOf={linkOf}
              money={money}
            />
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
        rows={groups.flatMap((group) => [
          tableRow(group.row, nameOf(group.row)),
          ...group.subcategories.map((row) => tableRow(row, `${nameOf(group.row)} › ${nameOf(row)}`)),
        ])}
      />
      <UnconvertedNote currencies={data.unconverted_currencies} />
    </>
  );
}

/** A category's line; one with subcategories opens, one click away, their lines and what is left of it. */
function CategoryItem({
  group,
  color,
  name,
  linkOf,
  money,
}: {
  group: BreakdownGroup;
  color: string;
  name: string;
  linkOf(tagId: string): string;
  money: ReturnType<typeof useMoney>;
}) {
  const { t } = useTranslation("analytics");
  const [isOpen, setIsOpen] = useState(false);
  const { row, subcategories, other } = group;
  const listId = `breakdown-${row.tag?.uuid ?? "untagged"}-subcategories`;
  return (
    <li>
      <div className="flex items-center gap-2.5 rounded-md px-2 py-1.5">
        <span className="size-2.5 shrink-0 rounded-full" style={{ backgroundColor: color }} aria-hidden />
        <Link
          to={linkOf(row.tag?.uuid ?? untaggedFilter)}
          className={cn(
            "min-w-0 flex-1 truncate font-medium underline-offset-4 hover:underline",
            row.tag ? "text-foreground" : "text-muted-foreground",
          )}
        >
          {name}
        </Link>
        {subcategories.length ? (
          <button
            type="button"
            aria-expanded={isOpen}
            aria-controls={listId}
            aria-label={t("breakdown.subcategoriesOf", { category: name })}
            onClick={() => setIsOpen(!isOpen)}
            className="grid size-6 shrink-0 place-items-center rounded text-muted-foreground hover:bg-muted hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
          >
            <Icon name="chevron-down" className={cn("size-4 transition-transform", isOpen && "rotate-180")} />
          </button>
        ) : null}
        <span className="font-medium text-foreground tabular">{money.text(row.amount)}</span>
        <span className="w-12 shrink-0 text-right text-xs text-muted-foreground tabular">
          {money.percent(row.share)}
        </span>
      </div>
      {subcategories.length ? (
        <ul id={listId} hidden={!isOpen} className="ml-5 grid gap-0.5 border-l pl-2">
          {subcategories.map((subcategory) => (
            <li key={subcategory.tag!.uuid} className="flex items-center gap-2.5 rounded-md px-2 py-1">
              <Link
                to={linkOf(subcategory.tag!.uuid)}
                className="min-w-0 flex-1 truncate text-foreground underline-offset-4 hover:underline"
              >
                {subcategory.tag!.name}
              </Link>
              <span className="text-foreground tabular">{money.text(subcategory.amount)}</span>
              <span className="w-12 shrink-0 text-right text-xs text-muted-foreground tabular">
                {money.percent(subcategory.share)}
              </span>
            </li>
          ))}
          {other ? (
            <li className="flex items-center gap-2.5 rounded-md px-2 py-1 text-muted-foreground">
              <span className="min-w-0 flex-1 truncate">{t("breakdown.otherIn", { category: name })}</span>
              <span className="tabular">{money.units(other.amountCents)}</span>
              <span className="w-12 shrink-0 text-right text-xs tabular">{money.percent(other.share)}</span>
            </li>
          ) : null}
        </ul>
      ) : null}
    </li>
  );
}
