import { z } from "zod";
import { scheduledStatuses } from "../../../db/enums.ts";
import { dateSchema } from "../../ledger/dates.schemas.ts";
import { pageSchema, perPageSchema } from "../../transactions/transactions.schemas.ts";
import { templateLegFields, templateSchema } from "../planned.schemas.ts";

/** POST and PUT /scheduled-transactions. */
export const scheduledSchema = templateSchema.extend({
  scheduled_date: z.string({ error: "errors:fields.dateRequired" }).pipe(dateSchema),
});
export type ScheduledInput = z.infer<typeof scheduledSchema>;

/** The same body as a client sends it, for the API's document. */
export const scheduledPayloadSchema = scheduledSchema
  .omit({ origin: true, destination: true })
  .extend(templateLegFields);

/** GET /scheduled-transactions: status and date-range filters, paged like transactions. */
export const scheduledFiltersSchema = z.object({
  page: pageSchema,
  per_page: perPageSchema,
  status: z.enum(scheduledStatuses, { error: "errors:fields.status" }).optional(),
  from: dateSchema.optional(),
  to: dateSchema.optional(),
});
export type ScheduledFilters = z.infer<typeof scheduledFiltersSchema>;
