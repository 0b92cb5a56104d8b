import { z } from "zod";
import { currencies, transactionKinds } from "../../db/enums.ts";

/** A payee as the API returns it, with what its transactions moved per kind and currency. */
export const payeeResponseSchema = z.object({
  uuid: z.string(),
  name: z.string(),
  /** How many transactions name it. */
  transactions: z.number().int(),
  totals: z
    .array(
      z.object({
        type: z.enum(transactionKinds),
        currency: z.enum(currencies),
        amount: z.string(),
        amount_cents: z.number().int(),
        transactions: z.number().int(),
      }),
    )
    .meta({ description: "Per kind (income, expense) and currency: what its transactions moved, largest first." }),
  created_at: z.string(),
});
