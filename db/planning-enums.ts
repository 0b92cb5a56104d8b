// Apart from db/enums.ts, whose values every page's first load carries: only the recurrence step and the
// loan dialogs read these in the browser.

/** How often a recurring transaction repeats (README: "Scheduled and recurring transactions"). */
export const recurrenceFrequencies = ["daily", "weekly", "monthly", "yearly"] as const;
export type RecurrenceFrequency = (typeof recurrenceFrequencies)[number];
/** An occurrence on a Saturday or Sunday is posted that day, the Friday before or the Monday after. */
export const weekendRules = ["as_is", "friday_before", "monday_after"] as const;
export type WeekendRule = (typeof weekendRules)[number];
/** What a loan is for (README: "Loans"). */
export const loanTypes = ["personal", "mortgage", "auto", "student", "business", "other"] as const;
export type LoanType = (typeof loanTypes)[number];
