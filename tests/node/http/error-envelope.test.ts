import { Hono } from "hono";
import { beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import type { Database } from "../../../db/client.ts";
import type { ApiEnv } from "../../../worker/access/api-env.ts";
import { createWorkerApp } from "../../../worker/app.ts";
import { maxJsonBodyBytes } from "../../../worker/http/body-limits.ts";
import { AppError } from "../../../worker/http/errors.ts";
import { validate } from "../../../worker/http/validation.ts";
import { createTestDatabase } from "../../support/database.ts";
import { testEnv, testServiceContext } from "../../support/service-context.ts";

/** A router shaped like a feature's: validated input, a service that may throw, one that crashes. */
const fixtureApi = new Hono<ApiEnv>()
  .post(
    "/things",
    validate(
      "json",
      z.object({
        name: z.string().trim().min(1, "errors:fields.nameRequired").max(100, "errors:fields.tooLong"),
        amount: z.number(),
      }),
    ),
    (c) => c.json({ data: c.req.valid("json") }, 201),
  )
  .get("/conflict", () => {
    throw new AppError("TAG_NAME_TAKEN");
  })
  .get("/limited", () => {
    throw new AppError("RATE_LIMITED", undefined, { retryAfterSeconds: 60 });
  })
  .get("/crash", () => {
    throw new Error("SQLITE_ERROR: no such table: secrets at /srv/worker.js:12");
  });

describe("the HTTP pipeline", () => {
  let db: Database;
  let app: ReturnType<typeof createWorkerApp>;
  const env = testEnv();

  beforeAll(async () => {
    db = await createTestDatabase();
    app = createWorkerApp({
      api: fixtureApi,
      renderPage: (c) => c.html("<h1>page</h1>"),
      createServices: () => testServiceContext(db),
    });
  });

  const post = (body: BodyInit, contentType = "application/json", headers: Record<string, string> = {}) =>
    app.request("/api/things", { method: "POST", body, headers: { "Content-Type": contentType, ...headers } }, env);

  it("answers unknown API paths 404 in the error envelope", async () => {
    const response = await app.request("/api/nothing", {}, env);
    expect(response.status).toBe(404);
    const body = await response.json();
    expect(body).toEqual({
      message: "There is no API endpoint at GET /api/nothing.",
      code: "NOT_FOUND",
      request_id: response.headers.get("X-Request-Id"),
    });
  });

  it("answers the bare /api prefix and unknown methods on known paths 404 as well", async () => {
    for (const [path, method] of [
      ["/api", "GET"],
      ["/api/", "GET"],
      ["/api/things", "DELETE"],
    ] as const) {
      const response = await app.request(path, { method }, env);
      expect(response.status, `${method} ${path}`).toBe(404);
      expect(await response.json()).toMatchObject({ code: "NOT_FOUND" });
    }
  });

  it("answers malformed JSON with 400 MALFORMED_JSON", async () => {
    const response = await post('{"name": "Rent",');
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({
      code: "MALFORMED_JSON",
      message: "The request body is not valid JSON.",
    });
  });

  it("answers invalid fields with 422 and a field map of messages", async () => {
    const response = await post(JSON.stringify({ name: "   ", amount: "12.50" }));
    expect(response.status).toBe(422);
    const body = await response.json();
    expect(body.code).toBe("VALIDATION_FAILED");
    expect(body.errors.name).toEqual(["Name is required"]);
    // zod's own English (a check given no message key) becomes a general message people can read.
    expect(body.errors.amount).toEqual(["Check this value"]);
  });

  it("answers in the caller's language: the lang cookie, then Accept-Language; the code stays the same", async () => {
    const invalid = JSON.stringify({ name: "x".repeat(101), amount: 1 });
    const portuguese = await (
      await post(invalid, "application/json", { "Accept-Language": "pt-BR,pt;q=0.9,en;q=0.5" })
    ).json();
    expect(portuguese).toMatchObject({
      code: "VALIDATION_FAILED",
      message: "Alguns campos precisam de atenção. Confira e tente de novo.",
      errors: { name: ["Use no máximo 100 caracteres"] },
    });
    const chosen = await (
      await post(invalid, "application/json", { "Accept-Language": "pt-BR", Cookie: "lang=en" })
    ).json();
    expect(chosen).toMatchObject({ code: "VALIDATION_FAILED", errors: { name: ["Use at most 100 characters"] } });
    const missing = await app.request("/api/nothing", { headers: { "Accept-Language": "pt" } }, env);
    expect(await missing.json()).toMatchObject({
      code: "NOT_FOUND",
      message: "Não há endpoint da API em GET /api/nothing.",
    });
  });

  it("passes valid, trimmed input to the handler", async () => {
    const response = await post(JSON.stringify({ name: "  Rent  ", amount: 1200 }));
    expect(response.status).toBe(201);
    expect(await response.json()).toEqual({ data: { name: "Rent", amount: 1200 } });
  });

  it("refuses bodies over the limit with 413 before parsing", async () => {
    const response = await post(JSON.stringify({ name: "x".repeat(maxJsonBodyBytes), amount: 1 }));
    expect(response.status).toBe(413);
    expect(await response.json()).toMatchObject({ code: "PAYLOAD_TOO_LARGE" });
  });

  it("refuses page form posts over the upload limit with 413 too", async () => {
    const response = await app.request("/settings", { method: "POST", body: "x".repeat(3 * 1024 * 1024) }, env);
    expect(response.status).toBe(413);
    expect(await response.text()).not.toContain("<h1>page</h1>");
  });

  it("maps service errors to their status and adds Retry-After for rate limits", async () => {
    const conflict = await app.request("/api/conflict", {}, env);
    expect(conflict.status).toBe(409);
    expect(await conflict.json()).toMatchObject({
      code: "TAG_NAME_TAKEN",
      message: "There's already a tag with that name. Pick another one.",
    });

    const limited = await app.request("/api/limited", {}, env);
    expect(limited.status).toBe(429);
    expect(limited.headers.get("Retry-After")).toBe("60");
  });

  it("hides unexpected errors: generic 500, no stack, no SQL", async () => {
    const response = await app.request("/api/crash", {}, env);
    expect(response.status).toBe(500);
    const text = await response.text();
    expect(text).not.toMatch(/SQLITE|secrets|worker\.js|at /);
    expect(JSON.parse(text)).toMatchObject({ code: "INTERNAL_ERROR" });
  });

  it("puts the security headers and a request id on API and page responses alike", async () => {
    for (const path of ["/api/nothing", "/some/page"]) {
      const response = await app.request(path, {}, env);
      const csp = response.headers.get("Content-Security-Policy") ?? "";
      expect(csp).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9]+'/);
      expect(csp.split(";").find((d) => d.trim().startsWith("script-src"))).not.toContain("unsafe-inline");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(response.headers.get("Strict-Transport-Security")).toMatch(/max-age=\d+/);
      expect(response.headers.get("X-Content-Type-Options")).toBe("nosniff");
      expect(response.headers.get("Referrer-Policy")).toBe("strict-origin-when-cross-origin");
      expect(response.headers.get("X-Request-Id")).toMatch(/^[0-9a-f-]{36}$/);
    }
  });

  it("gives each request its own id and nonce", async () => {
    const [first, second] = await Promise.all([app.request("/x", {}, env), app.request("/x", {}, env)]);
    expect(first!.headers.get("X-Request-Id")).not.toBe(second!.headers.get("X-Request-Id"));
    expect(first!.headers.get("Content-Security-Policy")).not.toBe(second!.headers.get("Content-Security-Policy"));
  });

  it("sends every non-API path and method to the page renderer", async () => {
    for (const method of ["GET", "POST", "PUT", "DELETE"]) {
      const response = await app.request("/workspaces/abc/settings", { method }, env);
      expect(response.status).toBe(200);
      expect(await response.text()).toBe("<h1>page</h1>");
    }
  });
});
