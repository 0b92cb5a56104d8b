import type { Language } from "~/lib/i18n";
import { parseTypedAmount, type TypedRefusal } from "~/lib/typed-amount";
import { transactionFiltersSchema, type TransactionFilters } from "../../../worker/transactions/transactions.schemas";

/** The filters kept in the page's query string (the API's own names, so links read the same). */
export const filterKeys = ["from", "to", "type", "account_id", "card_id", "tag_id", "search", "min_amount", "max_amount"] as const;
export type FilterKey = (typeof filterKeys)[number];
export type FilterValues = Partial<Record<FilterKey, string>>;

export const perPage = 20;

/** Amount filters stay in the address as typed; the page's language reads them. */
export const amountFilterKeys = ["min_amount", "max_amount"] as const;
export type AmountFilterKey = (typeof amountFilterKeys)[number];
export type AmountFilterRefusals = Partial<Record<AmountFilterKey, TypedRefusal>>;

/** Why each typed amount filter cannot be read in the page's language (blank ones are fine). */
export function refusedAmountFilters(values: FilterValues, language: Language): AmountFilterRefusals {
  return Object.fromEntries(
    amountFilterKeys.flatMap((key) => {
      const typed = values[key]?.trim();
      const read = typed ? parseTypedAmount(typed, language) : null;
      return read && !read.ok ? [[key, read.reason]] : [];
    }),
  );
}

/** The query's filters as typed text, for the form to show back. */
export function filterValuesOf(searchParams: URLSearchParams): FilterValues {
  return Object.fromEntries(filterKeys.flatMap((key) => (searchParams.get(key) ? [[key, searchParams.get(key)!]] : [])));
}

/**
 * The query as service filters, the amounts read in the page's language. A value that does not
 * parse (a hand-edited address, a stale link) is dropped rather than failing the page; the rest
 * still apply, and the form says at the field why an amount was not.
 */
export function parseFilters(searchParams: URLSearchParams, language: Language): TransactionFilters {
  const raw: Record<string, string> = { ...filterValuesOf(searchParams), page: searchParams.get("page") ?? "1", per_page: String(perPage) };
  for (const key of amountFilterKeys) {
    const read = raw[key] ? parseTypedAmount(raw[key], language) : null;
    if (read?.ok) raw[key] = read.text;
    else delete raw[key];
  }
  for (let attempt = 0; attempt < filterKeys.length + 1; attempt++) {
    const parsed = transactionFiltersSchema.safeParse(raw);
    if (parsed.success) return parsed.data;
    for (const issue of parsed.error.issues) delete raw[String(issue.path[0])];
  }
  return transactionFiltersSchema.parse({ per_page: perPage });
}

export function activeFilterCount(values: FilterValues): number {
  return filterKeys.filter((key) => values[key]).length;
}

/** The current query with one page number, for the pagination links. */
export function pageHref(searchParams: URLSearchParams, page: number): string {
  const next = new URLSearchParams(searchParams);
  if (page <= 1) next.delete("page");
  else next.set("page", String(page));
  const query = next.toString();
  return query ? `?${query}` : "?";
}
