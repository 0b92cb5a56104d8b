import type { TooltipProps } from "recharts";
import { colorAt, type ChartSeries, type ValueFormatter } from "./chart-frame";

export type ChartTooltipRow = { key: string; label: string; color: string; value: number };

/** The floating card that names the hovered point and lists its values. */
export function ChartTooltipCard({
  title,
  rows,
  valueFormatter,
}: {
  title?: string;
  rows: ChartTooltipRow[];
  valueFormatter: ValueFormatter;
}) {
  return (
    <div className="min-w-44 rounded-lg border bg-popover px-3 py-2.5 text-xs shadow-lg shadow-primary-900/10">
      {title ? <p className="mb-2 font-semibold text-foreground">{title}</p> : null}
      <ul className="grid gap-1.5">
        {rows.map((row) => (
          <li key={row.key} className="flex items-center gap-2">
            <span className="size-2 shrink-0 rounded-full" style={{ backgroundColor: row.color }} aria-hidden />
            <span className="text-muted-foreground">{row.label}</span>
            <span className="ml-auto pl-4 font-semibold text-foreground tabular">{valueFormatter(row.value)}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}

type SeriesTooltipProps = Partial<TooltipProps<number, string>> & {
  series: ChartSeries[];
  valueFormatter: ValueFormatter;
  indexFormatter: (value: string) => string;
};

/**
 * The tooltip of charts with an index axis and named series. Given to recharts as an element
 * (`content={<SeriesTooltip … />}`), which it clones with the hovered point's props: a component
 * made per render would be a new type each time, and React would remount it.
 */
export function SeriesTooltip({ active, payload, label, series, valueFormatter, indexFormatter }: SeriesTooltipProps) {
  if (!active || !payload?.length) return null;
  const rows: ChartTooltipRow[] = [];
  series.forEach((item, position) => {
    const entry = payload.find((candidate) => candidate.dataKey === item.key);
    if (typeof entry?.value !== "number") return;
    // Where a dashed series continues another, both hold the same value: it is listed once.
    if (item.isDashed && rows.some((row) => row.value === entry.value)) return;
    rows.push({ key: item.key, label: item.label, color: colorAt(position, item.color), value: entry.value });
  });
  return <ChartTooltipCard title={indexFormatter(String(label))} rows={rows} valueFormatter={valueFormatter} />;
}
