import { textCell } from "./csv.ts";

/**
 * A record of the whole-workspace archive as a CSV line's cells (`,`-separated, decimal points):
 * nested objects become `parent_field` columns (a transaction's `origin.name` is `origin_name`),
 * lists of named things their names joined by ", " (a transaction's tags), other lists their
 * values so joined.
 */

type Scalar = string | number | boolean | null;

function listText(items: unknown[]): string {
  return items
    .map((item) =>
      item !== null && typeof item === "object" ? String((item as { name?: unknown }).name ?? "") : String(item),
    )
    .join(", ");
}

/** `{ origin: { name: "Nubank" } }` → `{ origin_name: "Nubank" }`; lists as text. */
export function flattenRecord(record: Record<string, unknown>, prefix = ""): Map<string, Scalar> {
  const flat = new Map<string, Scalar>();
  for (const [key, value] of Object.entries(record)) {
    const name = prefix + key;
    if (Array.isArray(value)) flat.set(name, listText(value));
    else if (value !== null && typeof value === "object")
      for (const [inner, innerValue] of flattenRecord(value as Record<string, unknown>, `${name}_`))
        flat.set(inner, innerValue);
    else flat.set(name, (value ?? null) as Scalar);
  }
  return flat;
}

/** A decimal amount, a count: written as the number it is, which no spreadsheet runs as a formula. */
const plainNumber = /^-?\d+(\.\d+)?$/;

/** The record's cells in `columns`' order: empty for null, numbers as numbers, any other text neutralised. */
export function recordCsvCells(columns: string[], record: Record<string, unknown>): string[] {
  const flat = flattenRecord(record);
  return columns.map((column) => {
    const value = flat.get(column) ?? null;
    if (value === null) return "";
    if (typeof value === "number" || typeof value === "boolean") return String(value);
    return plainNumber.test(value) ? value : textCell(value, ",");
  });
}
