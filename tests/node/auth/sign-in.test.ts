import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { oneTimeCodes, users } from "../../../db/schema/index.ts";
import { startFakeResend, type FakeResend } from "../../support/fake-resend.ts";
import { createTestApp, type TestApp } from "../../support/test-app.ts";

describe("sign-in with an e-mailed code", () => {
  let resend: FakeResend;
  let t: TestApp;

  beforeAll(async () => {
    resend = await startFakeResend();
  });
  afterAll(() => resend.close());
  beforeEach(async () => {
    resend.failWith(null);
    t = await createTestApp({ env: { RESEND_API_KEY: "re_test_key", RESEND_BASE_URL: resend.url } });
  });

  const requestCode = (email: string, headers: Record<string, string> = {}) =>
    t.request("/api/auth/request-token", { method: "POST", json: { email }, headers });
  const login = (email: string, token: string, headers: Record<string, string> = {}) =>
    t.request("/api/auth/login", { method: "POST", json: { method: "email", email, token }, headers });

  it("answers identically for known and unknown addresses and e-mails a 6-digit code", async () => {
    await t.db.insert(users).values({ email: "known@example.com", language: "pt-BR" });
    const known = await requestCode("known@example.com");
    const unknown = await requestCode("Unknown@Example.com ", { "Accept-Language": "en-US" });
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    expect(await known.json()).toEqual(await unknown.json());
    expect(resend.lastCodeFor("known@example.com")).toMatch(/^\d{6}$/);
    expect(resend.lastCodeFor("unknown@example.com")).toMatch(/^\d{6}$/);
  });

  it("writes the e-mail in the account's language, else the browser's, with text and HTML", async () => {
    await t.db.insert(users).values({ email: "ana@example.com", language: "pt-BR" });
    await requestCode("ana@example.com", { "Accept-Language": "en-US" });
    await requestCode("new@example.com", { "Accept-Language": "pt-BR" });
    await requestCode("other@example.com", { "Accept-Language": "en-US" });
    const [ana, newcomer, other] = resend.sent.slice(-3);
    expect(ana!.subject).toMatch(/é o seu código de acesso ao Moneta$/);
    expect(newcomer!.subject).toMatch(/código de acesso/);
    expect(other!.subject).toMatch(/is your Moneta sign-in code$/);
    expect(other!.html).toContain(resend.lastCodeFor("other@example.com"));
    expect(other!.from).toBe(t.env.RESEND_FROM);
  });

  it("stores only a hash of the code", async () => {
    await requestCode("hash@example.com");
    const code = resend.lastCodeFor("hash@example.com");
    const [row] = await t.db.select().from(oneTimeCodes).where(eq(oneTimeCodes.email, "hash@example.com"));
    expect(row!.codeHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(row)).not.toContain(code);
  });

  it("refuses a malformed address with 422 and the field map, and stores nothing", async () => {
    const response = await requestCode("not-an-email");
    expect(response.status).toBe(422);
    expect((await response.json()).errors.email).toEqual(["Enter a valid email address"]);
    expect(await t.db.select().from(oneTimeCodes)).toEqual([]);
    expect(resend.sent.filter((email) => email.to === "not-an-email")).toEqual([]);
  });

  it("signs in with the code, creating the account (in the browser's language) on first sign-in, and the code works once", async () => {
    await requestCode("first@example.com", { "Accept-Language": "pt-BR" });
    const code = resend.lastCodeFor("first@example.com");
    const response = await login("first@example.com", code, { "Accept-Language": "pt-BR" });
    expect(response.status).toBe(200);
    const { data } = await response.json();
    expect(data.access_token.split(".")).toHaveLength(3);
    expect(data.user).toMatchObject({ email: "first@example.com", name: null, language: "pt-BR", workspaces_count: 0 });

    const again = await login("first@example.com", code);
    expect(again.status).toBe(401);
    expect(await again.json()).toMatchObject({ code: "UNAUTHENTICATED", message: "Invalid verification code" });
    expect(await t.db.select().from(users).where(eq(users.email, "first@example.com"))).toHaveLength(1);
  });

  it("refuses a code after 10 minutes", async () => {
    await requestCode("late@example.com");
    const code = resend.lastCodeFor("late@example.com");
    t.clock.set("2026-11-21T12:10:01.000Z");
    expect((await login("late@example.com", code)).status).toBe(401);
  });

  it("asking again while the code lives re-sends the same code with its first expiry; a spent code gives way to a new one", async () => {
    await requestCode("twice@example.com");
    const first = resend.lastCodeFor("twice@example.com");
    t.clock.set("2026-11-21T12:06:00.000Z");
    await requestCode("twice@example.com");
    expect(resend.lastCodeFor("twice@example.com")).toBe(first);
    expect(resend.sent.at(-1)!.text).toContain("It expires in 4 minutes");
    expect((await login("twice@example.com", first)).status).toBe(200);

    await requestCode("twice@example.com");
    const second = resend.lastCodeFor("twice@example.com");
    if (second !== first) expect((await login("twice@example.com", first)).status).toBe(401);
    expect((await login("twice@example.com", second)).status).toBe(200);
  });

  it("caps code requests per client address with 429 and Retry-After, whatever the challenge says", async () => {
    const ip = { "CF-Connecting-IP": "203.0.113.9" };
    const local = await createTestApp({
      env: { RESEND_API_KEY: "re_test_key", RESEND_BASE_URL: resend.url, TURNSTILE_DISABLED: "true" },
    });
    const ask = (email: string, headers: Record<string, string>) =>
      local.request("/api/auth/request-token", { method: "POST", json: { email }, headers });
    for (let request = 0; request < 30; request++) expect((await ask(`p${request}@example.com`, ip)).status).toBe(200);
    const limited = await ask("p99@example.com", ip);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(await limited.json()).toMatchObject({ code: "RATE_LIMITED" });
    expect((await ask("p99@example.com", { "CF-Connecting-IP": "203.0.113.10" })).status).toBe(200);
    local.clock.set("2026-11-21T12:15:01.000Z");
    expect((await ask("p99@example.com", ip)).status).toBe(200);
  });

  it("answers 503 'Failed to send verification code' when Resend fails, and leaves no code behind", async () => {
    resend.failWith(500);
    const response = await requestCode("down@example.com");
    expect(response.status).toBe(503);
    expect(await response.json()).toMatchObject({
      code: "SERVICE_UNAVAILABLE",
      message: "Failed to send verification code",
    });
    expect(await t.db.select().from(oneTimeCodes).where(eq(oneTimeCodes.email, "down@example.com"))).toEqual([]);
  });

  it("validates the login payload", async () => {
    const response = await t.request("/api/auth/login", {
      method: "POST",
      json: { method: "password", email: "x", token: "12ab" },
    });
    expect(response.status).toBe(422);
    const { errors } = await response.json();
    expect(Object.keys(errors).sort()).toEqual(["email", "method", "token"]);
  });
});
