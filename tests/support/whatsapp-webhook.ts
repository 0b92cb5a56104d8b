import { webhookSignature } from "../../worker/assistant/whatsapp-signature.ts";

/**
 * Webhook deliveries shaped as the WhatsApp Cloud API sends them (Meta's "messages webhook
 * reference"), for tests and `npm run bot:chat`, and their X-Hub-Signature-256.
 */

export const testPhoneNumberId = "100000000000001";
const displayNumber = "15550001234";

type MessageOptions = {
  from: string;
  /** The wamid; a fresh one when left out. */
  id?: string;
  /** Unix seconds as text, as Meta sends it; now when left out. */
  timestamp?: string | number;
  phoneNumberId?: string;
  name?: string;
};

export const freshMessageId = () => `wamid.test-${crypto.randomUUID()}`;
const nowSeconds = () => String(Math.floor(Date.now() / 1000));

function delivery<Value extends Record<string, unknown>>(value: Value, phoneNumberId = testPhoneNumberId) {
  return {
    object: "whatsapp_business_account",
    entry: [
      {
        id: "200000000000002",
        changes: [
          {
            field: "messages",
            value: {
              messaging_product: "whatsapp",
              metadata: { display_phone_number: displayNumber, phone_number_id: phoneNumberId },
              ...value,
            },
          },
        ],
      },
    ],
  };
}

/** A delivery of one message of any type (`{ type: "image", image: {…} }` and the like). */
export function messagePayload(options: MessageOptions, message: Record<string, unknown>) {
  return delivery(
    {
      contacts: [{ profile: { name: options.name ?? "Test Person" }, wa_id: options.from }],
      messages: [
        {
          from: options.from,
          id: options.id ?? freshMessageId(),
          timestamp: String(options.timestamp ?? nowSeconds()),
          ...message,
        },
      ],
    },
    options.phoneNumberId,
  );
}

export function textMessagePayload(options: MessageOptions & { text: string }) {
  return messagePayload(options, { type: "text", text: { body: options.text } });
}

/** The person tapped one of our reply buttons (`context` names the message that carried it). */
export function buttonReplyPayload(options: MessageOptions & { buttonId: string; title: string; replyTo?: string }) {
  return messagePayload(options, {
    type: "interactive",
    context: { from: displayNumber, id: options.replyTo ?? "wamid.earlier-reply" },
    interactive: { type: "button_reply", button_reply: { id: options.buttonId, title: options.title } },
  });
}

/** A status callback for a message we sent: sent, delivered, read, or failed with Meta's error. */
export function statusPayload(options: {
  messageId?: string;
  recipient: string;
  status: "sent" | "delivered" | "read" | "failed";
  errorCode?: number;
}) {
  const failure =
    options.status === "failed"
      ? { errors: [{ code: options.errorCode ?? 131047, title: "Re-engagement message" }] }
      : {};
  return delivery({
    statuses: [
      {
        id: options.messageId ?? freshMessageId(),
        status: options.status,
        timestamp: nowSeconds(),
        recipient_id: options.recipient,
        ...failure,
      },
    ],
  });
}

/** The X-Hub-Signature-256 header Meta would send with this body. */
export function signBody(body: string, appSecret: string): Promise<string> {
  return webhookSignature(body, appSecret);
}

/** The headers of a signed delivery of `body` (already serialised: the signature covers those exact bytes). */
export async function signedDeliveryHeaders(body: string, appSecret: string) {
  return { "Content-Type": "application/json", "X-Hub-Signature-256": await signBody(body, appSecret) };
}
