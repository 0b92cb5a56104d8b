import { z } from "zod";
import { formatBrazilianPhone, leadLimits, phoneDigits } from "./leads.rules.ts";

/**
 * POST /api/leads (the dialog checks first with leads.rules.ts, whose sentences match these keys'
 * in locales/<language>/errors.json: tests/node/leads/rules.test.ts holds them together).
 */
export const createLeadSchema = z.object({
  name: z
    .string({ error: "errors:fields.leadNameRequired" })
    .trim()
    .min(1, "errors:fields.leadNameRequired")
    .max(leadLimits.nameMaxLength, "errors:fields.tooLong"),
  email: z
    .string({ error: "errors:fields.leadEmailRequired" })
    .trim()
    .min(1, "errors:fields.leadEmailRequired")
    .max(leadLimits.emailMaxLength, "errors:fields.leadEmailInvalid")
    .pipe(z.email("errors:fields.leadEmailInvalid"))
    .transform((email) => email.toLowerCase()),
  phone: z
    .string({ error: "errors:fields.leadPhoneRequired" })
    .transform(phoneDigits)
    .pipe(
      z
        .string()
        .min(1, { error: "errors:fields.leadPhoneRequired", abort: true })
        .min(leadLimits.phoneMinDigits, "errors:fields.leadPhoneShort"),
    )
    .transform(formatBrazilianPhone),
  source: z.literal("waitlist", { error: "errors:fields.leadSource" }).default("waitlist"),
});

export type CreateLeadInput = z.infer<typeof createLeadSchema>;
