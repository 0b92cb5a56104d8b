import { z } from "zod";
import { payeeNameMaxLength } from "./payee-names.ts";

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const name = z
  .string({ error: "errors:fields.payeeName" })
  .trim()
  .min(1, "errors:fields.payeeName")
  .max(payeeNameMaxLength, "errors:fields.tooLong");

/** POST /payees and PUT /payees/{id}: its name, unique in the workspace whatever the letter case. */
export const payeeSchema = z.object({ name });
export type PayeeInput = z.infer<typeof payeeSchema>;

/** POST /payees/{id}/merge: the payee that takes everything the merged one had. */
export const mergePayeeSchema = z.object({
  into: z
    .string({ error: "errors:fields.payeeUnknown" })
    .regex(uuid, "errors:fields.payeeUnknown")
    .transform((id) => id.toLowerCase()),
});
export type MergePayeeInput = z.infer<typeof mergePayeeSchema>;
