import type { HistoryApp } from "../../db/history-apps.ts";

/**
 * Another app's export, as Moneta reads it before deciding anything: one row per line of the file
 * that moved money, in the app's own words (account names, category names), with dates and amounts
 * already exact. Each app's reader (./history-formats.ts) writes these; the plan (./move-in-plan.ts)
 * decides what they become.
 */
export type HistoryRow = {
  /** The file's line (1-based) where the row starts. */
  line: number;
  /** YYYY-MM-DD. */
  date: string;
  /** The account or card the row happened in, as the app names it. */
  account: string;
  /** When the app says so: the row's account is a credit card. */
  isCard?: boolean;
  /** Signed decimal text with a point, from the account's side: negative leaves it. Never a float. */
  amount: string;
  /** The row's currency, when the file says one (ISO 4217). */
  currency: string | null;
  description: string;
  /** The category and its subcategory, as the app names them ([] without one). */
  category: string[];
  note: string | null;
  /**
   * The person's other account, when the row moves money between their own accounts (a transfer, a
   * card's payment). Apps that write a transfer once (Firefly III) and apps that write each side in its
   * account (YNAB, Actual, Organizze) both give it; the plan pairs the two sides into one transfer.
   */
  transferAccount: string | null;
  /** When the other account is a card (an app that says so). */
  isTransferToCard?: boolean;
  /** The account's opening balance written as a row (YNAB's "Starting Balance", Firefly's "Opening balance"). */
  isOpeningBalance?: boolean;
  /**
   * The rows an app writes for the parts of one split purchase share this key (unique in the file); the
   * plan makes them one transaction split in those parts when it can.
   */
  splitGroup?: string;
  /** A split's own description, when the app gives the whole one (Firefly III's group title). */
  splitTitle?: string;
};

/** A reader's result: the app, its rows, and what it left out (each said in the preview). */
export type HistoryFile = {
  app: HistoryApp;
  rows: HistoryRow[];
  /** Rows the reader left out, counted by why: not money moving (a budget assignment), a scheduled one not yet paid. */
  skipped: { unpaid: number; notMoney: number };
};

/** How account, card and category names are compared: case, accents and spacing aside ("ITAÚ  CC" is "itau cc"). */
export function nameKey(name: string): string {
  return name.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase().replace(/\s+/g, " ").trim();
}
