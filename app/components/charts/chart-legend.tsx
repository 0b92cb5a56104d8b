import { cn } from "~/lib/utils";
import { colorAt, type ChartSeries } from "./chart-frame";

/** The series of a chart as coloured dots with names, in reading order. */
export function ChartLegend({ series, className }: { series: ChartSeries[]; className?: string }) {
  return (
    <ul data-slot="chart-legend" className={cn("flex flex-wrap items-center gap-x-4 gap-y-1.5", className)}>
      {series.map((item, position) => (
        <li key={item.key} className="inline-flex items-center gap-2 text-xs font-medium text-muted-foreground">
          {item.isDashed ? (
            <span
              className="w-4 shrink-0 border-t-2 border-dashed"
              style={{ borderColor: colorAt(position, item.color) }}
              aria-hidden
            />
          ) : (
            <span
              className="size-2.5 shrink-0 rounded-full"
              style={{ backgroundColor: colorAt(position, item.color) }}
              aria-hidden
            />
          )}
          {item.label}
        </li>
      ))}
    </ul>
  );
}
