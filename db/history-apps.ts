/**
 * The apps whose exports "Bring your history" reads (worker/move-in/history-formats.ts). Apart from
 * db/enums.ts, whose values every page's first load carries: only the move-in dialog's screen reads it.
 */
export const historyApps = ["organizze", "mobills", "ynab", "actual", "firefly"] as const;
export type HistoryApp = (typeof historyApps)[number];
