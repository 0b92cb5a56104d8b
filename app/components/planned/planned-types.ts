import type { RecurringResponse } from "../../../worker/planning/recurring/recurring.service";
import type { ScheduledResponse } from "../../../worker/planning/scheduled/scheduled.service";

/**
 * A scheduled (one-off) and a recurring item as their pages receive them: the API's shapes
 * (worker/planning/scheduled/scheduled.responses.ts, worker/planning/recurring/recurring.responses.ts).
 */
export type ScheduledItem = ScheduledResponse;
export type RecurringItem = RecurringResponse;
