import { useId } from "react";
import { Area, AreaChart as AreaChartPrimitive, CartesianGrid, Tooltip, XAxis, YAxis } from "recharts";
import { cartesianParts, gridProps, identity, xAxisProps, yAxisProps, type CartesianChartProps } from "./cartesian";
import { ChartFrame, colorAt, svgId, usePrefersReducedMotion } from "./chart-frame";
import { SeriesTooltip } from "./chart-tooltip";

export type AreaChartProps = CartesianChartProps & {
  curve?: "monotone" | "linear" | "step";
  isStacked?: boolean;
};

/** Trends over time (balances, cash flow) as lines over soft gradient fills. */
export function AreaChart(props: AreaChartProps) {
  const {
    data,
    index,
    series,
    summary,
    valueFormatter,
    indexFormatter = identity,
    height = 288,
    curve = "monotone",
    isStacked = false,
    className,
  } = props;
  const idPrefix = svgId(useId());
  const isStatic = usePrefersReducedMotion();
  const { legend, table } = cartesianParts(props);
  return (
    <ChartFrame summary={summary} height={height} legend={legend} table={table} className={className}>
      <AreaChartPrimitive data={data} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
        <defs>
          {series.map((item, position) => (
            <linearGradient key={item.key} id={`${idPrefix}-${item.key}`} x1="0" y1="0" x2="0" y2="1">
              <stop offset="5%" stopColor={colorAt(position, item.color)} stopOpacity={item.isDashed ? 0.1 : 0.24} />
              <stop offset="80%" stopColor={colorAt(position, item.color)} stopOpacity={0} />
            </linearGradient>
          ))}
        </defs>
        <CartesianGrid {...gridProps} />
        <XAxis {...xAxisProps(index, indexFormatter)} />
        <YAxis {...yAxisProps(props, isStacked)} />
        <Tooltip
          content={<SeriesTooltip series={series} valueFormatter={valueFormatter} indexFormatter={indexFormatter} />}
          cursor={{ stroke: "var(--input)", strokeWidth: 1 }}
          isAnimationActive={false}
        />
        {series.map((item, position) => (
          <Area
            key={item.key}
            dataKey={item.key}
            name={item.label}
            type={curve}
            stackId={isStacked ? "stack" : undefined}
            stroke={colorAt(position, item.color)}
            strokeWidth={2}
            strokeDasharray={item.isDashed ? "6 4" : undefined}
            fill={`url(#${idPrefix}-${item.key})`}
            dot={false}
            activeDot={{ r: 4, strokeWidth: 2, stroke: "var(--card)" }}
            isAnimationActive={!isStatic}
            animationDuration={700}
          />
        ))}
      </AreaChartPrimitive>
    </ChartFrame>
  );
}
