import type { botLinks, users } from "../../db/schema/index.ts";
import type { Env } from "../env.ts";
import { resolveTier } from "../tiers/tiers.ts";
import type { z } from "zod";
import type { assistantStatusSchema } from "./link.responses.ts";

const hidden = "••••";

/**
 * A linked phone as the settings page shows it: the country and area codes and the last four
 * digits ("5511987654321" → "+55 11 ••••-4321"), enough to recognise one's own phone. Brazilian
 * and North American numbers are read by their plan; any other keeps its first two digits.
 */
export function maskPhone(phone: string): string {
  const lastFour = phone.slice(-4);
  if (phone.startsWith("55") && (phone.length === 12 || phone.length === 13))
    return `+55 ${phone.slice(2, 4)} ${hidden}-${lastFour}`;
  if (phone.startsWith("1") && phone.length === 11) return `+1 ${phone.slice(1, 4)} •••-${lastFour}`;
  return `+${phone.slice(0, 2)} ${hidden} ${lastFour}`;
}

/** The configured number, or null when unset or blank. */
export const whatsappNumberOf = (env: Pick<Env, "WHATSAPP_DISPLAY_NUMBER">) =>
  env.WHATSAPP_DISPLAY_NUMBER?.trim() || null;

export function toAssistantStatus(
  user: Pick<typeof users.$inferSelect, "tier" | "hasBetaAccess">,
  link: Pick<typeof botLinks.$inferSelect, "phone" | "linkedAt"> | undefined,
  env: Pick<Env, "WHATSAPP_DISPLAY_NUMBER">,
  isLinkCodeBurned: boolean,
): z.infer<typeof assistantStatusSchema> {
  return {
    available: resolveTier(user).features.whatsapp_bot,
    linked: link !== undefined,
    phone_masked: link ? maskPhone(link.phone) : null,
    linked_at: link?.linkedAt ?? null,
    whatsapp_number: whatsappNumberOf(env),
    link_code_burned: isLinkCodeBurned,
  };
}
