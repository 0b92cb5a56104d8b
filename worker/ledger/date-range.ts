/**
 * The dates Moneta keeps (docs/decisions/038-dates-from-1900-to-2199.md): every date a person types
 * and every date a schedule produces falls from the first to the last, both included. Within it a
 * year has four digits, so YYYY-MM-DD text sorts and compares as the calendar does.
 * No imports: the pages' date field reads it on their first load.
 */
export const earliestDate = "1900-01-01";
export const latestDate = "2199-12-31";

/** The range's years, as the sentences that name it take them ({{first}}, {{last}}). */
export const dateRangeYears = { first: earliestDate.slice(0, 4), last: latestDate.slice(0, 4) };

/**
 * Whether a date falls in the range. Its shape is checked first: "10000-01-31" sorts before
 * "2199-12-31" as text, and only a four-digit year compares as text the way it does as a number.
 */
export const isWithinDateRange = (date: string): boolean =>
  /^\d{4}-\d{2}-\d{2}$/.test(date) && date >= earliestDate && date <= latestDate;
