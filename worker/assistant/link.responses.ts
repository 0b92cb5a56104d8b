import { z } from "zod";

/** The assistant's part of GET /profile (AssistantStatus in ./link-code.ts, which the settings page reads). */
export const assistantStatusSchema = z.object({
  /** The user's plan includes the assistant (`whatsapp_bot`). */
  available: z.boolean(),
  linked: z.boolean(),
  /** "+55 11 ••••-4321": enough to recognise one's own phone, not to read the number. */
  phone_masked: z.string().nullable(),
  linked_at: z.string().nullable(),
  whatsapp_number: z.string().nullable(),
  /** The user's code, still within its 10 minutes, stopped working after too many wrong tries: a new one is needed. */
  link_code_burned: z.boolean(),
});

/** POST /profile/assistant/link-code (LinkCodeResponse in ./link-code.ts). */
export const linkCodeSchema = z.object({
  code: z.string(),
  expires_at: z.string(),
  /** What to send from the phone: "VINCULAR 482913" (LINK works too). */
  message: z.string(),
  whatsapp_number: z.string().nullable(),
});

/** DELETE /profile/assistant/link: false when no phone was linked. */
export const unlinkedSchema = z.object({ unlinked: z.boolean() });
