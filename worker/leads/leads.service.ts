import { asc, eq } from "drizzle-orm";
import type { Language } from "../i18n/language.ts";
import { batchByName } from "../../db/named-batch.ts";
import { leads } from "../../db/schema/index.ts";
import { countHit, retryAfter, type RateLimitRule } from "../access/rate-limit.ts";
import type { ServiceContext } from "../context.ts";
import { AppError } from "../http/errors.ts";
import type { CreateLeadInput } from "./leads.schemas.ts";

/** Ten sign-ups an hour from one address is generous for a family sharing Wi-Fi, and stops a script. */
export const leadsPerIp: RateLimitRule = { limit: 10, windowSeconds: 60 * 60 };

/** The thank-you; refusals are keys, answered in the route's language (leads.routes.ts). */
const thanks = {
  "pt-BR": "Obrigado por se inscrever! Entraremos em contato em breve.",
  en: "Thanks for signing up! We'll be in touch soon.",
} as const;

/**
 * POST /leads: one round trip to count the request and look for the address (compared
 * trimmed and lower-cased), one to store it; the unique index settles a race.
 */
export async function createLead(
  ctx: ServiceContext,
  input: CreateLeadInput,
  origin: { ip: string; language: Language },
) {
  const now = ctx.clock.now();
  const {
    rows: { hits, existing },
  } = await batchByName(ctx.db, [], {
    hits: ctx.db.all<{ hits: number; window_started_at: string }>(countHit(`leads-ip:${origin.ip}`, leadsPerIp, now)),
    existing: ctx.db.select({ id: leads.id }).from(leads).where(eq(leads.email, input.email)),
  });
  const wait = retryAfter(hits[0], leadsPerIp, now);
  if (wait !== null) throw new AppError("RATE_LIMITED", "errors:details.leadsTooMany", { retryAfterSeconds: wait });
  if (existing.length > 0) throw new AppError("LEAD_ALREADY_LISTED", "errors:details.leadAlreadyListed");
  const inserted = await ctx.db
    .insert(leads)
    .values({ ...input, createdAt: now.toISOString() })
    .onConflictDoNothing({ target: leads.email })
    .returning({ id: leads.id });
  if (inserted.length === 0) throw new AppError("LEAD_ALREADY_LISTED", "errors:details.leadAlreadyListed");
  ctx.log.info("lead.created", { lead_id: inserted[0]!.id });
  return { message: thanks[origin.language] };
}

/** Every lead, oldest first, for the operator command. */
export async function listLeads(ctx: Pick<ServiceContext, "db">) {
  return ctx.db.select().from(leads).orderBy(asc(leads.createdAt));
}
