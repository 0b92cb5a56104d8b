import { describe, expect, it } from "vitest";
import { leadFieldErrors, leadFields, type LeadField, type LeadLanguage } from "../../../worker/leads/leads.rules.ts";
import { serverI18n } from "~/lib/i18n.server";
import { fieldErrorsFrom } from "../../../worker/http/validation.ts";
import { createLeadSchema } from "../../../worker/leads/leads.schemas.ts";

const samples: Array<Record<LeadField, string>> = [
  { name: "", email: "", phone: "" },
  { name: "  Ana Souza ", email: " Ana@Exemplo.com.br ", phone: "11987654321" },
  { name: "A".repeat(101), email: "ana@exemplo", phone: "119876" },
  { name: "Ana", email: "ana exemplo.com", phone: "(21) 3456-7890" },
];

/** The schema's first message per refused field, in the language, the way the API answers them. */
function schemaErrors(values: Record<LeadField, string>, language: LeadLanguage) {
  const parsed = createLeadSchema.safeParse({ ...values, source: "waitlist" });
  const { t } = serverI18n(language);
  const fieldMessages = parsed.success ? {} : fieldErrorsFrom(parsed.error);
  return Object.fromEntries(
    Object.entries(fieldMessages).map(([field, [first]]) => [field, t(first!.key, first!.values ?? {})]),
  );
}

describe("the waitlist dialog's check before sending", () => {
  for (const language of ["pt-BR", "en"] as const) {
    it(`refuses what the API's schema refuses, with the same first message (${language}, its words from errors.json)`, () => {
      for (const values of samples) {
        const checked = leadFieldErrors(values, language);
        const firstMessages = Object.fromEntries(
          leadFields.flatMap((field) => (checked[field] ? [[field, checked[field]![0]]] : [])),
        );
        expect(firstMessages, JSON.stringify(values)).toEqual(schemaErrors(values, language));
      }
    });
  }
});
