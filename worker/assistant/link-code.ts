/**
 * Linking a phone to the assistant: the settings page shows a one-time code, the person
 * sends "VINCULAR 482913" (or "LINK 482913") from their phone, and the conversation hands the phone
 * and the code to linkPhoneByCode. No imports at all: the settings page reads these too, and
 * they add nothing to its weight.
 */
export const linkCodeDigits = 6;
export const linkCodeLifetimeMinutes = 10;

/** The words that introduce a link code; either works in either language. */
export const linkCommandWords = { "pt-BR": "VINCULAR", en: "LINK" } as const;

/** The message to send, in the page's language: "VINCULAR 482913" / "LINK 482913". */
export function linkMessageOf(code: string, language: keyof typeof linkCommandWords = "pt-BR"): string {
  return `${linkCommandWords[language]} ${code}`;
}

/** What linkPhoneByCode is handed: the phone as WhatsApp sends it in `from` (digits with the country code) and the code sent. */
export type LinkPhoneByCodeInput = { phone: string; code: string; now: Date };

/** POST /profile/assistant/link-code answers this. */
export type LinkCodeResponse = {
  code: string;
  expires_at: string;
  /** What to send from the phone: "VINCULAR 482913" (LINK works too). */
  message: string;
  /** The assistant's number as people read it, or null when none is configured. */
  whatsapp_number: string | null;
};

/** The assistant's part of GET /profile. */
export type AssistantStatus = {
  /** The user's plan includes the assistant (`whatsapp_bot`). */
  available: boolean;
  linked: boolean;
  /** "+55 11 ••••-4321": enough to recognise one's own phone, not to read the number. */
  phone_masked: string | null;
  linked_at: string | null;
  whatsapp_number: string | null;
  /** The user's code, still within its 10 minutes, stopped working after too many wrong tries: a new one is needed. */
  link_code_burned: boolean;
};

/** The digits of a number as people write it ("+55 11 4000-1234" → "551140001234"), for a wa.me link. */
export const digitsOf = (phone: string) => phone.replace(/\D/g, "");
