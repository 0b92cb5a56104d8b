import { z } from "zod";
import { scheduledStatuses } from "../../../db/enums.ts";
import { pageMetaSchema } from "../../http/openapi.ts";
import { plannedFailureSchema, templateResponseSchema } from "../planned.responses.ts";

/** A scheduled transaction as the API returns it: what it will post, on `scheduled_date`, and what became of it. */
export const scheduledResponseSchema = z.object({
  uuid: z.string(),
  status: z.enum(scheduledStatuses),
  scheduled_date: z.string(),
  ...templateResponseSchema.shape,
  /** The transaction it posted; null before, and again if that transaction is deleted. */
  transaction_id: z.string().nullable(),
  executed_at: z.string().nullable(),
  failure: plannedFailureSchema,
  created_at: z.string(),
  updated_at: z.string().nullable(),
});

/** GET /scheduled-transactions: a page, soonest first; `meta.today` is the workspace's today. */
export const scheduledListSchema = z.object({
  data: z.array(scheduledResponseSchema),
  meta: pageMetaSchema.extend({ today: z.string() }),
});
