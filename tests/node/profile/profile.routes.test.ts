import { beforeEach, describe, expect, it } from "vitest";
import { signInAs } from "../../support/sessions.ts";
import { createTestApp, type TestApp } from "../../support/test-app.ts";

describe("profile API", () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp();
  });

  it("updates the name (trimmed) and keeps the e-mail", async () => {
    const ana = await signInAs(t, { email: "ana@example.com", name: null });
    const response = await t.request("/api/profile", { method: "PUT", token: ana.token, json: { name: "  Ana Souza ", email: "x@y.z" } });
    expect(response.status).toBe(200);
    expect((await response.json()).data).toMatchObject({ name: "Ana Souza", email: "ana@example.com" });
  });

  it("refuses a blank or over-long name and a taken username", async () => {
    const ana = await signInAs(t, { username: "anasouza" });
    const rafael = await signInAs(t);
    for (const name of ["  ", "x".repeat(101)]) {
      const response = await t.request("/api/profile", { method: "PUT", token: rafael.token, json: { name } });
      expect(response.status).toBe(422);
      expect((await response.json()).errors.name).toHaveLength(1);
    }
    const taken = await t.request("/api/profile", { method: "PUT", token: rafael.token, json: { username: "AnaSouza" } });
    expect(taken.status).toBe(422);
    expect((await taken.json()).errors.username).toEqual(["That username is taken"]);
    expect((await t.request("/api/profile", { method: "PUT", token: ana.token, json: { username: "AnaSouza" } })).status).toBe(200);
  });
});
