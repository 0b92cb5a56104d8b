import type { BotChannel } from "../../db/enums.ts";

/**
 * One message a person sent the assistant, as its channel delivered it — the channel's own
 * payload is read into this at the edge (worker/assistant/whatsapp-webhook.schemas.ts), so the
 * conversation (worker/assistant/assistant.service.ts) knows nothing of WhatsApp's JSON.
 */
export type IncomingMessage = {
  channel: BotChannel;
  /** The channel's message id (WhatsApp's `wamid`): a redelivery carries the same one. */
  messageId: string;
  /** The sender's phone as the channel sends it: digits with the country code ("5511987654321"). */
  from: string;
  /** When the person sent it, by the channel's clock. */
  sentAt: Date;
  content:
    | { type: "text"; text: string }
    /** A reply button tapped: the id the assistant gave it, and the title shown. */
    | { type: "button"; id: string; title: string }
    /** A photo or a file (a receipt): the channel's id to fetch it by, and the name a file was sent under. */
    | { type: "media"; mediaId: string; fileName: string | null }
    /** Anything the assistant does not read (audio, a sticker, a location…). */
    | { type: "unsupported"; kind: string };
};

/** WhatsApp's limits for interactive reply buttons: at most 3, titles of at most 20 characters. */
export const replyButtonLimits = { count: 3, titleLength: 20 } as const;

/** What the assistant answers one person: a text, and up to 3 reply buttons. */
export type OutgoingReply = {
  to: string;
  text: string;
  buttons?: ReadonlyArray<{ id: string; title: string }>;
};
