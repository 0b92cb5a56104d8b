/**
 * What Moneta needs from a bank-data provider, whoever it is (docs/bank-connections.md): the accounts a
 * connection reaches and their lines, in Moneta's terms. Each provider's client (pluggy.ts, simplefin.ts)
 * turns its own answers into these shapes, so the sync never sees a provider's spelling, sign or units.
 * Money stays text: a signed decimal in the account's currency, never a float.
 */

export type RemoteAccountKind = "checking" | "savings" | "credit_card";

export type RemoteAccount = {
  /** The provider's id of the account, stable across syncs. */
  remoteId: string;
  kind: RemoteAccountKind;
  /** As the bank names it: "Conta Corrente", "Nubank Ultravioleta". */
  name: string;
  /** The bank: "Nubank", "Banco Sandbox". */
  institution: string;
  /** ISO 4217 code. */
  currency: string;
  /** Last digits or the number the bank shows, when it gives one. */
  number: string | null;
  /**
   * The balance as the person has it: a signed decimal in `currency`. A card's is what is owed, negative
   * ("-1520.33"); a bank account's is what is in it.
   */
  balance: string;
  /** When the bank stated that balance (ISO instant). */
  balanceAt: string;
  /** Cards only: the limit and the current bill's closing and due days (YYYY-MM-DD), when the bank says. */
  card: { creditLimit: string | null; closingDate: string | null; dueDate: string | null } | null;
};

export type RemoteInstallment = {
  /** This line is installment `number` of `total` ("PARCELA 3/10"). */
  number: number;
  total: number;
  /** The whole purchase, when the bank says (signed like `amount`). */
  totalAmount: string | null;
  /** The day of the purchase (YYYY-MM-DD), when the bank says. */
  purchaseDate: string | null;
};

export type RemoteLine = {
  /** The provider's id of the line, unique within its account: Moneta's bank id for it. */
  remoteId: string;
  /** The day the bank dates it (YYYY-MM-DD, the bank's own calendar day). */
  date: string;
  /**
   * A signed decimal in the account's currency: negative is money leaving the account, or a purchase on
   * a card (what is owed grows); positive is money arriving, or a payment or refund on a card.
   */
  amount: string;
  /** The bank's text for the line. */
  description: string;
  /** The merchant or counterpart's name, when the provider knows it. */
  payee: string | null;
  pending: boolean;
  installment: RemoteInstallment | null;
  /** Cards: the provider's id of the bill (fatura) the line is on, when it says. */
  billId: string | null;
};

export type RemoteBill = {
  remoteId: string;
  /** YYYY-MM-DD */
  dueDate: string;
  /** What the bill asks to be paid, positive, in `currency`. */
  total: string;
  currency: string;
};

/** A page of an account's lines; `next` is handed back to get the following page, null after the last. */
export type RemoteLinePage = { lines: RemoteLine[]; next: string | null };

/**
 * Why a provider call failed, in the words the connection's status is shown in:
 * - `credentials`: the bank wants the person to sign in again, or the access was revoked (Pluggy's
 *   LOGIN_ERROR, SimpleFIN's 403); retrying will not help.
 * - `consent_expired`: the Open Finance consent ran out; the person renews it.
 * - `rate_limited`: the provider asks to wait (`retryAfterSeconds` when it says how long).
 * - `unavailable`: the provider or bank is down or slow (5xx, timeouts) after the client's retries.
 * - `refused`: the provider refused what we sent (a setup token already claimed, an unknown item).
 * - `unreadable`: an answer that does not have the documented shape.
 */
export type BankProviderFailure =
  | "credentials"
  | "consent_expired"
  | "rate_limited"
  | "unavailable"
  | "refused"
  | "unreadable";

export class BankProviderError extends Error {
  readonly failure: BankProviderFailure;
  readonly retryAfterSeconds: number | null;

  constructor(failure: BankProviderFailure, message: string, retryAfterSeconds: number | null = null) {
    super(message);
    this.name = "BankProviderError";
    this.failure = failure;
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

/** The days to fetch: `from` and `to` inclusive, YYYY-MM-DD. */
export type DayWindow = { from: string; to: string };

/**
 * One provider. `access` is what reaches one connection: Pluggy's item id, or SimpleFIN's access URL
 * (decrypted by the caller, never logged). Every call has a time limit and retries what is worth
 * retrying (429 after the time asked, 5xx and timeouts with backoff) a bounded number of times, then
 * throws a BankProviderError.
 */
export interface BankProvider {
  readonly name: "pluggy" | "simplefin";
  accounts(access: string): Promise<RemoteAccount[]>;
  /** The account's lines dated within `window`, a page at a time (`cursor` null for the first page). */
  lines(access: string, remoteAccountId: string, window: DayWindow, cursor: string | null): Promise<RemoteLinePage>;
  /** A card's bills (an empty list where the provider has none). */
  bills(access: string, remoteAccountId: string): Promise<RemoteBill[]>;
}
