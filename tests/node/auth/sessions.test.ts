import { SignJWT, UnsecuredJWT } from "jose";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { sessions } from "../../../db/schema/index.ts";
import { startFakeResend, type FakeResend } from "../../support/fake-resend.ts";
import { createTestApp, testOrigin, type TestApp } from "../../support/test-app.ts";

describe("sessions", () => {
  let resend: FakeResend;
  let t: TestApp;

  beforeAll(async () => {
    resend = await startFakeResend();
  });
  afterAll(() => resend.close());
  beforeEach(async () => {
    t = await createTestApp({ env: { RESEND_API_KEY: "re_test_key", RESEND_BASE_URL: resend.url } });
  });

  async function signIn(email = "ana@example.com"): Promise<string> {
    await t.request("/api/auth/request-token", { method: "POST", json: { email } });
    const response = await t.request("/api/auth/login", {
      method: "POST",
      json: { method: "email", email, token: resend.lastCodeFor(email) },
    });
    return (await response.json()).data.access_token;
  }

  const profile = (token?: string) => t.request("/api/profile", { token });
  const claimsOf = (token: string) => JSON.parse(atob(token.split(".")[1]!.replace(/-/g, "+").replace(/_/g, "/")));

  it("opens a session the bearer token proves, and the profile says who it is", async () => {
    const token = await signIn();
    const response = await profile(token);
    expect(response.status).toBe(200);
    expect((await response.json()).data).toMatchObject({ email: "ana@example.com", workspaces_count: 0 });
    expect(claimsOf(token)).toMatchObject({
      iss: "moneta",
      aud: "moneta-app",
      sub: expect.any(String),
      sid: expect.any(String),
    });
  });

  it("answers 401 without a token", async () => {
    const response = await profile();
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ code: "UNAUTHENTICATED" });
  });

  it("refuses tampered tokens: alg none, wrong key, expired, wrong audience, wrong issuer, edited payload", async () => {
    const genuine = await signIn();
    const { sub, sid } = claimsOf(genuine);
    const key = new TextEncoder().encode(t.env.JWT_SECRET);
    const build = () => new SignJWT({ sid }).setSubject(sub).setIssuedAt().setProtectedHeader({ alg: "HS256" });
    const forged = [
      new UnsecuredJWT({ sid })
        .setSubject(sub)
        .setIssuer("moneta")
        .setAudience("moneta-app")
        .setExpirationTime("1h")
        .encode(),
      await build()
        .setIssuer("moneta")
        .setAudience("moneta-app")
        .setExpirationTime("1h")
        .sign(new TextEncoder().encode("another-secret-another-secret-0000")),
      await build()
        .setIssuer("moneta")
        .setAudience("moneta-app")
        .setExpirationTime(Math.floor(Date.parse("2026-11-21T11:00:00Z") / 1000))
        .sign(key),
      await build().setIssuer("moneta").setAudience("someone-else").setExpirationTime("1h").sign(key),
      await build().setIssuer("evil").setAudience("moneta-app").setExpirationTime("1h").sign(key),
      (() => {
        const [header, , signature] = genuine.split(".");
        const payload = btoa(JSON.stringify({ ...claimsOf(genuine), sub: "someone-else" })).replace(/=+$/, "");
        return `${header}.${payload}.${signature}`;
      })(),
    ];
    for (const token of forged) expect((await profile(token)).status).toBe(401);
    expect((await profile(genuine)).status).toBe(200);
  });

  it("logout revokes the session at once", async () => {
    const token = await signIn();
    expect((await t.request("/api/auth/logout", { method: "POST", token })).status).toBe(200);
    expect((await profile(token)).status).toBe(401);
  });

  it("'sign out everywhere' revokes every session of the user and no one else's", async () => {
    const phone = await signIn("ana@example.com");
    const laptop = await signIn("ana@example.com");
    const someoneElse = await signIn("rafael@example.com");
    const response = await t.request("/api/auth/logout-everywhere", { method: "POST", token: laptop });
    expect((await response.json()).data.revoked_sessions).toBe(2);
    expect((await profile(phone)).status).toBe(401);
    expect((await profile(laptop)).status).toBe(401);
    expect((await profile(someoneElse)).status).toBe(200);
  });

  it("answers 401 to logout and 'sign out everywhere' with a token that was already logged out", async () => {
    const stolen = await signIn("ana@example.com");
    const phone = await signIn("ana@example.com");
    expect((await t.request("/api/auth/logout", { method: "POST", token: stolen })).status).toBe(200);
    const before = await t.db.select().from(sessions);

    for (const path of ["/api/auth/logout", "/api/auth/logout-everywhere"]) {
      const response = await t.request(path, { method: "POST", token: stolen });
      expect({ path, status: response.status }).toEqual({ path, status: 401 });
      expect(await response.json()).toMatchObject({ code: "UNAUTHENTICATED" });
    }
    expect(await t.db.select().from(sessions)).toEqual(before);
    expect((await profile(phone)).status).toBe(200);
  });

  it("answers 401 to 'sign out everywhere' with the token of a session that idled out, and signs no one out", async () => {
    const idle = await signIn("ana@example.com");
    t.clock.set("2026-12-05T12:00:01.000Z");
    const fresh = await signIn("ana@example.com");
    expect((await t.request("/api/auth/logout-everywhere", { method: "POST", token: idle })).status).toBe(401);
    expect((await profile(fresh)).status).toBe(200);
  });

  it("ends a session left idle for 14 days, and refreshes last use at most hourly after responding", async () => {
    const token = await signIn();
    const { sid } = claimsOf(token);
    t.clock.set("2026-11-21T12:30:00.000Z");
    await profile(token);
    await t.settleDeferred();
    let [row] = await t.db.select().from(sessions).where(eq(sessions.id, sid));
    expect(row!.lastSeenAt).toBe("2026-11-21T12:00:00.000Z");

    t.clock.set("2026-11-21T14:00:00.000Z");
    await profile(token);
    await t.settleDeferred();
    [row] = await t.db.select().from(sessions).where(eq(sessions.id, sid));
    expect(row!.lastSeenAt).toBe("2026-11-21T14:00:00.000Z");

    t.clock.set("2026-12-05T14:00:01.000Z");
    expect((await profile(token)).status).toBe(401);
  });

  it("ends every session after 60 days however active", async () => {
    const token = await signIn();
    for (const day of ["2026-12-02", "2026-12-14", "2026-12-26", "2027-01-07", "2027-01-19"]) {
      t.clock.set(`${day}T12:00:00.000Z`);
      expect((await profile(token)).status).toBe(200);
      await t.settleDeferred();
    }
    t.clock.set("2027-01-20T12:00:01.000Z");
    expect((await profile(token)).status).toBe(401);
  });

  it("refuses cookie-authenticated writes from another origin, and accepts them from ours", async () => {
    const token = await signIn();
    const cookie = { Cookie: `moneta_session=${token}` };
    expect((await t.request("/api/profile", { headers: cookie })).status).toBe(200);
    const crossSite = await t.request("/api/auth/logout", {
      method: "POST",
      headers: { ...cookie, Origin: "https://evil.example" },
    });
    expect(crossSite.status).toBe(403);
    const noOrigin = await t.request("/api/auth/logout", { method: "POST", headers: cookie });
    expect(noOrigin.status).toBe(403);
    expect((await t.request("/api/profile", { headers: cookie })).status).toBe(200);
    const sameSite = await t.request("/api/auth/logout", {
      method: "POST",
      headers: { ...cookie, Origin: testOrigin },
    });
    expect(sameSite.status).toBe(200);
    expect((await t.request("/api/profile", { headers: cookie })).status).toBe(401);
  });
});
