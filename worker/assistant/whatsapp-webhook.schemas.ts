import { z } from "zod";
import type { IncomingMessage } from "./assistant-message.ts";

/**
 * The WhatsApp Cloud API's `messages` webhook as Meta documents it ("messages webhook reference"):
 *
 *   { object: "whatsapp_business_account",
 *     entry: [{ id, changes: [{ field: "messages",
 *       value: { messaging_product: "whatsapp", metadata: { display_phone_number, phone_number_id },
 *                contacts: [{ profile: { name }, wa_id }],
 *                messages: [{ from, id: "wamid…", timestamp: "<unix seconds>", type, text | interactive | button | … }],
 *                statuses: [{ id, status, timestamp, recipient_id, errors?: [{ code, title }] }] } }] }] }
 *
 * The envelope is read strictly; each message and status is read on its own, so one we cannot read
 * is counted and skipped without losing the others in the same delivery.
 */

const envelopeSchema = z.object({
  object: z.literal("whatsapp_business_account"),
  entry: z.array(
    z.object({
      id: z.string().optional(),
      changes: z.array(
        z.object({
          field: z.string().optional(),
          // Other fields (account_update, templates…) carry other values: only messages and statuses are read.
          value: z.object({
            messaging_product: z.string().optional(),
            metadata: z.object({ display_phone_number: z.string(), phone_number_id: z.string() }).optional(),
            messages: z.array(z.unknown()).optional(),
            statuses: z.array(z.unknown()).optional(),
          }),
        }),
      ),
    }),
  ),
});

const unixSeconds = z.string().regex(/^\d{1,12}$/);
const replySchema = z.object({ id: z.string().min(1), title: z.string() });

const messageSchema = z.object({
  from: z.string().regex(/^\d{5,20}$/),
  id: z.string().min(1).max(256),
  timestamp: unixSeconds,
  type: z.string().min(1),
  text: z.object({ body: z.string() }).optional(),
  /** A reply button or a list row the person tapped, in a message we sent. */
  interactive: z
    .object({
      type: z.string(),
      button_reply: replySchema.optional(),
      list_reply: replySchema.extend({ description: z.string().optional() }).optional(),
    })
    .optional(),
  /** A template's quick-reply button: its payload and its text. */
  button: z.object({ payload: z.string().optional(), text: z.string() }).optional(),
  /** A photo: its media id (fetched from the Graph API), its type and the caption typed with it. */
  image: z
    .object({ id: z.string().min(1).max(256), mime_type: z.string().optional(), caption: z.string().optional() })
    .optional(),
  /** A file (a PDF receipt): as a photo, with the name it was sent under. */
  document: z
    .object({
      id: z.string().min(1).max(256),
      mime_type: z.string().optional(),
      filename: z.string().optional(),
      caption: z.string().optional(),
    })
    .optional(),
});

const statusSchema = z.object({
  id: z.string(),
  status: z.string(),
  timestamp: unixSeconds.optional(),
  recipient_id: z.string().optional(),
  errors: z
    .array(z.object({ code: z.number(), title: z.string().optional(), message: z.string().optional() }))
    .optional(),
});

type WebhookMessage = z.output<typeof messageSchema>;

/** What a delivery's status callback says about a message we sent: sent, delivered, read or failed. */
export type DeliveryStatus = {
  messageId: string;
  status: string;
  recipient?: string;
  errors: Array<{ code: number; title?: string }>;
};

/** A message as the edge hands it on: the channel-free message, and the business number it was sent to. */
export type ReceivedMessage = { message: IncomingMessage; phoneNumberId?: string };

export type WebhookContents = {
  messages: ReceivedMessage[];
  statuses: DeliveryStatus[];
  /** Messages or statuses in a shape we cannot read, skipped. */
  unreadable: number;
};

function contentOf(message: WebhookMessage): IncomingMessage["content"] | null {
  switch (message.type) {
    case "text":
      return message.text ? { type: "text", text: message.text.body } : null;
    case "interactive": {
      const reply = message.interactive?.button_reply ?? message.interactive?.list_reply;
      if (reply) return { type: "button", id: reply.id, title: reply.title };
      return { type: "unsupported", kind: `interactive:${message.interactive?.type ?? "unknown"}` };
    }
    case "button":
      return message.button
        ? { type: "button", id: message.button.payload ?? message.button.text, title: message.button.text }
        : null;
    case "image":
      return message.image ? { type: "media", mediaId: message.image.id, fileName: null } : null;
    case "document":
      return message.document
        ? { type: "media", mediaId: message.document.id, fileName: message.document.filename ?? null }
        : null;
    default:
      return { type: "unsupported", kind: message.type };
  }
}

/** One webhook message as the channel-free IncomingMessage, or null when its shape cannot be read. */
export function incomingMessageOf(raw: unknown): IncomingMessage | null {
  const parsed = messageSchema.safeParse(raw);
  if (!parsed.success) return null;
  const content = contentOf(parsed.data);
  if (!content) return null;
  return {
    channel: "whatsapp",
    messageId: parsed.data.id,
    from: parsed.data.from,
    sentAt: new Date(Number(parsed.data.timestamp) * 1000),
    content,
  };
}

/** A delivery's messages and statuses, or null when the body is not a WhatsApp Business webhook at all. */
export function readWebhook(body: unknown): WebhookContents | null {
  const envelope = envelopeSchema.safeParse(body);
  if (!envelope.success) return null;
  const contents: WebhookContents = { messages: [], statuses: [], unreadable: 0 };
  for (const { value } of envelope.data.entry.flatMap((entry) => entry.changes)) {
    for (const raw of value.messages ?? []) {
      const message = incomingMessageOf(raw);
      if (message) contents.messages.push({ message, phoneNumberId: value.metadata?.phone_number_id });
      else contents.unreadable += 1;
    }
    for (const raw of value.statuses ?? []) {
      const status = statusSchema.safeParse(raw);
      if (!status.success) {
        contents.unreadable += 1;
        continue;
      }
      const { id, status: state, recipient_id, errors = [] } = status.data;
      contents.statuses.push({
        messageId: id,
        status: state,
        recipient: recipient_id,
        errors: errors.map(({ code, title }) => ({ code, title })),
      });
    }
  }
  return contents;
}
