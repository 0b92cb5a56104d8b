import type { RecurringResponse } from "../../../worker/planning/recurring/recurring.service";
import type { ScheduledResponse } from "../../../worker/planning/scheduled/scheduled.service";

/** A scheduled (one-off) and a recurring item as their pages receive them: the API's shapes (SPEC §3). */
export type ScheduledItem = ScheduledResponse;
export type RecurringItem = RecurringResponse;
