import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { botConversations, botLinkCodes, botLinks } from "../../../db/schema/index.ts";
import { drawLinkCode, linkPhoneByCode } from "../../../worker/assistant/link.service.ts";
import { signInAs } from "../../support/sessions.ts";
import { testServiceContext } from "../../support/service-context.ts";
import { createTestApp, type TestApp } from "../../support/test-app.ts";

const assistantNumber = "+55 11 4000-1234";
const anaPhone = "5511987654321";

describe("linking a phone to the assistant", () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp({ env: { WHATSAPP_DISPLAY_NUMBER: assistantNumber } });
  });
  const newCode = (token: string) => t.request("/api/profile/assistant/link-code", { method: "POST", token });
  const codeOf = async (token: string): Promise<string> => {
    const response = await newCode(token);
    expect(response.status).toBe(201);
    return (await response.json()).data.code;
  };
  const profileOf = async (token: string) => (await (await t.request("/api/profile", { token })).json()).data;
  const link = (phone: string, code: string) =>
    linkPhoneByCode(testServiceContext(t.db, { clock: t.clock }), { phone, code, now: t.clock.now() });

  it("gives an Unlimited user a six-digit code for 10 minutes, the message to send and the number", async () => {
    const ana = await signInAs(t, { tier: "unlimited" });
    const response = await newCode(ana.token);
    expect(response.status).toBe(201);
    const { data } = await response.json();
    expect(data).toEqual({
      code: expect.stringMatching(/^\d{6}$/),
      expires_at: "2026-11-21T12:10:00.000Z",
      message: `VINCULAR ${data.code}`,
      whatsapp_number: assistantNumber,
    });
    expect(await t.db.select().from(botLinkCodes)).toEqual([
      {
        userId: ana.user.id,
        code: data.code,
        expiresAt: "2026-11-21T12:10:00.000Z",
        createdAt: "2026-11-21T12:00:00.000Z",
        wrongTries: 0,
      },
    ]);
  });

  it("replaces the user's earlier code with the new one, and clears expired codes of others", async () => {
    const ana = await signInAs(t, { tier: "unlimited" });
    const bia = await signInAs(t, { tier: "unlimited" });
    const biaCode = await codeOf(bia.token);
    const first = await codeOf(ana.token);
    t.clock.set("2026-11-21T12:11:00.000Z");
    const second = await codeOf(ana.token);
    const codes = await t.db.select().from(botLinkCodes);
    expect(codes.map((row) => [row.userId, row.code])).toEqual([[ana.user.id, second]]);
    expect(biaCode).toMatch(/^\d{6}$/);
    expect((await link(anaPhone, first)).status).toBe("invalid");
  });

  it("refuses a user whose plan lacks the assistant with 403, and stores no code", async () => {
    const ana = await signInAs(t, { tier: "free" });
    const response = await newCode(ana.token);
    expect(response.status).toBe(403);
    expect(await response.json()).toMatchObject({
      code: "PLAN_UPGRADE_REQUIRED",
      message: "The WhatsApp assistant comes with the Unlimited plan. Upgrade to link your phone.",
    });
    expect(await t.db.select().from(botLinkCodes)).toEqual([]);
  });

  it("gives 10 codes an hour, then 429 with Retry-After until the hour has passed", async () => {
    const ana = await signInAs(t, { tier: "unlimited" });
    for (let code = 0; code < 10; code++) expect((await newCode(ana.token)).status).toBe(201);
    const refused = await newCode(ana.token);
    expect(refused.status).toBe(429);
    expect(refused.headers.get("Retry-After")).toBe("3600");
    expect((await refused.json()).message).toBe("Too many link codes in the last hour. Wait a little and try again.");
    t.clock.set("2026-11-21T13:00:00.000Z");
    expect((await newCode(ana.token)).status).toBe(201);
  });

  it("needs a live session for both routes", async () => {
    expect((await t.request("/api/profile/assistant/link-code", { method: "POST" })).status).toBe(401);
    expect((await t.request("/api/profile/assistant/link", { method: "DELETE" })).status).toBe(401);
  });

  it("links the phone that sends a live code, once; the profile then shows the masked phone", async () => {
    const ana = await signInAs(t, { tier: "unlimited" });
    expect((await profileOf(ana.token)).assistant).toEqual({
      available: true,
      linked: false,
      phone_masked: null,
      linked_at: null,
      whatsapp_number: assistantNumber,
      link_code_burned: false,
    });
    const code = await codeOf(ana.token);
    t.clock.set("2026-11-21T12:09:59.000Z");
    expect(await link(anaPhone, code)).toEqual({ status: "linked", userId: ana.user.id });
    expect(await link(anaPhone, code)).toEqual({ status: "invalid" });
    expect(await t.db.select().from(botLinkCodes)).toEqual([]);
    expect((await profileOf(ana.token)).assistant).toEqual({
      available: true,
      linked: true,
      phone_masked: "+55 11 ••••-4321",
      linked_at: "2026-11-21T12:09:59.000Z",
      whatsapp_number: assistantNumber,
      link_code_burned: false,
    });
  });

  it("links exactly one of two deliveries of the same code racing each other", async () => {
    const ana = await signInAs(t, { tier: "unlimited" });
    const code = await codeOf(ana.token);
    const outcomes = await Promise.all([link(anaPhone, code), link("5521998887777", code)]);
    expect(outcomes.map((outcome) => outcome.status).sort()).toEqual(["invalid", "linked"]);
    expect(await t.db.select().from(botLinks)).toHaveLength(1);
  });

  it("refuses an expired code, a wrong code and an unknown one, and links nothing", async () => {
    const ana = await signInAs(t, { tier: "unlimited" });
    const code = await codeOf(ana.token);
    const wrong = code === "000000" ? "000001" : "000000";
    expect(await link(anaPhone, wrong)).toEqual({ status: "invalid" });
    t.clock.set("2026-11-21T12:10:00.000Z");
    expect(await link(anaPhone, code)).toEqual({ status: "invalid" });
    expect(await t.db.select().from(botLinks)).toEqual([]);
  });

  it("stops a phone after 5 attempts in 10 minutes, even with the right code, and lets it try again later", async () => {
    const ana = await signInAs(t, { tier: "unlimited" });
    const code = await codeOf(ana.token);
    const wrong = code === "000000" ? "000001" : "000000";
    for (let attempt = 0; attempt < 5; attempt++) expect((await link(anaPhone, wrong)).status).toBe("invalid");
    expect(await link(anaPhone, code)).toEqual({ status: "tooManyAttempts" });
    expect(await t.db.select().from(botLinks)).toEqual([]);
    // Another phone is not held back by this one's attempts…
    expect((await link("5521998887777", wrong)).status).toBe("invalid");
    // …and this one may try again once its window has passed (the code is still live).
    t.clock.set("2026-11-21T12:09:00.000Z");
    expect((await link(anaPhone, code)).status).toBe("tooManyAttempts");
    const freshCode = await codeOf(ana.token);
    t.clock.set("2026-11-21T12:10:01.000Z");
    expect(await link(anaPhone, freshCode)).toEqual({ status: "linked", userId: ana.user.id });
  });

  it("moves a phone linked to someone else to the code's user, and gives a user who relinks the new phone", async () => {
    const ana = await signInAs(t, { tier: "unlimited" });
    const bia = await signInAs(t, { tier: "unlimited" });
    await link(anaPhone, await codeOf(ana.token));
    await t.db.insert(botConversations).values({
      userId: ana.user.id,
      stateJson: "{}",
      expiresAt: "2026-11-21T12:30:00.000Z",
      updatedAt: "2026-11-21T12:00:00.000Z",
    });
    expect(await link(anaPhone, await codeOf(bia.token))).toEqual({ status: "linked", userId: bia.user.id });
    expect((await t.db.select().from(botLinks)).map((row) => [row.userId, row.phone])).toEqual([
      [bia.user.id, anaPhone],
    ]);
    expect(await t.db.select().from(botConversations)).toEqual([]);
    expect((await profileOf(ana.token)).assistant.linked).toBe(false);

    const newPhone = "5521998887777";
    expect(await link(newPhone, await codeOf(bia.token))).toEqual({ status: "linked", userId: bia.user.id });
    expect((await t.db.select().from(botLinks)).map((row) => [row.userId, row.phone])).toEqual([
      [bia.user.id, newPhone],
    ]);
  });

  it("unlinks in one call, with the pending conversation, and says so again without error", async () => {
    const ana = await signInAs(t, { tier: "unlimited" });
    const bia = await signInAs(t, { tier: "unlimited" });
    await link(anaPhone, await codeOf(ana.token));
    await link("5521998887777", await codeOf(bia.token));
    await t.db.insert(botConversations).values({
      userId: ana.user.id,
      stateJson: "{}",
      expiresAt: "2026-11-21T12:30:00.000Z",
      updatedAt: "2026-11-21T12:00:00.000Z",
    });
    const unlink = () => t.request("/api/profile/assistant/link", { method: "DELETE", token: ana.token });
    const response = await unlink();
    expect(response.status).toBe(200);
    expect((await response.json()).data).toEqual({ unlinked: true });
    expect((await t.db.select().from(botLinks)).map((row) => row.userId)).toEqual([bia.user.id]);
    expect(await t.db.select().from(botConversations).where(eq(botConversations.userId, ana.user.id))).toEqual([]);
    expect((await (await unlink()).json()).data).toEqual({ unlinked: false });
  });

  it("shows a free user the assistant as not available", async () => {
    const ana = await signInAs(t, { tier: "free" });
    expect((await profileOf(ana.token)).assistant).toMatchObject({ available: false, linked: false });
  });
});

describe("link codes", () => {
  it("are six digits with every digit about equally likely in every place", () => {
    const draws = Array.from({ length: 20_000 }, drawLinkCode);
    expect(draws.every((code) => /^\d{6}$/.test(code))).toBe(true);
    for (let place = 0; place < 6; place++) {
      const counts = Array.from({ length: 10 }, () => 0);
      for (const code of draws) counts[Number(code[place])]! += 1;
      // 2 000 expected per digit; 5 standard deviations either way.
      for (const count of counts) expect(Math.abs(count - 2000)).toBeLessThan(5 * Math.sqrt(2000 * 0.9));
    }
  });
});
