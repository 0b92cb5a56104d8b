import type { Language } from "~/lib/i18n";
import { parseTypedAmount } from "~/lib/typed-amount";
import { transactionFiltersSchema, type TransactionFilters } from "../../../worker/transactions/transactions.schemas";
import { amountFilterKeys, filterKeys, filterValuesOf } from "./filters";
import { perPage } from "~/components/ui/pagination";

/**
 * The query as service filters, the amounts read in the page's language. A value that does not
 * parse (a hand-edited address, a stale link) is dropped rather than failing the page; the rest
 * still apply, and the form says at the field why an amount was not.
 */
export function parseFilters(searchParams: URLSearchParams, language: Language): TransactionFilters {
  const raw: Record<string, string> = {
    ...filterValuesOf(searchParams),
    page: searchParams.get("page") ?? "1",
    per_page: String(perPage),
  };
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
