import { Hono } from "hono";
import { languageFromCookie } from "../i18n/language.ts";
import type { ApiEnv } from "../http/api-env.ts";
import { parseJsonBody } from "../http/validation.ts";
import { createLeadSchema } from "./leads.schemas.ts";
import { createLead } from "./leads.service.ts";

/** The landing page's waitlist: answers in the page's language (Portuguese unless the visitor chose English). */
export const leadRoutes = new Hono<ApiEnv>().post("/", async (c) => {
  const language = languageFromCookie(c.req.raw) ?? "pt-BR";
  // Its refusals too, whatever Accept-Language says.
  c.set("language", language);
  const input = await parseJsonBody(c.req.raw, createLeadSchema);
  const ip = c.req.header("CF-Connecting-IP") ?? "local";
  return c.json({ data: await createLead(c.get("services"), input, { ip, language }) }, 201);
});
