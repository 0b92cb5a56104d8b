/**
 * `npm run whatsapp:templates` — prints the reminders' WhatsApp templates as Meta's Message Templates API
 * takes them (POST /{whatsapp-business-account-id}/message_templates), one JSON body per line, every template
 * in English and Brazilian Portuguese: category UTILITY, named parameters, an example for each. The text
 * comes from locales/<language>/reminders.json, so what Meta approves is what the app sends
 * (worker/reminders/whatsapp-reminders.ts). Register them with the names the app is configured with.
 */
import type { Language } from "../worker/i18n/language.ts";
import {
  templateKeys,
  templateLanguages,
  templateName,
  templateParameters,
  templateText,
} from "../worker/reminders/whatsapp-reminders.ts";

/** What Meta's reviewers see in place of each parameter. */
const examples: Record<string, Record<Language, string>> = {
  name: { en: "Nubank", "pt-BR": "Nubank" },
  amount: { en: "R$1,250.00", "pt-BR": "R$ 1.250,00" },
  closing: { en: "Nov 20, 2026", "pt-BR": "20 de nov. de 2026" },
  due: { en: "Nov 30, 2026", "pt-BR": "30 de nov. de 2026" },
  date: { en: "Nov 28, 2026", "pt-BR": "28 de nov. de 2026" },
  from: { en: "Itaú", "pt-BR": "Itaú" },
  to: { en: "Nubank", "pt-BR": "Nubank" },
  percent: { en: "85%", "pt-BR": "85%" },
  spent: { en: "R$850.00", "pt-BR": "R$ 850,00" },
  available: { en: "R$1,000.00", "pt-BR": "R$ 1.000,00" },
  balance: { en: "-R$120.00", "pt-BR": "-R$ 120,00" },
  before: { en: "R$730.00", "pt-BR": "R$ 730,00" },
  cause: { en: "Rent", "pt-BR": "Aluguel" },
  workspace: { en: "Home", "pt-BR": "Casa" },
  details: {
    en: "Most went to Groceries (R$420.00). 3 items are due in the next 7 days.",
    "pt-BR": "A maior parte foi para Mercado (R$ 420,00). 3 itens vencem nos próximos 7 dias.",
  },
};

for (const key of templateKeys) {
  for (const language of ["en", "pt-BR"] as const) {
    const text = templateText(key, language);
    const body = {
      name: templateName({}, key),
      category: "UTILITY",
      language: templateLanguages[language],
      parameter_format: "NAMED",
      components: [
        {
          type: "BODY",
          text,
          example: {
            body_text_named_params: templateParameters(text).map((name) => ({
              param_name: name,
              example: examples[name]?.[language] ?? name,
            })),
          },
        },
      ],
    };
    console.log(JSON.stringify(body));
  }
}
