import type { z } from "zod";
import { decimalToExactUnits } from "../ledger/amounts.ts";
import type { categoryBreakdownSchema } from "./analytics.responses.ts";

type CategoryBreakdown = z.infer<typeof categoryBreakdownSchema>;
export type BreakdownRow = CategoryBreakdown["categories"][number];

/** A top-level row of the breakdown and, under it, its subcategories' rows. */
export type BreakdownGroup = {
  row: BreakdownRow;
  subcategories: BreakdownRow[];
  /**
   * What the category holds beyond its subcategories, in minor units, with its share of the whole: the
   * transactions given the category and none of its subcategories. A transaction given two of them counts
   * under each, so then this is at least that much less; null when nothing is left.
   */
  other: { amountCents: number; share: number } | null;
};

/**
 * The category breakdown's rows by category, for the page and the PDF: each category's row already counts
 * its subcategories' transactions once (README "Tags and categories"), so a subcategory is only listed
 * under it, never beside it, and the shares of the top-level rows are the picture of the whole. A
 * subcategory whose category has no row (its amounts cancel) stands at the top level.
 */
export function groupByCategory(data: CategoryBreakdown): BreakdownGroup[] {
  const categoryIds = new Set(data.categories.flatMap((row) => (row.tag && !row.tag.parent_id ? [row.tag.uuid] : [])));
  const isUnder = (row: BreakdownRow) => Boolean(row.tag?.parent_id && categoryIds.has(row.tag.parent_id));
  const totalCents = Number(decimalToExactUnits(data.total, data.currency));
  return data.categories
    .filter((row) => !isUnder(row))
    .map((row) => {
      const subcategories = data.categories.filter((child) => isUnder(child) && child.tag?.parent_id === row.tag?.uuid);
      const rest = row.amount_cents - subcategories.reduce((sum, child) => sum + child.amount_cents, 0);
      const hasOther = subcategories.length > 0 && rest > 0;
      return {
        row,
        subcategories,
        other: hasOther ? { amountCents: rest, share: totalCents > 0 ? roundedPercent(rest, totalCents) : 0 } : null,
      };
    });
}

const roundedPercent = (part: number, whole: number) => Math.round((part / whole) * 1000) / 10;
