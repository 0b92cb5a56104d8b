import type { Language } from "~/lib/i18n";
import { parseTypedAmount } from "~/lib/typed-amount";
import type { AmountFilterKey, AmountFilterRefusals } from "./filters";

/**
 * Why each typed amount filter cannot be read in the page's language (blank ones are fine). The
 * loader works it out for the address the page renders; the filter form loads this module after
 * the page, to check what is typed before it is sent.
 */
export function refusedAmountFilters(
  amounts: Partial<Record<AmountFilterKey, string>>,
  language: Language,
): AmountFilterRefusals {
  return Object.fromEntries(
    Object.entries(amounts).flatMap(([key, value]) => {
      const typed = value?.trim();
      const read = typed ? parseTypedAmount(typed, language) : null;
      return read && !read.ok ? [[key, read.reason]] : [];
    }),
  );
}
