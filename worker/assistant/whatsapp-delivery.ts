import type { z } from "zod";
import type { ServiceContext } from "../context.ts";
import { failureReply, handleIncomingMessage } from "./assistant.service.ts";
import { maskedPhone, sendReplies } from "./graph-api.ts";
import type { IncomingMessage, OutgoingReply } from "./assistant-message.ts";
import type { WebhookContents } from "./whatsapp-webhook.schemas.ts";
import type { deliverySummarySchema } from "./whatsapp.responses.ts";

/**
 * A message older than this by its own timestamp is not acted on: Meta retries a delivery for days,
 * and "gastei 45" recorded three days late, on the wrong day, is worse than asking again.
 */
export const staleMessageHours = 24;

export type DeliverySummary = z.infer<typeof deliverySummarySchema>;

/**
 * Sorts one signed delivery: statuses are logged (failed ones at warn, with Meta's error codes), and
 * messages that are stale, addressed to another business number or unreadable are logged and
 * skipped. What is left is handed back to be answered after the response.
 */
export function sortDelivery(
  ctx: ServiceContext,
  contents: WebhookContents,
): { messages: IncomingMessage[]; summary: DeliverySummary } {
  for (const status of contents.statuses) {
    const fields = { message_id: status.messageId, status: status.status };
    if (status.status === "failed") {
      ctx.log.warn("whatsapp.delivery_failed", { ...fields, errors: status.errors.map((error) => error.code) });
    } else {
      ctx.log.info("whatsapp.delivery_status", fields);
    }
  }
  if (contents.unreadable > 0) ctx.log.warn("whatsapp.unreadable_items", { count: contents.unreadable });
  const oldestFresh = ctx.clock.now().getTime() - staleMessageHours * 3_600_000;
  const ownNumber = ctx.env.WHATSAPP_PHONE_NUMBER_ID;
  const messages: IncomingMessage[] = [];
  for (const { message, phoneNumberId } of contents.messages) {
    const fields = { message_id: message.messageId, from: maskedPhone(message.from) };
    if (ownNumber && phoneNumberId && phoneNumberId !== ownNumber) {
      ctx.log.warn("whatsapp.other_number_skipped", { ...fields, phone_number_id: phoneNumberId });
    } else if (message.sentAt.getTime() < oldestFresh) {
      ctx.log.warn("whatsapp.stale_message_skipped", { ...fields, sent_at: message.sentAt.toISOString() });
    } else {
      messages.push(message);
    }
  }
  const skipped = contents.messages.length - messages.length + contents.unreadable;
  return { messages, summary: { accepted: messages.length, skipped, statuses: contents.statuses.length } };
}

/**
 * Answers each message in turn (in the order sent, so "desfazer" follows what it undoes). A message
 * whose handling or reply fails is logged and the next one still runs: the delivery was already
 * acknowledged, and Meta will not send it again.
 */
export async function answerMessages(ctx: ServiceContext, messages: readonly IncomingMessage[]): Promise<void> {
  for (const message of messages) {
    const failed = (event: string, error: unknown) =>
      ctx.log.error(event, {
        message_id: message.messageId,
        error: error instanceof Error ? `${error.name}: ${error.message}` : String(error),
      });
    let replies: OutgoingReply[];
    try {
      replies = await handleIncomingMessage(ctx, message);
    } catch (error) {
      failed("whatsapp.message_failed", error);
      // Nothing was written (a write and its claim are one batch): say so, so the person sends it again.
      replies = [failureReply(message)];
    }
    try {
      await sendReplies(ctx, replies);
    } catch (error) {
      failed("whatsapp.reply_failed", error);
    }
  }
}
