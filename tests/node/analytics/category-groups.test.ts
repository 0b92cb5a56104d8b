import { describe, expect, it } from "vitest";
import type { z } from "zod";
import type { categoryBreakdownSchema } from "../../../worker/analytics/analytics.responses.ts";
import { groupByCategory } from "../../../worker/analytics/category-groups.ts";

type Breakdown = z.infer<typeof categoryBreakdownSchema>;

const row = (name: string | null, amountCents: number, parentId: string | null = null) => ({
  tag: name === null ? null : { uuid: name, name, color: "#9E9E9E", parent_id: parentId },
  amount: (amountCents / 100).toFixed(2),
  amount_cents: amountCents,
  previous_amount: "0.00",
  transactions: 1,
  share: amountCents / 100,
  change_percentage: null,
});

/** R$ 100,00 spent: Casa R$ 70,00 (Luz R$ 30,00, Aluguel R$ 25,00, the rest given Casa itself), Lazer R$ 20,00. */
const breakdown = (categories: Breakdown["categories"]): Breakdown => ({
  currency: "BRL",
  type: "expense",
  from: "2026-11-01",
  to: "2026-11-30",
  previous_from: "2026-10-01",
  previous_to: "2026-10-31",
  total: "100.00",
  previous_total: "0.00",
  change_percentage: null,
  categories,
  unconverted_currencies: [],
});

describe("the category breakdown by category", () => {
  it("lists subcategories under their category only, with what the category holds beyond them", () => {
    const groups = groupByCategory(
      breakdown([
        row("Casa", 7000),
        row("Luz", 3000, "Casa"),
        row("Aluguel", 2500, "Casa"),
        row("Lazer", 2000),
        row(null, 1000),
      ]),
    );
    expect(groups.map((group) => group.row.tag?.name ?? null)).toEqual(["Casa", "Lazer", null]);
    expect(groups[0]!.subcategories.map((subcategory) => subcategory.tag!.name)).toEqual(["Luz", "Aluguel"]);
    expect(groups[0]!.other).toEqual({ amountCents: 1500, share: 15 });
    expect(groups[1]).toMatchObject({ subcategories: [], other: null });
    expect(groups.reduce((sum, group) => sum + group.row.share, 0)).toBe(100);
  });

  it("shows no other part when the subcategories hold the whole category", () => {
    const [casa] = groupByCategory(
      breakdown([row("Casa", 5500), row("Luz", 3000, "Casa"), row("Aluguel", 2500, "Casa")]),
    );
    expect(casa!.other).toBeNull();
  });

  it("keeps a subcategory whose category has no row at the top level", () => {
    const groups = groupByCategory(breakdown([row("Luz", 3000, "Casa")]));
    expect(groups.map((group) => group.row.tag!.name)).toEqual(["Luz"]);
  });
});
