import type { TypedRefusal } from "~/lib/typed-refusal";
import { type TransactionFilterKey, transactionFilterKeys } from "../../../worker/transactions/filter-keys";

/** The filters kept in the page's query string (the API's own names, so links read the same). */
export const filterKeys = transactionFilterKeys;
export type FilterKey = TransactionFilterKey;
export type FilterValues = Partial<Record<FilterKey, string>>;

/** Amount filters stay in the address as typed; the page's language reads them. */
export const amountFilterKeys = ["min_amount", "max_amount"] as const;
export type AmountFilterKey = (typeof amountFilterKeys)[number];
export type AmountFilterRefusals = Partial<Record<AmountFilterKey, TypedRefusal>>;

/** Only the amount filters of these values, as typed. */
export const amountFiltersOf = (values: FilterValues): Partial<Record<AmountFilterKey, string>> =>
  Object.fromEntries(amountFilterKeys.flatMap((key) => (values[key] ? [[key, values[key]]] : [])));

/** The query's filters as typed text, for the form to show back. */
export function filterValuesOf(searchParams: URLSearchParams): FilterValues {
  return Object.fromEntries(
    filterKeys.flatMap((key) => (searchParams.get(key) ? [[key, searchParams.get(key)!]] : [])),
  );
}

export function activeFilterCount(values: FilterValues): number {
  return filterKeys.filter((key) => values[key]).length;
}
