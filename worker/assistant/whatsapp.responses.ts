import { z } from "zod";

/**
 * What a signed delivery is answered with, at once: the messages to be answered after the response,
 * the messages skipped (older than 24 hours, addressed to another business number, or unreadable) and
 * the status callbacks logged.
 */
export const deliverySummarySchema = z.object({
  accepted: z.number().int(),
  skipped: z.number().int(),
  statuses: z.number().int(),
});
