import { beforeEach, describe, expect, it } from "vitest";
import { leads } from "../../../db/schema/index.ts";
import { createTestApp, type TestApp } from "../../support/test-app.ts";

describe("POST /api/leads (waitlist)", () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp();
  });

  const join = (json: unknown, headers: Record<string, string> = {}) =>
    t.request("/api/leads", { method: "POST", json, headers });
  const valid = { name: "Mariana Lima", email: "Mariana.Lima@Example.com ", phone: "21998761234", source: "waitlist" };

  it("stores the lead (e-mail normalised, phone formatted) and thanks in Portuguese", async () => {
    const response = await join(valid);
    expect(response.status).toBe(201);
    expect(await response.json()).toEqual({
      data: { message: "Obrigado por se inscrever! Entraremos em contato em breve." },
    });
    expect(await t.db.select().from(leads)).toEqual([
      expect.objectContaining({
        name: "Mariana Lima",
        email: "mariana.lima@example.com",
        phone: "(21) 99876-1234",
        source: "waitlist",
      }),
    ]);
  });

  it("answers in English when the visitor chose English", async () => {
    const response = await join(valid, { Cookie: "lang=en" });
    expect((await response.json()).data.message).toBe("Thanks for signing up! We'll be in touch soon.");
  });

  it("refuses an address already on the list, whatever its case or spaces, with 409", async () => {
    await join(valid);
    const again = await join({ ...valid, email: "  MARIANA.LIMA@example.COM", name: "Other" });
    expect(again.status).toBe(409);
    expect(await again.json()).toMatchObject({
      code: "LEAD_ALREADY_LISTED",
      message: "Este email já está cadastrado na lista de espera.",
    });
    expect(await t.db.select().from(leads)).toHaveLength(1);
  });

  it("answers 422 with a message for each missing or bad field and stores nothing", async () => {
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ ...valid, name: "  " }, "name", "Nome é obrigatório"],
      [{ ...valid, name: "x".repeat(101) }, "name", "Use no máximo 100 caracteres"],
      [{ ...valid, email: "sem-arroba" }, "email", "Por favor, insira um endereço de email válido"],
      [{ ...valid, email: undefined }, "email", "Email é obrigatório"],
      [{ ...valid, phone: "" }, "phone", "Telefone é obrigatório"],
      [{ ...valid, phone: "98765-43" }, "phone", "Informe o telefone com DDD"],
      [{ ...valid, source: "ads" }, "source", "Origem inválida"],
    ];
    for (const [json, field, message] of cases) {
      const response = await join(json);
      expect(response.status, field).toBe(422);
      const body = await response.json();
      expect(body.code).toBe("VALIDATION_FAILED");
      expect(body.errors[field], JSON.stringify(json)).toEqual([message]);
    }
    expect(await t.db.select().from(leads)).toEqual([]);
  });

  it("gives English field messages to an English page", async () => {
    const response = await join({ ...valid, email: "nope" }, { Cookie: "lang=en" });
    expect((await response.json()).errors.email).toEqual(["Please enter a valid email address"]);
  });

  it("answers malformed JSON with 400", async () => {
    const response = await t.request("/api/leads", {
      method: "POST",
      body: "{name:",
      headers: { "Content-Type": "application/json" },
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ code: "MALFORMED_JSON" });
  });

  it("limits sign-ups per client address with 429 and Retry-After", async () => {
    const ip = { "CF-Connecting-IP": "198.51.100.7" };
    for (let lead = 0; lead < 10; lead++)
      expect((await join({ ...valid, email: `p${lead}@example.com` }, ip)).status).toBe(201);
    const limited = await join({ ...valid, email: "p10@example.com" }, ip);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect((await join({ ...valid, email: "p10@example.com" }, { "CF-Connecting-IP": "198.51.100.8" })).status).toBe(
      201,
    );
  });
});
