import { describe, expect, it } from "vitest";
import { type SankeyNode, sankeyLayout } from "../../../app/components/charts/sankey-chart.tsx";

const node = (key: string, column: 0 | 1 | 2): SankeyNode => ({ key, label: key, color: "red", column });

describe("the Sankey's layout", () => {
  const nodes = [
    node("salary", 0),
    node("gift", 0),
    node("checking", 1),
    node("card", 1),
    node("food", 2),
    node("rent", 2),
    node("unused", 2),
  ];
  const links = [
    { source: "gift", target: "checking", value: 1000 },
    { source: "salary", target: "checking", value: 300_000 },
    { source: "salary", target: "card", value: 0 },
    { source: "checking", target: "rent", value: 150_000 },
    { source: "checking", target: "food", value: 20_000 },
    { source: "card", target: "food", value: 30_000 },
  ];
  const layout = sankeyLayout(nodes, links);
  const band = (key: string) => layout.links.find((link) => link.key === key)!;
  const placed = (key: string) => layout.nodes.find((candidate) => candidate.key === key)!;

  it("draws each band as thick as its money, at one scale across the columns", () => {
    expect(band("salary>checking").thickness / band("gift>checking").thickness).toBeCloseTo(300);
    expect(band("checking>rent").thickness / band("card>food").thickness).toBeCloseTo(5);
    // Nothing is drawn for no money: the empty link and the node nothing reaches.
    expect(layout.links.map((link) => link.key)).not.toContain("salary>card");
    expect(layout.nodes.map((candidate) => candidate.key)).not.toContain("unused");
  });

  it("sizes a node by the larger of what enters and leaves it, largest first in its column", () => {
    expect(placed("checking")).toMatchObject({ incoming: 301_000, outgoing: 170_000, value: 301_000 });
    expect(placed("food")).toMatchObject({ incoming: 50_000, value: 50_000 });
    expect(placed("checking").height).toBeCloseTo(band("salary>checking").thickness + band("gift>checking").thickness);
    expect(placed("rent").y).toBeLessThan(placed("food").y);
    expect(placed("salary").y).toBeLessThan(placed("gift").y);
  });

  it("stacks the bands on each node without overlap, in the order of the nodes at their other end", () => {
    const checking = placed("checking");
    expect(band("salary>checking").targetY).toBeCloseTo(checking.y);
    expect(band("gift>checking").targetY).toBeCloseTo(checking.y + band("salary>checking").thickness);
    expect(band("checking>rent").sourceY).toBeCloseTo(checking.y);
    expect(band("checking>food").sourceY).toBeCloseTo(checking.y + band("checking>rent").thickness);
    // Into food: from checking (the upper account) above from the card.
    expect(band("checking>food").targetY).toBeLessThan(band("card>food").targetY);
    for (const link of layout.links) expect(link.sourceY + link.thickness).toBeLessThanOrEqual(layout.height);
  });
});
