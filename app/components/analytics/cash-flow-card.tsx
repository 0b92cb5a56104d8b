import { useTranslation } from "react-i18next";
import { chartColors } from "~/components/charts/chart-frame";
import { SankeyChart, type SankeyLink, type SankeyNode } from "~/components/charts/sankey-chart";
import { useMoney } from "./money";
import { ReportCard, ReportEmpty, ReportTable, UnconvertedNote } from "./report-card";
import type { CashFlow, Report } from "./report-state";
import { Figure } from "./trend-cards";

/** The drawing names this many tags on each side; the rest share one node (the table lists them all). */
const maxTagNodes = 8;

type Flow = CashFlow["inflows"][number];

/** Income by tag into each account or card, and spending by tag out of each; then the coming 30, 60 and 90 days. */
export function CashFlowCard({ report }: { report: Report<CashFlow> }) {
  const { t } = useTranslation("analytics");
  return (
    <ReportCard
      id="report-cash-flow"
      icon="banknote"
      title={t("cashFlow.title")}
      description={t("cashFlow.description")}
      report={report}
      className="lg:col-span-2"
    >
      {(data) => <CashFlowBody data={data} />}
    </ReportCard>
  );
}

function CashFlowBody({ data }: { data: CashFlow }) {
  const { t } = useTranslation("analytics");
  const money = useMoney(data.currency);
  const isEmpty = !data.inflows.length && !data.outflows.length;
  const tagName = (flow: Flow) => flow.tag?.name ?? t("breakdown.untagged");
  const legName = (flow: Flow) => flow.leg.name ?? t("cashFlow.removedLeg");
  const { nodes, links } = sankeyOf(data, { tagName, legName, otherTags: t("cashFlow.otherTags") });
  return (
    <>
      {isEmpty ? null : (
        <dl className="flex flex-wrap gap-x-8 gap-y-2" data-testid="cash-flow-totals">
          <Figure label={t("income.income")} value={money.text(data.totals.income)} />
          <Figure label={t("income.expenses")} value={money.text(data.totals.expenses)} />
          <Figure
            label={t("income.net")}
            value={money.text(data.totals.net)}
            tone={data.totals.net.startsWith("-") ? "bad" : "good"}
          />
        </dl>
      )}
      {isEmpty ? (
        <ReportEmpty>{t("cashFlow.empty")}</ReportEmpty>
      ) : (
        <>
          <SankeyChart
            nodes={nodes}
            links={links}
            summary={t("cashFlow.summary", {
              income: money.text(data.totals.income),
              expenses: money.text(data.totals.expenses),
            })}
            scrollLabel={t("cashFlow.diagram")}
            scrollHint={t("cashFlow.scrollHint")}
            valueFormatter={money.units}
            incomingLabel={t("cashFlow.cameIn")}
            outgoingLabel={t("cashFlow.wentOut")}
          />
          <p className="text-xs text-muted-foreground">{t("cashFlow.overlap")}</p>
          <ReportTable
            caption={t("cashFlow.title")}
            head={[t("cashFlow.from"), t("cashFlow.to"), t("cashFlow.amount")]}
            leadingTextColumns={2}
            rows={[
              ...data.inflows.map((flow) => ({
                key: `in:${flow.tag?.uuid ?? ""}:${flow.leg.uuid}`,
                cells: [tagName(flow), legName(flow), money.text(flow.amount)],
              })),
              ...data.outflows.map((flow) => ({
                key: `out:${flow.leg.uuid}:${flow.tag?.uuid ?? ""}`,
                cells: [legName(flow), tagName(flow), money.text(flow.amount)],
              })),
            ]}
          />
        </>
      )}
      <Projection data={data} />
      <UnconvertedNote currencies={data.unconverted_currencies} />
    </>
  );
}

/** What the coming 30, 60 and 90 days hold already, from today whatever the range. */
function Projection({ data }: { data: CashFlow }) {
  const { t } = useTranslation("analytics");
  const money = useMoney(data.currency);
  return (
    <section className="grid gap-3 border-t pt-4" aria-labelledby="cash-flow-projection">
      <div>
        <h3 id="cash-flow-projection" className="text-sm font-semibold text-foreground">
          {t("cashFlow.projection.title")}
        </h3>
        <p className="mt-0.5 text-xs text-muted-foreground">{t("cashFlow.projection.includes")}</p>
      </div>
      <ul className="grid gap-3 sm:grid-cols-3" data-testid="cash-flow-projection">
        {data.projection.map((horizon) => (
          <li key={horizon.days} className="rounded-lg border p-3">
            <p className="text-sm font-medium text-foreground">
              {t("cashFlow.projection.days", { count: horizon.days })}
            </p>
            <p className="text-xs text-muted-foreground">
              {t("cashFlow.projection.until", { date: money.date(horizon.end_date) })}
            </p>
            <dl className="mt-2 grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 text-sm">
              <dt className="text-muted-foreground">{t("income.income")}</dt>
              <dd className="text-right text-foreground tabular">{money.text(horizon.income)}</dd>
              <dt className="text-muted-foreground">{t("income.expenses")}</dt>
              <dd className="text-right text-foreground tabular">{money.text(horizon.expenses)}</dd>
              <dt className="font-medium text-foreground">{t("income.net")}</dt>
              <dd
                className={`text-right font-semibold tabular ${horizon.net.startsWith("-") ? "text-destructive" : "text-foreground"}`}
              >
                {money.text(horizon.net, { sign: "exceptZero" })}
              </dd>
              <dt className="mt-1 border-t pt-1 text-muted-foreground">{t("cashFlow.projection.statementsDue")}</dt>
              <dd className="mt-1 border-t pt-1 text-right text-foreground tabular">
                {money.text(horizon.statements_due)}
              </dd>
              <dt className="font-medium text-foreground">{t("cashFlow.projection.cashNet")}</dt>
              <dd
                className={`text-right font-semibold tabular ${horizon.cash_net.startsWith("-") ? "text-destructive" : "text-foreground"}`}
              >
                {money.text(horizon.cash_net, { sign: "exceptZero" })}
              </dd>
            </dl>
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * The report's flows as the Sankey's three columns: income tags → accounts and cards → spending
 * tags. Past the largest few tags on a side, the others share an "Other tags" node.
 */
function sankeyOf(
  data: CashFlow,
  names: { tagName: (flow: Flow) => string; legName: (flow: Flow) => string; otherTags: string },
) {
  const nodes = new Map<string, SankeyNode>();
  const links = new Map<string, SankeyLink>();
  const addLink = (source: string, target: string, value: number) => {
    const key = `${source}>${target}`;
    const link = links.get(key) ?? { source, target, value: 0 };
    links.set(key, { ...link, value: link.value + value });
  };
  const side = (flows: Flow[], prefix: "in" | "out", column: 0 | 2) => {
    const tagTotals = new Map<string, number>();
    for (const flow of flows) {
      const tagKey = flow.tag?.uuid ?? "none";
      tagTotals.set(tagKey, (tagTotals.get(tagKey) ?? 0) + flow.amount_cents);
    }
    const named = new Set(
      [...tagTotals]
        .sort((a, b) => b[1] - a[1])
        .slice(0, tagTotals.size > maxTagNodes ? maxTagNodes - 1 : maxTagNodes)
        .map(([tagKey]) => tagKey),
    );
    for (const flow of flows) {
      const tagKey = flow.tag?.uuid ?? "none";
      const isNamed = named.has(tagKey);
      const tagNode = `${prefix}:${isNamed ? tagKey : "other"}`;
      const legNode = `leg:${flow.leg.type}:${flow.leg.uuid}`;
      if (!nodes.has(tagNode))
        nodes.set(tagNode, {
          key: tagNode,
          column,
          label: isNamed ? names.tagName(flow) : names.otherTags,
          color: !isNamed ? chartColors.muted : flow.tag ? flow.tag.color : chartColors["primary-light"],
        });
      if (!nodes.has(legNode))
        nodes.set(legNode, {
          key: legNode,
          column: 1,
          label: names.legName(flow),
          color: flow.leg.type === "card" ? chartColors["secondary-dark"] : chartColors.accent,
        });
      if (column === 0) addLink(tagNode, legNode, flow.amount_cents);
      else addLink(legNode, tagNode, flow.amount_cents);
    }
  };
  side(data.inflows, "in", 0);
  side(data.outflows, "out", 2);
  return { nodes: [...nodes.values()], links: [...links.values()] };
}
