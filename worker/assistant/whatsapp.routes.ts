import { Hono } from "hono";
import type { ApiEnv } from "../access/api-env.ts";
import { bodyLimits } from "../http/body-limits.ts";
import { AppError } from "../http/errors.ts";
import { answerMessages, sortDelivery } from "./whatsapp-delivery.ts";
import { isSignedByMeta, secretsMatch } from "./whatsapp-signature.ts";
import { readWebhook } from "./whatsapp-webhook.schemas.ts";

/** A delivery is a few KB; Meta batches at most a handful of messages. Anything near this is not Meta. */
export const maxWebhookBodyBytes = 1024 * 1024;

function readJson(body: Uint8Array): unknown {
  try {
    return JSON.parse(new TextDecoder().decode(body));
  } catch {
    return undefined;
  }
}

/**
 * /whatsapp/webhook: the WhatsApp Cloud API's webhook. Public — Meta holds no session; it proves
 * itself with the verify token (GET, when the webhook is subscribed) and the app secret's signature
 * on every delivery (POST). No cookie is read, so the Origin check of cookie-authenticated writes
 * does not apply.
 */
export const whatsappRoutes = new Hono<ApiEnv>()
  .get("/webhook", (c) => {
    const expected = c.env.WHATSAPP_VERIFY_TOKEN;
    const token = c.req.query("hub.verify_token");
    const isSubscription = c.req.query("hub.mode") === "subscribe";
    if (!isSubscription || !expected || token === undefined || !secretsMatch(token, expected)) {
      throw new AppError("FORBIDDEN", "errors:details.webhookVerification");
    }
    return c.text(c.req.query("hub.challenge") ?? "", 200);
  })
  .post("/webhook", bodyLimits.json(maxWebhookBodyBytes, "1 MB"), async (c) => {
    const services = c.get("services");
    // The signature covers the bytes as sent: they are checked before anything is parsed.
    const body = new Uint8Array(await c.req.arrayBuffer());
    if (!(await isSignedByMeta(body, c.req.header("X-Hub-Signature-256"), c.env.WHATSAPP_APP_SECRET))) {
      services.log.warn("whatsapp.signature_refused", {
        has_signature: c.req.header("X-Hub-Signature-256") !== undefined,
        is_configured: Boolean(c.env.WHATSAPP_APP_SECRET),
      });
      throw new AppError("UNAUTHENTICATED", "errors:details.webhookSignature");
    }
    const contents = readWebhook(readJson(body));
    if (!contents) {
      // Signed by Meta yet unreadable: answering 4xx or 5xx would only make Meta retry the same bytes
      // for days (its delivery retries any non-2xx). Acknowledge it and leave the evidence in the log.
      services.log.warn("whatsapp.payload_unreadable", { bytes: body.byteLength });
      return c.json({ data: { accepted: 0, skipped: 0, statuses: 0 } });
    }
    const { messages, summary } = sortDelivery(services, contents);
    // Meta wants its answer within seconds: the conversation and the replies run after the response.
    if (messages.length > 0) services.defer(answerMessages(services, messages));
    return c.json({ data: summary });
  });
