import { Hono } from "hono";
import type { ApiEnv } from "../access/api-env.ts";
import { bodyLimits } from "../http/body-limits.ts";
import { AppError } from "../http/errors.ts";
import { answers, describeRoute } from "../http/openapi.ts";
import { answerMessages, sortDelivery } from "./whatsapp-delivery.ts";
import { secretsMatch } from "../access/secrets-match.ts";
import { isSignedByMeta } from "./whatsapp-signature.ts";
import { readWebhook } from "./whatsapp-webhook.schemas.ts";
import { deliverySummarySchema } from "./whatsapp.responses.ts";

/** A delivery is a few KB; Meta batches at most a handful of messages. Anything near this is not Meta. */
export const maxWebhookBodyBytes = 1024 * 1024;

const tag = "WhatsApp assistant";

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
  .get(
    "/webhook",
    describeRoute({
      tag,
      summary: "Meta's subscription handshake",
      description:
        "With `hub.mode=subscribe` and `hub.verify_token` equal to the Worker's `WHATSAPP_VERIFY_TOKEN`, answers " +
        "`hub.challenge` as text. Any other mode, a wrong or missing token, or none configured: `FORBIDDEN`.",
      answer: answers.file("text/plain"),
      errors: ["FORBIDDEN"],
    }),
    (c) => {
      const expected = c.env.WHATSAPP_VERIFY_TOKEN;
      const token = c.req.query("hub.verify_token");
      const isSubscription = c.req.query("hub.mode") === "subscribe";
      if (!isSubscription || !expected || token === undefined || !secretsMatch(token, expected)) {
        throw new AppError("FORBIDDEN", "errors:details.webhookVerification");
      }
      return c.text(c.req.query("hub.challenge") ?? "", 200);
    },
  )
  .post(
    "/webhook",
    bodyLimits.json(maxWebhookBodyBytes, "1 MB"),
    describeRoute({
      tag,
      summary: "A delivery of messages and status callbacks",
      description:
        "The JSON Meta's messages webhook reference describes, at most 1 MB. `X-Hub-Signature-256` must be " +
        "`sha256=` and the hex HMAC-SHA256 of the raw body with the Worker's `WHATSAPP_APP_SECRET`, checked before " +
        "the body is read: missing, wrong or no secret configured is `UNAUTHENTICATED`, and nothing is done. A " +
        "signed delivery is answered at once and its messages after the response, through the Graph API; a signed " +
        "body that is no delivery we can read is answered with every count 0, since Meta retries any other answer.",
      answer: answers.data(deliverySummarySchema),
      upload: { types: ["application/json"] },
      errors: ["UNAUTHENTICATED", "UNSUPPORTED_MEDIA_TYPE"],
    }),
    async (c) => {
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
    },
  );
