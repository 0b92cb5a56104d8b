import { z } from "zod";

/** Digits only, at most 11 (DDD + number), as the landing page's phone mask keeps them. */
export function phoneDigits(value: string): string {
  return value.replace(/\D/g, "").slice(0, 11);
}

/** "(DD) NNNNN-NNNN" from up to 11 digits, formatted as the person types (SPEC §5). */
export function formatBrazilianPhone(value: string): string {
  const digits = phoneDigits(value);
  if (digits.length === 0) return "";
  if (digits.length <= 2) return `(${digits}`;
  if (digits.length <= 7) return `(${digits.slice(0, 2)}) ${digits.slice(2)}`;
  return `(${digits.slice(0, 2)}) ${digits.slice(2, 7)}-${digits.slice(7)}`;
}

const messages = {
  "pt-BR": {
    nameRequired: "Nome é obrigatório",
    tooLong: "Use no máximo 100 caracteres",
    emailRequired: "Email é obrigatório",
    emailInvalid: "Por favor, insira um endereço de email válido",
    phoneRequired: "Telefone é obrigatório",
    phoneShort: "Informe o telefone com DDD",
    source: "Origem inválida",
  },
  en: {
    nameRequired: "Full name is required",
    tooLong: "Use at most 100 characters",
    emailRequired: "Email is required",
    emailInvalid: "Please enter a valid email address",
    phoneRequired: "Phone is required",
    phoneShort: "Enter the phone number with its area code",
    source: "Invalid source",
  },
} as const;

/** POST /api/leads and the waitlist dialog: one definition, in the landing page's language. */
export function leadSchemaFor(language: keyof typeof messages) {
  const text = messages[language];
  return z.object({
    name: z.string({ error: text.nameRequired }).trim().min(1, text.nameRequired).max(100, text.tooLong),
    email: z
      .string({ error: text.emailRequired })
      .trim()
      .min(1, text.emailRequired)
      .max(254, text.emailInvalid)
      .pipe(z.email(text.emailInvalid))
      .transform((email) => email.toLowerCase()),
    phone: z
      .string({ error: text.phoneRequired })
      .transform(phoneDigits)
      .pipe(z.string().min(1, { error: text.phoneRequired, abort: true }).min(10, text.phoneShort))
      .transform(formatBrazilianPhone),
    source: z.literal("waitlist", { error: text.source }).default("waitlist"),
  });
}

/** Portuguese, the landing page's first language. */
export const createLeadSchema = leadSchemaFor("pt-BR");

export type CreateLeadInput = z.infer<typeof createLeadSchema>;
