import { Bar, BarChart as BarChartPrimitive, CartesianGrid, Tooltip, XAxis, YAxis } from "recharts";
import { cartesianParts, gridProps, identity, xAxisProps, yAxisProps, type CartesianChartProps } from "./cartesian";
import { ChartFrame, colorAt, usePrefersReducedMotion } from "./chart-frame";
import { SeriesTooltip } from "./chart-tooltip";

export type BarChartProps = CartesianChartProps & { isStacked?: boolean };

const cornerRadius = 4;

/** Comparisons per period (income against expenses by month), grouped or stacked. */
export function BarChart(props: BarChartProps) {
  const {
    data,
    index,
    series,
    summary,
    valueFormatter,
    indexFormatter = identity,
    height = 288,
    isStacked = false,
    className,
  } = props;
  const isStatic = usePrefersReducedMotion();
  const { legend, table } = cartesianParts(props);
  const lastPosition = series.length - 1;
  return (
    <ChartFrame summary={summary} height={height} legend={legend} table={table} className={className}>
      <BarChartPrimitive data={data} margin={{ top: 8, right: 8, bottom: 0, left: 0 }} barCategoryGap="24%" barGap={4}>
        <CartesianGrid {...gridProps} />
        <XAxis {...xAxisProps(index, indexFormatter)} />
        <YAxis {...yAxisProps(props, isStacked)} />
        <Tooltip
          content={<SeriesTooltip series={series} valueFormatter={valueFormatter} indexFormatter={indexFormatter} />}
          cursor={{ fill: "var(--muted)", opacity: 0.7 }}
          isAnimationActive={false}
        />
        {series.map((item, position) => (
          <Bar
            key={item.key}
            dataKey={item.key}
            name={item.label}
            fill={colorAt(position, item.color)}
            stackId={isStacked ? "stack" : undefined}
            // Stacked bars round only the top segment, so the column reads as one shape.
            radius={!isStacked || position === lastPosition ? [cornerRadius, cornerRadius, 0, 0] : 0}
            maxBarSize={isStacked ? 40 : 28}
            isAnimationActive={!isStatic}
            animationDuration={600}
          />
        ))}
      </BarChartPrimitive>
    </ChartFrame>
  );
}
