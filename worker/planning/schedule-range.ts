import { fieldError } from "../http/errors.ts";
import { dateRangeYears, isWithinDateRange } from "../ledger/date-range.ts";

/**
 * A schedule — installments, a loan's payments, a recurring rule's count — whose last date would
 * fall after the last date Moneta keeps is refused at `field` when it is made or edited, never cut
 * short or produced past it later (docs/decisions/038-dates-from-1900-to-2199.md). Its first date is
 * a field's, already in the range, so only the end can pass it.
 */
export function assertScheduleEndsInRange(lastDate: string, field: string): void {
  if (!isWithinDateRange(lastDate)) throw scheduleTooLong(field);
}

/** The refusal itself, for a schedule that knows it ends too late without naming its last date. */
export const scheduleTooLong = (field: string) =>
  fieldError(field, "errors:fields.scheduleTooLong", { values: { last: dateRangeYears.last } });
