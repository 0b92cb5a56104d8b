import type { SuggestedRate } from "../../../worker/currency/rate-queries";
import type { AccountOption } from "../../../worker/accounts/accounts.mapper";
import type { CardOption } from "../../../worker/cards/cards.mapper";
import type { FieldMessages } from "../../../worker/http/messages";
import type { ListedTransaction } from "../../../worker/transactions/transactions.mapper";

/** What the wizard needs of an account, a card and a tag; the API's responses fit as they are. */
export type { AccountOption, CardOption };
/** `parent_name`: a subcategory's category, which its label shows ("Casa › Luz"). */
export type TagOption = { uuid: string; name: string; color: string; parent_name?: string | null };
export type Transaction = ListedTransaction;

/** The options the wizard offers: the workspace's accounts, cards and tags. */
export type LedgerOptions = {
  accounts: AccountOption[];
  cards: CardOption[];
  tags: TagOption[];
  /** Kept rates between the accounts' currencies, which a transfer across them starts from (worker/currency/rate-queries.ts). */
  rates?: SuggestedRate[];
  /** The workspace's payees' names, offered as a payee is typed (pages that list payees give them). */
  payeeNames?: string[];
};

/** What a ledger page's action (transactions, scheduled, recurring) answers its forms: on failure, the code and the fields' message keys. */
export type LedgerActionResult =
  /**
   * `kept`: recorded offline and kept on the device until it can be sent (app/lib/offline-writes.ts);
   * `transactionId`: the transaction a create made, for the receipts chosen with it.
   */
  | { intent: string; ok: true; kept?: boolean; transactionId?: string }
  | { intent: string; ok: false; code: string; fieldErrors?: FieldMessages };
