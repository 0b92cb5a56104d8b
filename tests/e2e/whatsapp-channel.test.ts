import { describe, expect, inject, it } from "vitest";
import { sendText, tapButton } from "../../scripts/bot-chat-client.ts";
import { remoteGraphApi } from "../support/fake-graph-api.ts";

/**
 * The served app (as `npm start` serves it) takes deliveries signed the way
 * `npm run bot:chat` signs them, and its replies reach the Graph API it is configured with — the
 * path the assistant's browser tests send "VINCULAR …" and "gastei …" through.
 */
describe("the WhatsApp channel of the served app", () => {
  const graph = remoteGraphApi(inject("graphApiOrigin"));
  const target = (from: string) => ({ appUrl: inject("appUrl"), appSecret: inject("whatsappAppSecret"), from });

  it("answers a text message and a tapped button from the console's module", async () => {
    const texted = await sendText(target("5511955550001"), "oi");
    expect(texted.status).toBe(200);
    expect(await graph.waitForRepliesTo("5511955550001")).not.toHaveLength(0);
    const tapped = await tapButton(target("5511955550002"), { id: "help", title: "Ajuda" });
    expect(tapped.status).toBe(200);
    expect(await graph.waitForRepliesTo("5511955550002")).not.toHaveLength(0);
  });

  it("refuses a delivery signed with another secret and sends nothing", async () => {
    const refused = await sendText({ ...target("5511955550003"), appSecret: "not-the-app-secret" }, "oi");
    expect(refused.status).toBe(401);
    await new Promise((wait) => setTimeout(wait, 500));
    expect((await graph.sent()).filter((message) => message.to === "5511955550003")).toEqual([]);
  });
});
