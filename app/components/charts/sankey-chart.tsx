import { useState, type PointerEvent } from "react";
import { Icon } from "~/components/ui/icon";
import { cn } from "~/lib/utils";
import type { ValueFormatter } from "./chart-frame";
import { ChartTooltipCard, type ChartTooltipRow } from "./chart-tooltip";

/** A node in one of the three columns: where money comes from (0), where it passes (1), where it goes (2). */
export type SankeyNode = { key: string; label: string; color: string; column: 0 | 1 | 2 };
/** Money moving from a node of one column to a node of the next, in minor units. */
export type SankeyLink = { source: string; target: string; value: number };

type PlacedNode = SankeyNode & { value: number; incoming: number; outgoing: number; y: number; height: number };
type PlacedLink = SankeyLink & { key: string; color: string; sourceY: number; targetY: number; thickness: number };

/** Horizontal positions in a 1000-unit-wide drawing that stretches to the box (heights stay in pixels). */
const drawingWidth = 1000;
const nodeWidth = 12;
const columnX = [230, 494, 758] as const;
/** Room between nodes of a column, enough for a two-line label; and the money's share of the height. */
const nodeGap = 30;
const flowHeight = 220;
const padding = 12;

/**
 * Places the nodes of each column top to bottom, largest first, each as tall as the larger of what
 * enters and leaves it (all columns at one scale), and each link as a band as thick as its value,
 * stacked on both ends in the order of the nodes at its other end so that bands cross little.
 */
export function sankeyLayout(nodes: readonly SankeyNode[], links: readonly SankeyLink[]) {
  const totals = new Map(nodes.map((node) => [node.key, { incoming: 0, outgoing: 0 }]));
  const drawn = links.filter((link) => link.value > 0 && totals.has(link.source) && totals.has(link.target));
  for (const link of drawn) {
    totals.get(link.source)!.outgoing += link.value;
    totals.get(link.target)!.incoming += link.value;
  }
  const columns = ([0, 1, 2] as const).map((column) =>
    nodes
      .filter((node) => node.column === column)
      .map((node) => {
        const { incoming, outgoing } = totals.get(node.key)!;
        return { ...node, incoming, outgoing, value: Math.max(incoming, outgoing), y: 0, height: 0 };
      })
      .filter((node) => node.value > 0)
      .sort((a, b) => b.value - a.value),
  );
  const largestTotal = Math.max(1, ...columns.map((column) => column.reduce((sum, node) => sum + node.value, 0)));
  const scale = flowHeight / largestTotal;
  const columnHeight = (column: PlacedNode[]) =>
    column.reduce((sum, node) => sum + Math.max(1, node.value * scale), 0) + Math.max(0, column.length - 1) * nodeGap;
  const height = Math.ceil(Math.max(...columns.map(columnHeight)) + padding * 2);
  for (const column of columns) {
    let y = (height - columnHeight(column)) / 2;
    for (const node of column) {
      node.height = Math.max(1, node.value * scale);
      node.y = y;
      y += node.height + nodeGap;
    }
  }
  const placed = new Map(columns.flat().map((node) => [node.key, node]));
  const order = (key: string) => placed.get(key)!.y;
  const sourceOffset = new Map<string, number>();
  const targetOffset = new Map<string, number>();
  const placedLinks: PlacedLink[] = drawn
    .toSorted((a, b) => order(a.target) - order(b.target) || order(a.source) - order(b.source))
    .map((link) => {
      const thickness = link.value * scale;
      const sourceY = placed.get(link.source)!.y + (sourceOffset.get(link.source) ?? 0);
      sourceOffset.set(link.source, (sourceOffset.get(link.source) ?? 0) + thickness);
      return { ...link, key: `${link.source}>${link.target}`, color: "", sourceY, targetY: 0, thickness };
    })
    .toSorted((a, b) => order(a.source) - order(b.source) || order(a.target) - order(b.target))
    .map((link) => {
      const targetY = placed.get(link.target)!.y + (targetOffset.get(link.target) ?? 0);
      targetOffset.set(link.target, (targetOffset.get(link.target) ?? 0) + link.thickness);
      // A band takes the colour of its tag: the source's on the way in, the target's on the way out.
      const tagEnd = placed.get(link.source)!.column === 0 ? link.source : link.target;
      return { ...link, targetY, color: placed.get(tagEnd)!.color };
    });
  return { nodes: columns.flat(), links: placedLinks, height };
}

/** A band between two nodes: two curves, so it keeps its thickness however wide the drawing is stretched. */
function bandPath(link: PlacedLink, sourceColumn: number) {
  const x0 = columnX[sourceColumn]! + nodeWidth;
  const x1 = columnX[sourceColumn + 1]!;
  const middle = (x0 + x1) / 2;
  const { sourceY: y0, targetY: y1, thickness } = link;
  return (
    `M${x0},${y0}C${middle},${y0} ${middle},${y1} ${x1},${y1}` +
    `L${x1},${y1 + thickness}C${middle},${y1 + thickness} ${middle},${y0 + thickness} ${x0},${y0 + thickness}Z`
  );
}

/** Where each column's labels sit, in % of the width: before the first column, after the others. */
const labelPlacement = [
  { right: `${100 - columnX[0] / 10}%`, paddingRight: 6, textAlign: "right" },
  { left: `${(columnX[1] + nodeWidth) / 10}%`, paddingLeft: 4, paddingRight: 4 },
  { left: `${(columnX[2] + nodeWidth) / 10}%`, paddingLeft: 6 },
] as const;
/** The figure's one-off sizes, as inline styles: utilities used only here would weigh on every page's CSS. */
const labelWidth = "22%";
const narrowestDrawing = 480;
const bandTransition = "fill-opacity 150ms";

/** The hovered band or node, and where the pointer is in the drawing (the tooltip keeps to its inside half). */
type Hover = {
  key: string;
  rows: ChartTooltipRow[];
  title?: string;
  x: number;
  y: number;
  isLeftward: boolean;
  isUpward: boolean;
};

export type SankeyChartProps = {
  nodes: SankeyNode[];
  links: SankeyLink[];
  /** What the drawing shows, in a sentence; its caption for assistive technology. */
  summary: string;
  /** Names the scrolling area a keyboard can move sideways on narrow screens. */
  scrollLabel: string;
  /** Said under the drawing where it is wider than its box (phones): it scrolls sideways. */
  scrollHint: string;
  valueFormatter: ValueFormatter;
  /** The tooltip's row names for a middle node: what came into it and what left it. */
  incomingLabel: string;
  outgoingLabel: string;
  className?: string;
};

/**
 * Money from sources through accounts to destinations, in three columns (a Sankey). Drawn as plain
 * SVG with HTML labels, so the server sends it whole and it weighs a few lines rather than a
 * charting library's layout engine. Below 480 px (a phone) it keeps that width and scrolls sideways,
 * starting from the income: squeezed further, the labels (name and amount, for three columns) would
 * be cut to nothing; and the card's table lists every flow for whoever would rather read them.
 */
export function SankeyChart({
  nodes,
  links,
  summary,
  scrollLabel,
  scrollHint,
  valueFormatter,
  incomingLabel,
  outgoingLabel,
  className,
}: SankeyChartProps) {
  const layout = sankeyLayout(nodes, links);
  const [hover, setHover] = useState<Hover | null>(null);
  const byKey = new Map(layout.nodes.map((node) => [node.key, node]));

  const show = (event: PointerEvent<SVGElement>, key: string, title: string | undefined, rows: ChartTooltipRow[]) => {
    const box = event.currentTarget.ownerSVGElement!.getBoundingClientRect();
    const x = event.clientX - box.left;
    const y = event.clientY - box.top;
    setHover({ key, title, rows, x, y, isLeftward: x > box.width / 2, isUpward: y > box.height / 2 });
  };
  const showLink = (event: PointerEvent<SVGElement>, link: PlacedLink) => {
    const source = byKey.get(link.source)!;
    const target = byKey.get(link.target)!;
    show(event, link.key, undefined, [
      { key: link.key, label: `${source.label} → ${target.label}`, color: link.color, value: link.value },
    ]);
  };
  const showNode = (event: PointerEvent<SVGElement>, node: PlacedNode) => {
    const rows =
      node.column === 1
        ? [
            { key: "in", label: incomingLabel, color: node.color, value: node.incoming },
            { key: "out", label: outgoingLabel, color: node.color, value: node.outgoing },
          ]
        : [{ key: node.key, label: node.label, color: node.color, value: node.value }];
    show(event, node.key, node.column === 1 ? node.label : undefined, rows);
  };
  const isLit = (link: PlacedLink) =>
    hover === null || hover.key === link.key || hover.key === link.source || hover.key === link.target;

  return (
    <figure data-slot="chart" className={cn("grid min-w-0 gap-1", className)} data-testid="sankey">
      <figcaption className="sr-only">{summary}</figcaption>
      {/* biome-ignore lint/a11y/useSemanticElements: a group names the scrolling area without adding a landmark for every chart */}
      <div
        role="group"
        className="overflow-x-auto rounded-md focus-visible:outline-2 focus-visible:outline-ring"
        // biome-ignore lint/a11y/noNoninteractiveTabindex: on a narrow screen it scrolls sideways, which a keyboard can do only once it is focused
        tabIndex={0}
        aria-label={scrollLabel}
      >
        <div className="relative text-xs" style={{ height: layout.height, minWidth: narrowestDrawing }} aria-hidden>
          <svg
            className="absolute inset-0 size-full"
            viewBox={`0 0 ${drawingWidth} ${layout.height}`}
            preserveAspectRatio="none"
            onPointerLeave={() => setHover(null)}
            aria-hidden
          >
            {layout.links.map((link) => (
              <path
                key={link.key}
                d={bandPath(link, byKey.get(link.source)!.column)}
                fill={link.color}
                fillOpacity={isLit(link) ? (hover ? 0.55 : 0.32) : 0.12}
                style={{ transition: bandTransition }}
                data-flow={link.key}
                onPointerMove={(event) => showLink(event, link)}
                onPointerDown={(event) => showLink(event, link)}
              />
            ))}
            {layout.nodes.map((node) => (
              <rect
                key={node.key}
                x={columnX[node.column]}
                y={node.y}
                width={nodeWidth}
                height={node.height}
                rx={2}
                fill={node.color}
                onPointerMove={(event) => showNode(event, node)}
                onPointerDown={(event) => showNode(event, node)}
              />
            ))}
          </svg>
          {layout.nodes.map((node) => (
            <div
              key={node.key}
              className={cn(
                "pointer-events-none absolute grid -translate-y-1/2 leading-tight",
                node.column === 1 && "rounded bg-card",
              )}
              style={{ top: node.y + node.height / 2, maxWidth: labelWidth, ...labelPlacement[node.column] }}
              data-node={node.key}
            >
              <span className="truncate font-medium text-foreground">{node.label}</span>
              <span className="truncate text-muted-foreground tabular">{valueFormatter(node.value)}</span>
            </div>
          ))}
          {hover ? (
            <div
              className="pointer-events-none absolute z-10"
              style={{
                ...(hover.isUpward ? { bottom: `calc(100% - ${hover.y - 12}px)` } : { top: hover.y + 12 }),
                ...(hover.isLeftward ? { right: `calc(100% - ${hover.x - 12}px)` } : { left: hover.x + 12 }),
              }}
            >
              <ChartTooltipCard title={hover.title} rows={hover.rows} valueFormatter={valueFormatter} />
            </div>
          ) : null}
        </div>
      </div>
      <p className="flex items-center gap-1 text-xs text-muted-foreground sm:hidden" aria-hidden>
        {scrollHint}
        <Icon name="arrow-right" className="size-3" />
      </p>
    </figure>
  );
}
