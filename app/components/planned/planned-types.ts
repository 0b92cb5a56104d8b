import type { RecurringResponse } from "../../../worker/planning/recurring/recurring.service";
import type { ScheduledResponse } from "../../../worker/planning/scheduled/scheduled.service";

/**
 * A scheduled (one-off) and a recurring item as their pages receive them: the API's shapes
 * (docs/api.md, "Scheduled transactions" and "Recurring transactions").
 */
export type ScheduledItem = ScheduledResponse;
export type RecurringItem = RecurringResponse;
