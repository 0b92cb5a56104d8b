import { Cell, Pie, PieChart, Tooltip, type TooltipProps } from "recharts";
import { cn } from "~/lib/utils";
import { ChartFrame, colorAt, usePrefersReducedMotion, type ChartColor, type ValueFormatter } from "./chart-frame";
import { ChartTooltipCard } from "./chart-tooltip";

export type DonutSlice = { key: string; label: string; value: number; color?: ChartColor };

export type DonutChartProps = {
  data: DonutSlice[];
  summary: string;
  valueFormatter: ValueFormatter;
  /** Prints each slice's share of the total, e.g. 0.25 → "25%"; no share column without it. */
  shareFormatter?: (ratio: number) => string;
  /** The caption over the total in the hole, e.g. "Spent". */
  centerLabel?: string;
  /** The figure in the hole when it is not the slices' sum (parts that overlap, like tags). */
  total?: number;
  /** False when the page lists the slices itself beside the ring. */
  hasLegend?: boolean;
  size?: number;
  className?: string;
};

type SliceTooltipProps = Partial<TooltipProps<number, string>> & {
  slices: Array<DonutSlice & { fill: string }>;
  valueFormatter: ValueFormatter;
};

/** The hovered slice; an element recharts clones with the hover's props, so it is not remounted. */
function SliceTooltip({ active, payload, slices, valueFormatter }: SliceTooltipProps) {
  const slice = slices.find((candidate) => candidate.key === payload?.[0]?.payload?.key);
  if (!active || !slice) return null;
  return (
    <ChartTooltipCard
      rows={[{ key: slice.key, label: slice.label, color: slice.fill, value: slice.value }]}
      valueFormatter={valueFormatter}
    />
  );
}

/**
 * Parts of a whole (spending by category): a ring with the total in the middle and, beside it,
 * a legend that doubles as the readable data.
 */
export function DonutChart({
  data,
  summary,
  valueFormatter,
  shareFormatter,
  centerLabel,
  total: centerTotal,
  hasLegend = true,
  size = 168,
  className,
}: DonutChartProps) {
  const isStatic = usePrefersReducedMotion();
  const total = data.reduce((sum, slice) => sum + slice.value, 0);
  const slices = data.map((slice, position) => ({ ...slice, fill: colorAt(position, slice.color) }));

  return (
    // Side by side only when the chart's own box is wide enough, whatever the viewport.
    <div className={cn("@container", className)}>
      <div className="flex flex-col items-center gap-6 @sm:flex-row">
        <div className="relative shrink-0" style={{ width: size }}>
          <ChartFrame summary={summary} height={size} placeholder="ring">
            <PieChart>
              <Pie
                data={slices}
                dataKey="value"
                nameKey="label"
                innerRadius="76%"
                outerRadius="100%"
                paddingAngle={1.5}
                cornerRadius={3}
                stroke="none"
                startAngle={90}
                endAngle={-270}
                isAnimationActive={!isStatic}
                animationDuration={700}
                // The drawing is hidden from assistive technology (its numbers are text beside it), so it takes no focus.
                rootTabIndex={-1}
              >
                {slices.map((slice) => (
                  <Cell key={slice.key} fill={slice.fill} />
                ))}
              </Pie>
              <Tooltip
                content={<SliceTooltip slices={slices} valueFormatter={valueFormatter} />}
                isAnimationActive={false}
                wrapperStyle={{ zIndex: 10 }}
              />
            </PieChart>
          </ChartFrame>
          <div className="pointer-events-none absolute inset-0 grid place-content-center text-center">
            {centerLabel ? <span className="text-xs font-medium text-muted-foreground">{centerLabel}</span> : null}
            <span className="text-base font-semibold tracking-tight text-foreground tabular">
              {valueFormatter(centerTotal ?? total)}
            </span>
          </div>
        </div>
        {hasLegend ? (
          <ul data-slot="donut-legend" className="grid w-full min-w-0 flex-1 grid-cols-1 gap-0.5 text-sm">
            {slices.map((slice) => (
              <li key={slice.key} className="flex items-center gap-2.5 rounded-md px-2 py-1.5 hover:bg-muted">
                <span className="size-2.5 shrink-0 rounded-full" style={{ backgroundColor: slice.fill }} aria-hidden />
                <span className="min-w-0 flex-1 truncate text-foreground">{slice.label}</span>
                <span className="font-medium text-foreground tabular">{valueFormatter(slice.value)}</span>
                {shareFormatter ? (
                  <span className="w-9 shrink-0 text-right text-xs text-muted-foreground tabular">
                    {shareFormatter(total === 0 ? 0 : slice.value / total)}
                  </span>
                ) : null}
              </li>
            ))}
          </ul>
        ) : null}
      </div>
    </div>
  );
}
