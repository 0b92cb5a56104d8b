import { z } from "zod";
import { formatBrazilianPhone, leadLimits, leadMessages, phoneDigits, type LeadLanguage } from "./leads.rules.ts";

/** POST /api/leads, in the landing page's language (the dialog checks first with leads.rules.ts). */
export function leadSchemaFor(language: LeadLanguage) {
  const text = leadMessages[language];
  return z.object({
    name: z.string({ error: text.nameRequired }).trim().min(1, text.nameRequired).max(leadLimits.nameMaxLength, text.tooLong),
    email: z
      .string({ error: text.emailRequired })
      .trim()
      .min(1, text.emailRequired)
      .max(leadLimits.emailMaxLength, text.emailInvalid)
      .pipe(z.email(text.emailInvalid))
      .transform((email) => email.toLowerCase()),
    phone: z
      .string({ error: text.phoneRequired })
      .transform(phoneDigits)
      .pipe(z.string().min(1, { error: text.phoneRequired, abort: true }).min(leadLimits.phoneMinDigits, text.phoneShort))
      .transform(formatBrazilianPhone),
    source: z.literal("waitlist", { error: text.source }).default("waitlist"),
  });
}

/** Portuguese, the landing page's first language. */
export const createLeadSchema = leadSchemaFor("pt-BR");

export type CreateLeadInput = z.infer<typeof createLeadSchema>;
