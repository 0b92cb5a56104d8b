import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { receipts } from "../../../db/schema/index.ts";
import { startFakeGraphApi } from "../../support/fake-graph-api.ts";
import { startR2Bucket } from "../../support/r2-bucket.ts";
import { type AssistantHousehold, assistantHousehold } from "./assistant-fixture.ts";

const photo = Uint8Array.from([0xff, 0xd8, 0xff, 0xe0, ...new TextEncoder().encode("cupom fiscal")]);

/** A photo or PDF sent to the assistant becomes a receipt: of what was just recorded, or of one the person picks. */
describe("receipts sent to the assistant", () => {
  let graph: Awaited<ReturnType<typeof startFakeGraphApi>>;
  let r2: Awaited<ReturnType<typeof startR2Bucket>>;
  let h: AssistantHousehold;
  beforeAll(async () => {
    graph = await startFakeGraphApi();
    r2 = await startR2Bucket();
  });
  afterAll(async () => {
    await graph?.close();
    await r2?.dispose();
  });
  beforeEach(async () => {
    h = await assistantHousehold({
      env: { WHATSAPP_ACCESS_TOKEN: "graph-token", WHATSAPP_GRAPH_API_URL: graph.url, RECEIPTS: r2.bucket },
    });
    graph.putMedia("media-photo", photo, "image/jpeg");
  });
  const sendMedia = (mediaId: string, fileName: string | null = null) =>
    h.handle(h.deliver({ type: "media", mediaId, fileName }));
  const stored = () => h.db.select().from(receipts);

  it("attaches a photo sent after an expense to that expense, once however often it is delivered", async () => {
    await h.send("padaria 12,50");
    const [bakery] = await h.written();
    const message = h.deliver({ type: "media", mediaId: "media-photo", fileName: null });
    const [first, again] = await Promise.all([h.handle(message), h.handle(message)]);
    expect([...first!, ...again!].map((reply) => reply.text)).toEqual(["📎 Comprovante anexado a Padaria (R$ 12,50)."]);
    const [receipt] = await stored();
    expect(receipt).toMatchObject({ transactionId: bakery!.id, contentType: "image/jpeg", createdBy: h.marina.id });
    expect(await stored()).toHaveLength(1);
    const object = await r2.bucket.get(receipt!.objectKey);
    expect(new Uint8Array(await object!.arrayBuffer())).toEqual(photo);
  });

  it("asks which of the latest transactions a photo belongs to, with buttons, and attaches it to the one tapped", async () => {
    await h.send("padaria 12,50");
    await h.send("uber 23,90");
    await h.send("farmácia 89,90");
    // Past the conversation's 30 minutes, nothing is "just written" any more.
    h.clock.set(new Date(h.clock.now().getTime() + 31 * 60_000).toISOString());
    const [asked] = await sendMedia("media-photo");
    expect(asked!.text).toContain("De qual das suas últimas transações é este comprovante?");
    expect(asked!.text).toContain("1. Farmácia — R$ 89,90, hoje");
    expect(asked!.buttons?.map((button) => button.title)).toEqual(["1. Farmácia", "2. Uber", "3. Padaria"]);
    expect(await stored()).toEqual([]);
    const [done] = await h.tap("receipt:1", "2. uber");
    expect(done!.text).toBe("📎 Comprovante anexado a Uber (R$ 23,90).");
    const uber = (await h.written()).find((row) => row.description === "Uber");
    expect((await stored()).map((row) => row.transactionId)).toEqual([uber!.id]);
    // The question was answered: the same button again attaches nothing more.
    await h.tap("receipt:1", "2. uber");
    expect(await stored()).toHaveLength(1);
  });

  it("says what to do with nothing recorded yet, a file too large, one WhatsApp no longer has, and an .exe", async () => {
    expect((await sendMedia("media-photo"))[0]!.text).toContain("Mande primeiro a despesa");
    await h.send("mercado 150");
    graph.putMedia("media-huge", new Uint8Array(10 * 1024 * 1024 + 1), "image/jpeg");
    expect((await sendMedia("media-huge"))[0]!.text).toContain("mais de 10 MB");
    expect((await sendMedia("media-gone"))[0]!.text).toContain("Não consegui buscar este arquivo");
    graph.putMedia("media-exe", new TextEncoder().encode("MZ\u0090\u0000 program"), "application/octet-stream");
    expect((await sendMedia("media-exe", "nota.pdf"))[0]!.text).toContain("não é uma foto nem um PDF");
    expect(await stored()).toEqual([]);
  });
});
