import { Hono } from "hono";
import { beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import type { Database } from "../../../db/client.ts";
import type { ApiEnv } from "../../../worker/api.ts";
import { createWorkerApp, maxJsonBodyBytes } from "../../../worker/app.ts";
import { AppError } from "../../../worker/http/errors.ts";
import { validate } from "../../../worker/http/validation.ts";
import { createTestDatabase } from "../../support/database.ts";
import { testEnv, testServiceContext } from "../../support/service-context.ts";

/** A router shaped like a feature's: validated input, a service that may throw, one that crashes. */
const fixtureApi = new Hono<ApiEnv>()
  .post("/things", validate("json", z.object({ name: z.string().trim().min(1, "Name is required").max(100), amount: z.number() })), (c) =>
    c.json({ data: c.req.valid("json") }, 201),
  )
  .get("/conflict", () => {
    throw new AppError("TAG_NAME_TAKEN", "That name is already taken.");
  })
  .get("/limited", () => {
    throw new AppError("RATE_LIMITED", "Too many attempts. Try again in a minute.", { retryAfterSeconds: 60 });
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

  const post = (body: BodyInit, contentType = "application/json") =>
    app.request("/api/things", { method: "POST", body, headers: { "Content-Type": contentType } }, env);

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
    for (const [path, method] of [["/api", "GET"], ["/api/", "GET"], ["/api/things", "DELETE"]] as const) {
      const response = await app.request(path, { method }, env);
      expect(response.status, `${method} ${path}`).toBe(404);
      expect(await response.json()).toMatchObject({ code: "NOT_FOUND" });
    }
  });

  it("answers malformed JSON with 400 MALFORMED_JSON", async () => {
    const response = await post('{"name": "Rent",');
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ code: "MALFORMED_JSON", message: "The request body is not valid JSON." });
  });

  it("answers invalid fields with 422 and a field map of messages", async () => {
    const response = await post(JSON.stringify({ name: "   ", amount: "12.50" }));
    expect(response.status).toBe(422);
    const body = await response.json();
    expect(body.code).toBe("VALIDATION_FAILED");
    expect(body.errors.name).toEqual(["Name is required"]);
    expect(body.errors.amount).toHaveLength(1);
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
    expect(await conflict.json()).toMatchObject({ code: "TAG_NAME_TAKEN", message: "That name is already taken." });

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
