import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { insertUser } from "../../../db/factories.ts";
import { botLinkCodes, botLinks, rateLimits } from "../../../db/schema/index.ts";
import { linkPhoneByCode } from "../../../worker/assistant/link.service.ts";
import { signInAs } from "../../support/sessions.ts";
import { testServiceContext } from "../../support/service-context.ts";
import { createTestApp, type TestApp } from "../../support/test-app.ts";
import { assistantHousehold } from "./assistant-fixture.ts";

/** Phones that each try one code: no phone reaches its own limit of 5 in 10 minutes. */
const phoneNumber = (index: number) => `55219${String(index).padStart(8, "0")}`;

/** `count` six-digit codes that are none of `live`. */
function wrongCodes(count: number, live: readonly string[]): string[] {
  const codes: string[] = [];
  for (let candidate = 100_000; codes.length < count; candidate++)
    if (!live.includes(String(candidate))) codes.push(String(candidate));
  return codes;
}

describe("guessing link codes with many phones", () => {
  let t: TestApp;
  let phonesUsed = 0;
  beforeEach(async () => {
    t = await createTestApp();
  });
  const codeOf = async (token: string): Promise<string> => {
    const response = await t.request("/api/profile/assistant/link-code", { method: "POST", token });
    expect(response.status).toBe(201);
    return (await response.json()).data.code;
  };
  const assistantOf = async (token: string) =>
    (await (await t.request("/api/profile", { token })).json()).data.assistant;
  const link = (phone: string, code: string) =>
    linkPhoneByCode(testServiceContext(t.db, { clock: t.clock }), { phone, code, now: t.clock.now() });
  /** Each wrong code from a phone of its own, one after another. */
  const guess = async (codes: string[]) => {
    const outcomes = [];
    for (const code of codes) outcomes.push((await link(phoneNumber(++phonesUsed), code)).status);
    return outcomes;
  };
  const wrongTriesOf = async (code: string) =>
    (await t.db.select().from(botLinkCodes).where(eq(botLinkCodes.code, code)))[0]?.wrongTries;

  it("still links with the right code after 9 wrong tries from other phones, counting only tries since each code was issued", async () => {
    const ana = await signInAs(t, { tier: "unlimited" });
    const bia = await signInAs(t, { tier: "unlimited" });
    const anaCode = await codeOf(ana.token);
    expect(await guess(wrongCodes(9, [anaCode]))).toEqual(Array(9).fill("invalid"));
    t.clock.set("2026-11-21T12:01:00.000Z");
    const biaCode = await codeOf(bia.token);
    // The tenth wrong try since Ana's code was issued burns it; Bia's has seen one and still works.
    expect(await guess(wrongCodes(1, [anaCode, biaCode]))).toEqual(["invalid"]);
    expect(await wrongTriesOf(anaCode)).toBe(10);
    expect(await wrongTriesOf(biaCode)).toBe(1);
    expect(await link("5511911112222", biaCode)).toEqual({ status: "linked", userId: bia.user.id });
    expect(await link("5511933334444", anaCode)).toEqual({ status: "burned" });
    expect((await t.db.select().from(botLinks)).map((row) => row.userId)).toEqual([bia.user.id]);
  });

  it("burns a code after 10 wrong tries from any phones; the settings page says so while the code would still be live", async () => {
    const ana = await signInAs(t, { tier: "unlimited" });
    const code = await codeOf(ana.token);
    expect((await assistantOf(ana.token)).link_code_burned).toBe(false);
    await guess(wrongCodes(10, [code]));
    expect(await link("5511987654321", code)).toEqual({ status: "burned" });
    expect(await t.db.select().from(botLinks)).toEqual([]);
    expect((await assistantOf(ana.token)).link_code_burned).toBe(true);
    // Past its 10 minutes the code would not work anyway: the page says it expired, as for any code.
    t.clock.set("2026-11-21T12:10:00.000Z");
    expect((await assistantOf(ana.token)).link_code_burned).toBe(false);

    const fresh = await codeOf(ana.token);
    expect((await assistantOf(ana.token)).link_code_burned).toBe(false);
    expect(await link("5511987654321", fresh)).toEqual({ status: "linked", userId: ana.user.id });
  });

  it("stops checking codes for every phone after 20 wrong tries in 10 minutes, even the right one, until the window passes", async () => {
    const ana = await signInAs(t, { tier: "unlimited" });
    expect(await guess(wrongCodes(20, []))).toEqual(Array(20).fill("invalid"));
    t.clock.set("2026-11-21T12:05:00.000Z");
    const code = await codeOf(ana.token);
    expect(await guess(wrongCodes(5, [code]))).toEqual(Array(5).fill("paused"));
    expect(await link("5511987654321", code)).toEqual({ status: "paused" });
    expect(await t.db.select().from(botLinks)).toEqual([]);
    // Attempts that were not checked neither burn the code nor lengthen the pause.
    expect(await wrongTriesOf(code)).toBe(0);
    expect(
      await t.db.select({ hits: rateLimits.hits }).from(rateLimits).where(eq(rateLimits.key, "bot-link-wrong-tries")),
    ).toEqual([{ hits: 20 }]);

    t.clock.set("2026-11-21T12:10:00.000Z");
    expect(await link("5511987654321", code)).toEqual({ status: "linked", userId: ana.user.id });
  });

  it("counts wrong tries arriving all at once exactly: 40 phones at once get 20 checked and 20 paused", async () => {
    const ana = await signInAs(t, { tier: "unlimited" });
    const code = await codeOf(ana.token);
    const outcomes = await Promise.all(
      wrongCodes(40, [code]).map((wrong, index) => link(phoneNumber(1000 + index), wrong)),
    );
    const counted = (status: string) => outcomes.filter((outcome) => outcome.status === status).length;
    expect([counted("invalid"), counted("paused")]).toEqual([20, 20]);
    expect(await wrongTriesOf(code)).toBe(10);
    expect(
      await t.db.select({ hits: rateLimits.hits }).from(rateLimits).where(eq(rateLimits.key, "bot-link-wrong-tries")),
    ).toEqual([{ hits: 20 }]);
  });
});

describe("the WhatsApp answers to guessed link codes", () => {
  it("tells the sender, in the language of the command, that a code burned and that linking is paused", async () => {
    const a = await assistantHousehold();
    const joana = await insertUser(a.db, { tier: "unlimited", language: "en" });
    const expiresAt = new Date(a.clock.now().getTime() + 10 * 60_000).toISOString();
    await a.db
      .insert(botLinkCodes)
      .values({ userId: joana.id, code: "482913", expiresAt, createdAt: a.clock.now().toISOString() });
    const sendFrom = async (index: number, text: string) => (await a.send(text, { from: phoneNumber(index) }))[0]!.text;

    const wrong = wrongCodes(20, ["482913"]);
    for (const [index, code] of wrong.slice(0, 10).entries()) await sendFrom(index, `VINCULAR ${code}`);
    expect(await sendFrom(100, "LINK 482913")).toBe(
      "That code stopped working after too many wrong tries. Get a new one in Settings → Assistant (https://moneta.test/settings).",
    );
    expect(await sendFrom(101, "vincular 482913")).toContain(
      "Esse código parou de funcionar depois de muitas tentativas erradas.",
    );

    for (const [index, code] of wrong.slice(12).entries()) await sendFrom(200 + index, `LINK ${code}`);
    expect(await sendFrom(300, "LINK 123456")).toContain("linking is paused for a few minutes (10 at most)");
    expect(await sendFrom(301, "VINCULAR 123456")).toContain("a vinculação está pausada por alguns minutos");
    expect(await a.db.select().from(botLinks).where(eq(botLinks.userId, joana.id))).toEqual([]);
  });
});
