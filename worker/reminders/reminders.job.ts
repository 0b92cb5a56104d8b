import type { DueItemExecutor } from "../jobs/runner.ts";
import { decideReminders } from "./reminder-decider.ts";
import { deliverReminders } from "./reminder-delivery.ts";

/** Wall time a tick spends on reminders before leaving the rest to the next. */
const tickBudgetMs = 20_000;

/**
 * The cron's reminders (README: "Reminders"): each tick decides the day of every workspace whose local
 * day has turned, then sends what has come due. Both halves stop at the tick's budget and carry on at
 * the next.
 */
export const remindersExecutor: DueItemExecutor = {
  name: "reminders",
  async execute(ctx, outcome) {
    const deadline = Date.now() + tickBudgetMs;
    await decideReminders(ctx, outcome, deadline);
    await deliverReminders(ctx, outcome, deadline);
  },
};
