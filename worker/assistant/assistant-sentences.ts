import { createInstance } from "i18next";
import english from "../../locales/en/assistant.json";
import portuguese from "../../locales/pt-BR/assistant.json";
import { formatAmountText, formatDate } from "../i18n/formats.ts";
import type { Language } from "../i18n/language.ts";
import { addDays } from "../ledger/dates.ts";

/**
 * The assistant's replies, from locales/{en,pt-BR}/assistant.json, in an i18next instance of its
 * own (like the API's error sentences): loaded at import, no page set-up.
 */
const sentences = createInstance();
void sentences.init({
  resources: { en: { assistant: english }, "pt-BR": { assistant: portuguese } },
  ns: ["assistant"],
  defaultNS: "assistant",
  fallbackLng: "en",
  interpolation: { escapeValue: false },
  initAsync: false,
});

export type Say = (key: string, values?: Record<string, unknown>) => string;

/** The reply sentences and formats of one language. */
export function repliesIn(language: Language) {
  const t = sentences.getFixedT(language);
  const say: Say = (key, values = {}) => t(key, values) as string;
  return {
    language,
    say,
    money: (amount: string, currency: string) => formatAmountText(amount, currency, language),
    /** "hoje", "ontem", or "em 20/11" / "on Nov 20". */
    day(date: string, today: string): string {
      if (date === today) return say("parts.today");
      if (date === addDays(today, -1)) return say("parts.yesterday");
      const style = date.slice(0, 4) === today.slice(0, 4) ? "dayMonth" : "medium";
      return say("parts.onDay", { date: formatDate(date, language, { style }) });
    },
    date: (date: string) => formatDate(date, language, { style: "medium" }),
    month: (date: string) => formatDate(date.slice(0, 7), language, { style: "monthYearLong" }),
  };
}

export type Replies = ReturnType<typeof repliesIn>;
