import type { ShouldRevalidateFunctionArgs } from "react-router";
import type { LedgerActionResult } from "~/components/transactions/types";

/**
 * Every page the wizard opens on: an entry kept on the device changed nothing on the server, and
 * offline there is nothing to fetch, so the page keeps what it shows.
 */
export function keepsDataWhenKept({ actionResult, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  const result = actionResult as LedgerActionResult | undefined;
  if (result?.ok && result.kept) return false;
  if (result?.ok === false && result.code === "OFFLINE") return false;
  return defaultShouldRevalidate;
}
