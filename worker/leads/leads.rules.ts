/**
 * The waitlist's field rules without zod: the phone mask, the limits and the messages in both
 * languages. leads.schemas.ts builds the API's schema on the same limits (its messages are keys of
 * errors.json with these same sentences: tests/node/leads/rules.test.ts), and the landing page's
 * script (app/components/landing/script), which loads no i18next, checks the dialog with them
 * before it sends anything.
 */

/** Digits only, at most 11 (DDD + number), as the landing page's phone mask keeps them. */
export function phoneDigits(value: string): string {
  return value.replace(/\D/g, "").slice(0, 11);
}

/** "(DD) NNNNN-NNNN" from up to 11 digits, formatted as the person types. */
export function formatBrazilianPhone(value: string): string {
  const digits = phoneDigits(value);
  if (digits.length === 0) return "";
  if (digits.length <= 2) return `(${digits}`;
  if (digits.length <= 7) return `(${digits.slice(0, 2)}) ${digits.slice(2)}`;
  return `(${digits.slice(0, 2)}) ${digits.slice(2, 7)}-${digits.slice(7)}`;
}

export const leadLimits = { nameMaxLength: 100, emailMaxLength: 254, phoneMinDigits: 10 } as const;

export const leadMessages = {
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

export type LeadLanguage = keyof typeof leadMessages;
export const leadFields = ["name", "email", "phone"] as const;
export type LeadField = (typeof leadFields)[number];
export type LeadFieldErrors = Partial<Record<LeadField, string[]>>;

// A quick shape check for the browser; the API's z.email() stays the authority and answers 422.
const emailShape = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;

/** The browser's check before sending: what the schema would refuse, in the page's language. */
export function leadFieldErrors(values: Record<LeadField, string>, language: LeadLanguage): LeadFieldErrors {
  const text = leadMessages[language];
  const errors: LeadFieldErrors = {};
  const name = values.name.trim();
  const email = values.email.trim();
  const phone = phoneDigits(values.phone);
  if (!name) errors.name = [text.nameRequired];
  else if (name.length > leadLimits.nameMaxLength) errors.name = [text.tooLong];
  if (!email) errors.email = [text.emailRequired];
  else if (email.length > leadLimits.emailMaxLength || !emailShape.test(email)) errors.email = [text.emailInvalid];
  if (!phone) errors.phone = [text.phoneRequired];
  else if (phone.length < leadLimits.phoneMinDigits) errors.phone = [text.phoneShort];
  return errors;
}
