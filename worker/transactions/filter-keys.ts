/**
 * The transaction list's filters by their API names: the query parameters the list API takes and
 * the page keeps in its address. Plain data, so the page reads them without loading zod.
 */
export const transactionFilterKeys = [
  "from",
  "to",
  "type",
  "account_id",
  "card_id",
  "tag_id",
  "payee_id",
  "search",
  "min_amount",
  "max_amount",
  "has_receipt",
] as const;
/** `tag_id=none`: the transactions that carry no tag (the reports' "No tag" row opens them). */
export const untaggedFilter = "none";

export type TransactionFilterKey = (typeof transactionFilterKeys)[number];
