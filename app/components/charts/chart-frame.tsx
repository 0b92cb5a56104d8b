import { useSyncExternalStore, type ReactElement, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { ResponsiveContainer } from "recharts";
import { useIsClient } from "~/lib/use-is-client";
import { cn } from "~/lib/utils";

/** Series colours by token name, so charts follow the workspace's colours (CSS variables). */
export const chartColors = {
  accent: "var(--accent)",
  primary: "var(--primary)",
  secondary: "var(--secondary)",
  "accent-light": "var(--accent-300)",
  "primary-light": "var(--primary-300)",
  "secondary-dark": "var(--secondary-700)",
  success: "var(--success)",
  destructive: "var(--destructive)",
  warning: "var(--warning)",
  info: "var(--info)",
  muted: "var(--muted-foreground)",
} as const;

export type ChartColor = keyof typeof chartColors;

const palette: ChartColor[] = [
  "accent",
  "primary",
  "secondary",
  "accent-light",
  "info",
  "primary-light",
  "success",
  "muted",
];

/** The colour of the nth series or slice: its own if given, else the next one of the palette. */
export function colorAt(position: number, color?: ChartColor): string {
  return chartColors[color ?? palette[position % palette.length]!];
}

/**
 * A series of a chart. `isDashed` draws it as a dashed line over a fainter fill — what is projected
 * rather than recorded; such a series may start on the last point of the series it continues.
 */
export type ChartSeries = { key: string; label: string; color?: ChartColor; isDashed?: boolean };
export type ChartDatum = Record<string, string | number>;
export type ValueFormatter = (value: number) => string;

const subscribeToMotionPreference = (onChange: () => void) => {
  const query = window.matchMedia("(prefers-reduced-motion: reduce)");
  query.addEventListener("change", onChange);
  return () => query.removeEventListener("change", onChange);
};

/** Recharts animates in JavaScript, which the CSS reduced-motion rule cannot reach. */
export function usePrefersReducedMotion(): boolean {
  return useSyncExternalStore(
    subscribeToMotionPreference,
    () => window.matchMedia("(prefers-reduced-motion: reduce)").matches,
    () => true,
  );
}

/** An SVG-safe id (React's useId contains characters url(#…) references choke on). */
export function svgId(reactId: string): string {
  return `chart-${reactId.replace(/[^a-zA-Z0-9_-]/g, "")}`;
}

function ChartPlaceholder({ shape }: { shape: "grid" | "ring" }) {
  if (shape === "ring") return <div className="size-full rounded-full border-[14px] border-muted" />;
  return (
    <div className="flex size-full flex-col justify-between pt-2 pb-7 pl-16">
      {[0, 1, 2, 3, 4].map((line) => (
        <div key={line} className="h-px bg-border" />
      ))}
    </div>
  );
}

type ChartFrameProps = {
  /** What the chart shows, in a sentence; the figure's caption for assistive technology. */
  summary: string;
  height: number;
  legend?: ReactNode;
  /** The same numbers as text (see ChartDataTable), read instead of the drawing. */
  table?: ReactNode;
  /** What the server draws until the browser measures: empty grid lines or an empty ring. */
  placeholder?: "grid" | "ring";
  className?: string;
  children: ReactElement;
};

/** A fixed-height figure, so nothing shifts when the browser swaps the placeholder for the chart. */
export function ChartFrame({
  summary,
  height,
  legend,
  table,
  placeholder = "grid",
  className,
  children,
}: ChartFrameProps) {
  const isClient = useIsClient();
  return (
    <figure data-slot="chart" className={cn("flex w-full min-w-0 flex-col gap-4", className)}>
      <figcaption className="sr-only">{summary}</figcaption>
      {legend}
      <div className="relative w-full text-xs" style={{ height }} aria-hidden>
        {isClient ? (
          <ResponsiveContainer width="100%" height="100%" debounce={50}>
            {children}
          </ResponsiveContainer>
        ) : (
          <ChartPlaceholder shape={placeholder} />
        )}
      </div>
      {table}
    </figure>
  );
}

type ChartDataTableProps = {
  indexLabel: string;
  columns: string[];
  rows: { label: string; values: string[] }[];
};

/** A visually hidden table with every plotted value, formatted. */
export function ChartDataTable({ indexLabel, columns, rows }: ChartDataTableProps) {
  const { t } = useTranslation();
  return (
    <table className="sr-only">
      <caption>{t("ui.chart.dataTable")}</caption>
      <thead>
        <tr>
          <th scope="col">{indexLabel}</th>
          {columns.map((column) => (
            <th key={column} scope="col">
              {column}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.label}>
            <th scope="row">{row.label}</th>
            {row.values.map((value, position) => (
              <td key={columns[position]}>{value}</td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
