import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Env } from "../../../worker/env.ts";
import { startFakeResend, type FakeResend } from "../../support/fake-resend.ts";
import { startFakeTurnstile, type FakeTurnstile } from "../../support/fake-turnstile.ts";
import { createTestApp, type TestApp } from "../../support/test-app.ts";

const turnstileSecret = "0x4AAAAAAA-test-secret";

describe("sign-in past its soft limits asks for a Turnstile challenge instead of locking the address", () => {
  let resend: FakeResend;
  let turnstile: FakeTurnstile;
  let t: TestApp;

  beforeAll(async () => {
    resend = await startFakeResend();
    turnstile = await startFakeTurnstile({ secret: turnstileSecret });
  });
  afterAll(async () => {
    await resend.close();
    await turnstile.close();
  });
  const appWith = (env: Partial<Env> = {}) =>
    createTestApp({
      env: {
        RESEND_API_KEY: "re_test_key",
        RESEND_BASE_URL: resend.url,
        TURNSTILE_SECRET_KEY: turnstileSecret,
        TURNSTILE_VERIFY_URL: turnstile.verifyUrl,
        ...env,
      },
    });
  beforeEach(async () => {
    t = await appWith();
  });

  const victim = { "CF-Connecting-IP": "198.51.100.7" };
  const attackerIp = (n: number) => ({ "CF-Connecting-IP": `203.0.113.${n}` });
  const requestCode = (email: string, headers: Record<string, string>, turnstileToken?: string) =>
    t.request("/api/auth/request-token", { method: "POST", json: { email, turnstile_token: turnstileToken }, headers });
  const login = (email: string, token: string, headers: Record<string, string>, turnstileToken?: string) =>
    t.request("/api/auth/login", {
      method: "POST",
      json: { method: "email", email, token, turnstile_token: turnstileToken },
      headers,
    });
  const sentTo = (email: string) => resend.sent.filter((message) => message.to === email).length;
  const wrongFor = (code: string) => (code === "000000" ? "111111" : "000000");

  it("past 5 requests for an address: 403 CHALLENGE_REQUIRED and no e-mail; a refused token is refused; a solved one sends the code", async () => {
    for (let request = 0; request < 5; request++)
      expect((await requestCode("ana@example.com", attackerIp(request))).status).toBe(200);
    const before = sentTo("ana@example.com");

    const challenged = await requestCode("ana@example.com", attackerIp(9));
    expect(challenged.status).toBe(403);
    expect(await challenged.json()).toMatchObject({ code: "CHALLENGE_REQUIRED", request_id: expect.any(String) });
    const forged = await requestCode("ana@example.com", attackerIp(9), "forged-token");
    expect(forged.status).toBe(403);
    expect(await forged.json()).toMatchObject({ code: "CHALLENGE_REQUIRED" });
    expect(sentTo("ana@example.com")).toBe(before);

    const token = turnstile.solve();
    expect((await requestCode("ana@example.com", victim, token)).status).toBe(200);
    expect(sentTo("ana@example.com")).toBe(before + 1);
    expect(turnstile.calls.at(-1)).toEqual({ secret: turnstileSecret, response: token, remoteip: "198.51.100.7" });
    expect((await requestCode("ana@example.com", victim, token)).status).toBe(403);
  });

  it("e-mails a live code at most 10 times in the window however many challenges are solved, and still sends a new code", async () => {
    for (let request = 0; request < 14; request++) {
      expect((await requestCode("caio@example.com", attackerIp(request), turnstile.solve())).status).toBe(200);
    }
    expect(sentTo("caio@example.com")).toBe(10);
    const code = resend.lastCodeFor("caio@example.com");
    t.clock.set("2026-11-21T12:11:00.000Z"); // the code has died; the window has not ended
    expect((await requestCode("caio@example.com", victim, turnstile.solve())).status).toBe(200);
    expect(sentTo("caio@example.com")).toBe(11);
    expect(resend.lastCodeFor("caio@example.com")).not.toBe(code);
  });

  it("the owner's code sent before a flood still signs in while strangers keep asking for codes to the address", async () => {
    await requestCode("bia@example.com", victim);
    const code = resend.lastCodeFor("bia@example.com");
    for (let minute = 0; minute < 9; minute++) {
      t.clock.set(`2026-11-21T12:0${minute}:30.000Z`);
      for (let ip = 0; ip < 4; ip++)
        expect([200, 403]).toContain((await requestCode("bia@example.com", attackerIp(minute * 4 + ip))).status);
    }
    expect(resend.lastCodeFor("bia@example.com")).toBe(code);
    expect((await login("bia@example.com", code, victim)).status).toBe(200);
  });

  it("past 5 wrong codes each try needs a solved challenge, and the code sent before still works with one", async () => {
    await requestCode("caio@example.com", victim);
    const code = resend.lastCodeFor("caio@example.com");
    for (let attempt = 0; attempt < 5; attempt++)
      expect((await login("caio@example.com", wrongFor(code), attackerIp(attempt))).status).toBe(401);

    const challenged = await login("caio@example.com", wrongFor(code), attackerIp(7));
    expect(challenged.status).toBe(403);
    expect(await challenged.json()).toMatchObject({ code: "CHALLENGE_REQUIRED" });
    expect((await login("caio@example.com", code, victim)).status).toBe(403);
    expect((await login("caio@example.com", code, victim, "forged-token")).status).toBe(403);
    expect((await login("caio@example.com", code, victim, turnstile.solve())).status).toBe(200);
  });

  it("no lock outlives a code: after strangers spend every try, the owner gets a fresh code at once and signs in", async () => {
    await requestCode("davi@example.com", victim);
    const first = resend.lastCodeFor("davi@example.com");
    for (let attempt = 0; attempt < 10; attempt++) {
      const status = (
        await login(
          "davi@example.com",
          wrongFor(first),
          attackerIp(attempt),
          attempt >= 5 ? turnstile.solve() : undefined,
        )
      ).status;
      expect(status).toBe(401);
    }
    expect((await login("davi@example.com", first, victim, turnstile.solve())).status).toBe(401);

    for (let request = 0; request < 6; request++) await requestCode("davi@example.com", attackerIp(40 + request));
    t.clock.set("2026-11-21T12:01:00.000Z");
    expect((await requestCode("davi@example.com", victim, turnstile.solve())).status).toBe(200);
    const fresh = resend.lastCodeFor("davi@example.com");
    expect((await login("davi@example.com", fresh, victim)).status).toBe(200);
  });

  it("answers 503 when siteverify cannot be reached, never letting the request through", async () => {
    t = await appWith({ TURNSTILE_VERIFY_URL: "http://127.0.0.1:9/turnstile/v0/siteverify" });
    for (let request = 0; request < 5; request++) await requestCode("eva@example.com", attackerIp(request));
    const before = sentTo("eva@example.com");
    const response = await requestCode("eva@example.com", victim, "any-token");
    expect(response.status).toBe(503);
    expect(await response.json()).toMatchObject({ code: "SERVICE_UNAVAILABLE" });
    expect(sentTo("eva@example.com")).toBe(before);
  });

  it("TURNSTILE_DISABLED=true skips the challenge in test runs only; production ignores it", async () => {
    t = await appWith({ TURNSTILE_DISABLED: "true", TURNSTILE_SECRET_KEY: undefined });
    for (let request = 0; request < 8; request++)
      expect((await requestCode("fia@example.com", victim)).status).toBe(200);

    t = await appWith({ TURNSTILE_DISABLED: "true", APP_ENV: "production" });
    for (let request = 0; request < 5; request++)
      expect((await requestCode("fia@example.com", victim)).status).toBe(200);
    expect((await requestCode("fia@example.com", victim)).status).toBe(403);
  });
});
