// placeholder until the conversation lands
import type { ServiceContext } from "../context.ts";
import type { IncomingMessage, OutgoingReply } from "./assistant-message.ts";

/** Echoes what arrived, so the channel can be exercised end to end before the conversation is written. */
export async function handleIncomingMessage(_ctx: ServiceContext, message: IncomingMessage): Promise<OutgoingReply[]> {
  const { content } = message;
  const said = content.type === "text" ? content.text : content.type === "button" ? content.title : content.kind;
  return [{ to: message.from, text: `received: ${said}` }];
}
