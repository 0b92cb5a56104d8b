import type { Language } from "~/lib/i18n";
import { parseTypedAmount } from "~/lib/typed-amount";
import { type AmountFilterRefusals, amountFilterKeys, type FilterValues } from "./filters";

/**
 * Why each typed amount filter cannot be read in the page's language (blank ones are fine). The
 * loader works it out for the address the page renders; the filter form loads this module after
 * the page, to check what is typed before it is sent.
 */
export function refusedAmountFilters(values: FilterValues, language: Language): AmountFilterRefusals {
  return Object.fromEntries(
    amountFilterKeys.flatMap((key) => {
      const typed = values[key]?.trim();
      const read = typed ? parseTypedAmount(typed, language) : null;
      return read && !read.ok ? [[key, read.reason]] : [];
    }),
  );
}
