import { Hono } from "hono";
import { languageFromCookie } from "../i18n/language.ts";
import type { ApiEnv } from "../access/api-env.ts";
import { answers, describeRoute, messageSchema } from "../http/openapi.ts";
import { parseJsonBody } from "../http/validation.ts";
import { createLeadSchema } from "./leads.schemas.ts";
import { createLead } from "./leads.service.ts";

/** The landing page's waitlist: answers in the page's language (Portuguese unless the visitor chose English). */
export const leadRoutes = new Hono<ApiEnv>().post(
  "/",
  describeRoute({
    tag: "Waitlist",
    summary: "Join the waiting list",
    description:
      "Public; the landing page's waitlist. Its messages, refusals included, are in Portuguese unless the `lang` " +
      "cookie says `en`. The e-mail is stored trimmed and lower-cased, the phone as `(DD) NNNNN-NNNN` (at least 10 " +
      "digits). `LEAD_ALREADY_LISTED` when the address is listed; `RATE_LIMITED` after 10 sign-ups per client IP per hour.",
    answer: answers.created(messageSchema),
    body: createLeadSchema,
    errors: ["LEAD_ALREADY_LISTED", "RATE_LIMITED"],
  }),
  async (c) => {
    const language = languageFromCookie(c.req.raw) ?? "pt-BR";
    // Its refusals too, whatever Accept-Language says.
    c.set("language", language);
    const input = await parseJsonBody(c.req.raw, createLeadSchema);
    const ip = c.req.header("CF-Connecting-IP") ?? "local";
    return c.json({ data: await createLead(c.get("services"), input, { ip, language }) }, 201);
  },
);
