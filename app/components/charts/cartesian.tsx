import { ChartDataTable, type ChartDatum, type ChartSeries, type ValueFormatter } from "./chart-frame";
import { ChartLegend } from "./chart-legend";

/** Props shared by the charts that plot series against an index (months, days). */
export type CartesianChartProps = {
  data: ChartDatum[];
  /** The key of each datum that holds its position on the x axis, e.g. "month". */
  index: string;
  /** Names the index column of the accessible data table, e.g. "Month". */
  indexLabel: string;
  series: ChartSeries[];
  summary: string;
  /** Formats values in the tooltip and the data table, e.g. minor units → "R$ 1.234,56". */
  valueFormatter: ValueFormatter;
  /** Formats y-axis ticks; shorter than valueFormatter, e.g. "R$ 12 mil". Defaults to it. */
  axisFormatter?: ValueFormatter;
  /** Formats the index on the x axis, in the tooltip and in the table, e.g. "2025-03" → "Mar". */
  indexFormatter?: (value: string) => string;
  height?: number;
  hasLegend?: boolean;
  /** False when the page shows the same numbers in a table of its own beside the chart. */
  hasDataTable?: boolean;
  hasYAxis?: boolean;
  /** Defaults to the width the longest tick needs. */
  yAxisWidth?: number;
  className?: string;
};

export const identity = (value: string) => value;

const tick = { fill: "var(--muted-foreground)", fontSize: 12 };

export function xAxisProps(index: string, indexFormatter: (value: string) => string) {
  return {
    dataKey: index,
    tick,
    tickLine: false,
    axisLine: false,
    tickMargin: 10,
    minTickGap: 6,
    interval: "preserveStartEnd" as const,
    tickFormatter: (value: string | number) => indexFormatter(String(value)),
  };
}

/**
 * A y-axis wide enough for its longest tick, so "R$ 22,5 mil" is not clipped: the largest
 * value (per index when stacked) formatted, at about 7 px a character of 12 px text.
 */
function estimateAxisWidth(
  { data, series }: CartesianChartProps,
  formatter: ValueFormatter,
  isStacked: boolean,
): number {
  const numberAt = (datum: ChartDatum, key: string) => (typeof datum[key] === "number" ? (datum[key] as number) : 0);
  const largest = Math.max(
    0,
    ...data.map((datum) =>
      isStacked
        ? series.reduce((sum, item) => sum + numberAt(datum, item.key), 0)
        : Math.max(...series.map((item) => numberAt(datum, item.key))),
    ),
  );
  const longest = Math.max(formatter(largest).length, formatter(0).length);
  return Math.ceil(longest * 7 + 8);
}

export function yAxisProps(props: CartesianChartProps, isStacked: boolean) {
  const formatter = props.axisFormatter ?? props.valueFormatter;
  return {
    hide: props.hasYAxis === false,
    width: props.yAxisWidth ?? estimateAxisWidth(props, formatter, isStacked),
    tick,
    tickLine: false,
    axisLine: false,
    tickMargin: 4,
    tickCount: 5,
    tickFormatter: (value: number) => formatter(value),
  };
}

export const gridProps = { vertical: false, stroke: "var(--border)" } as const;

/** The legend and the accessible table every cartesian chart carries. */
export function cartesianParts({
  data,
  index,
  indexLabel,
  series,
  valueFormatter,
  indexFormatter = identity,
  hasLegend = true,
  hasDataTable = true,
}: CartesianChartProps) {
  const rows = data.map((datum) => ({
    label: indexFormatter(String(datum[index])),
    values: series.map((item) => {
      const value = datum[item.key];
      return typeof value === "number" ? valueFormatter(value) : "";
    }),
  }));
  return {
    legend: hasLegend ? <ChartLegend series={series} className="justify-end" /> : null,
    table: hasDataTable ? (
      <ChartDataTable indexLabel={indexLabel} columns={series.map((item) => item.label)} rows={rows} />
    ) : null,
  };
}
