/**
 * `npm run bot:chat`: talk to the assistant of the app `npm start` runs, as a WhatsApp user would,
 * without Meta. Each line you type is sent to the app's webhook as a signed text message from your
 * phone; the app's replies arrive at this console (npm start points the Graph API here) and are
 * printed. Typing the number of a reply button taps it.
 *
 *   npm run bot:chat                                   asks for the phone, then reads lines
 *   npm run bot:chat -- --phone 5511987654321
 *   npm run bot:chat -- --phone 5511987654321 --send "VINCULAR 482913" [--wait 10]
 *                                                      sends one message, prints the replies, exits
 *   --url http://127.0.0.1:8080   the app (default: the running npm start's, or PORT; its port + 2 is where
 *                                 replies arrive; BOT_CHAT_PORT overrides)
 */
import { createInterface } from "node:readline/promises";
import type { SentWhatsAppMessage } from "../tests/support/fake-graph-api.ts";
import {
  type ChatTarget,
  formatReply,
  phoneDigits,
  readLocalAppSecret,
  sendAndCollect,
  sendText,
  startReplyListener,
  tapButton,
} from "./bot-chat-client.ts";
import { botChatPort, findRunningApp, LocalStackError } from "./local-stack.ts";

function option(name: string): string | undefined {
  const index = process.argv.indexOf(name);
  return index > 0 ? process.argv[index + 1] : undefined;
}

/** Set by main: --url, else the running app's address (PORT, or what npm start recorded). */
let appUrl = option("--url");
const oneMessage = option("--send");
const waitSeconds = Number(option("--wait") ?? 10);
const replyGraceMs = 2000;

const printReply = (message: Pick<SentWhatsAppMessage, "text" | "buttons">) =>
  console.log(`\nMoneta › ${formatReply(message).replaceAll("\n", "\n         ")}\n`);

function refusal(status: number, body: unknown): string {
  if (status === 401) return "the app refused the signature: is it the app npm start runs from this checkout?";
  return `the app answered ${status}: ${JSON.stringify(body)}`;
}

async function sendOnce(target: ChatTarget, text: string) {
  const listener = await startReplyListener(botChatPort(Number(new URL(target.appUrl).port || 80)));
  try {
    const { delivery, replies } = await sendAndCollect(target, listener, text, { waitMs: waitSeconds * 1000 });
    if (delivery.status !== 200) throw new LocalStackError(refusal(delivery.status, delivery.body));
    if (replies.length === 0) console.log(`(no reply within ${waitSeconds} s; see .data/server.log)`);
    for (const reply of replies) printReply(reply);
  } finally {
    await listener.close();
  }
}

async function chat(target: ChatTarget, lines: ReturnType<typeof createInterface>) {
  let lastButtons: SentWhatsAppMessage["buttons"] = [];
  const listener = await startReplyListener(botChatPort(Number(new URL(target.appUrl).port || 80)), (message) => {
    if (message.to !== target.from) return;
    lastButtons = message.buttons;
    printReply(message);
  });
  console.log(
    `\n  Chatting with ${target.appUrl} as +${target.from}. Type a message; a button's number taps it; Ctrl-D ends.\n`,
  );
  try {
    for await (const line of lines) {
      const text = line.trim();
      if (!text) continue;
      const button = /^\d$/.test(text) ? lastButtons[Number(text) - 1] : undefined;
      const delivery = button ? await tapButton(target, button) : await sendText(target, text);
      if (delivery.status !== 200) console.log(`  ✖ ${refusal(delivery.status, delivery.body)}`);
    }
    // Lines piped in end at once: give the replies to the last of them time to arrive.
    await new Promise((wait) => setTimeout(wait, replyGraceMs));
  } finally {
    await listener.close();
  }
}

async function main() {
  appUrl ??= await findRunningApp();
  const appSecret = readLocalAppSecret();
  const lines = createInterface({ input: process.stdin, output: process.stdout, terminal: process.stdin.isTTY });
  const phone = phoneDigits(
    option("--phone") ?? (await lines.question("Your phone, with country code (5511987654321): ")),
  );
  if (phone.length < 10) throw new LocalStackError("Give the phone with its country code, e.g. 5511987654321.");
  const target = { appUrl, appSecret, from: phone };
  if (oneMessage !== undefined) {
    lines.close();
    await sendOnce(target, oneMessage);
    return;
  }
  await chat(target, lines);
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    const message =
      error instanceof LocalStackError
        ? error.message
        : error instanceof TypeError && /fetch failed/.test(error.message)
          ? `Nothing answers at ${appUrl}: start the app with \`npm start\` (or pass --url).`
          : `Unexpected failure: ${error instanceof Error ? error.message : error}`;
    console.error(`\n  ✖ ${message}\n`);
    process.exit(1);
  },
);
