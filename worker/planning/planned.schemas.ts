import { z } from "zod";
import { legSchema, transactionSchema } from "../transactions/transactions.schemas.ts";

/*
 * What a scheduled or recurring item will post: a transaction without its date, shared by
 * both items' schemas and their forms.
 */

export const notesSchema = z.string().trim().max(1000, "errors:fields.tooLong").nullish();

/** The transaction fields of a planned item, in the second payload form: origin_id, destination_id. */
export const templateSchema = transactionSchema.omit({ date: true }).extend({ notes: notesSchema });
export type TemplateInput = z.infer<typeof templateSchema>;

const legField = (alias: string) =>
  legSchema.nullish().meta({ description: `"account:{uuid}" or "card:{uuid}"; also read as \`${alias}\`.` });

/** The legs as a client sends them, for the API's document: normaliseTemplateBody reads them as the template's. */
export const templateLegFields = { origin_id: legField("origin"), destination_id: legField("destination") };

/** `origin_id` / `destination_id` ("account:{uuid}" | "card:{uuid}") as the transaction schema reads them. */
export function normaliseTemplateBody(raw: unknown): unknown {
  if (!raw || typeof raw !== "object" || Array.isArray(raw)) return raw;
  const { origin_id, destination_id, ...rest } = raw as Record<string, unknown>;
  return { ...rest, origin: origin_id ?? rest.origin, destination: destination_id ?? rest.destination };
}
