import { createClient, type Client } from "@libsql/client";
import type { Miniflare } from "miniflare";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { startBuiltWorker } from "../support/built-worker.ts";

describe("the built Worker in workerd", () => {
  let worker: Miniflare;
  let database: Client;

  beforeAll(async () => {
    worker = startBuiltWorker({ databaseUrl: inject("databaseUrl") });
    await worker.ready;
    database = createClient({ url: inject("databaseUrl") });
  });

  afterAll(async () => {
    database?.close();
    await worker?.dispose();
  });

  it("reports the database and the KV cache reachable at /api/health", async () => {
    const response = await worker.dispatchFetch("http://127.0.0.1/api/health");
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({
      data: { status: "ok", database: "reachable", cache: "reachable", environment: "test" },
    });
  });

  it("answers 503 in the envelope when the database is down", async () => {
    const broken = startBuiltWorker({ databaseUrl: "http://127.0.0.1:9" });
    try {
      const response = await broken.dispatchFetch("http://127.0.0.1/api/health");
      expect(response.status).toBe(503);
      const body = (await response.json()) as Record<string, unknown>;
      expect(body).toMatchObject({ code: "DATABASE_UNAVAILABLE", request_id: response.headers.get("X-Request-Id") });
      expect(response.headers.get("Retry-After")).toBe("5");
      expect(JSON.stringify(body)).not.toMatch(/ECONNREFUSED|127\.0\.0\.1:9|stack/i);
    } finally {
      await broken.dispose();
    }
  });

  it("answers unknown API paths with the JSON envelope and the security headers", async () => {
    const response = await worker.dispatchFetch("http://127.0.0.1/api/nothing");
    expect(response.status).toBe(404);
    expect(response.headers.get("Content-Type")).toContain("application/json");
    expect(await response.json()).toMatchObject({ code: "NOT_FOUND" });
    expect(response.headers.get("Content-Security-Policy")).toContain("frame-ancestors 'none'");
    expect(response.headers.get("X-Request-Id")).toBeTruthy();
  });

  it("renders pages on the server in the language of the cookie, then Accept-Language", async () => {
    const english = await worker.dispatchFetch("http://127.0.0.1/login", { headers: { "Accept-Language": "en-US" } });
    const englishHtml = await english.text();
    expect(english.status).toBe(200);
    expect(englishHtml).toContain('<html lang="en"');
    expect(englishHtml).toContain("Sign in to Moneta");

    const portuguese = await worker.dispatchFetch("http://127.0.0.1/login", {
      headers: { "Accept-Language": "pt-BR,pt;q=0.9" },
    });
    expect(await portuguese.text()).toContain("Entrar no Moneta");

    const cookieWins = await worker.dispatchFetch("http://127.0.0.1/login", {
      headers: { Cookie: "lang=en", "Accept-Language": "pt-BR" },
    });
    expect(await cookieWins.text()).toContain('<html lang="en"');
  });

  it("serves the public landing page in Portuguese first, in English when chosen", async () => {
    const visitor = await worker.dispatchFetch("http://127.0.0.1/", { headers: { "Accept-Language": "en-US" } });
    expect(visitor.status).toBe(200);
    expect(await visitor.text()).toContain('<html lang="pt-BR"');
    const chosen = await worker.dispatchFetch("http://127.0.0.1/", { headers: { Cookie: "lang=en" } });
    expect(await chosen.text()).toContain('<html lang="en"');
  });

  it("gives React Router's scripts the response's CSP nonce and uses no other inline script", async () => {
    const response = await worker.dispatchFetch("http://127.0.0.1/");
    const nonce = /'nonce-([^']+)'/.exec(response.headers.get("Content-Security-Policy") ?? "")?.[1];
    const html = await response.text();
    expect(nonce).toBeTruthy();
    const scripts = [...html.matchAll(/<script\b[^>]*>/g)].map((match) => match[0]);
    expect(scripts.length).toBeGreaterThan(0);
    for (const tag of scripts) expect(tag).toContain(`nonce="${nonce}"`);
  });

  it("serves unknown pages with status 404 and the translated 404 page", async () => {
    const response = await worker.dispatchFetch("http://127.0.0.1/no/such/page", { headers: { Cookie: "lang=pt-BR" } });
    expect(response.status).toBe(404);
    expect(await response.text()).toContain("Não encontramos essa página");
  });

  it("serves built static assets with security headers", async () => {
    const response = await worker.dispatchFetch("http://127.0.0.1/favicon.svg");
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toContain("image/svg+xml");
    expect(response.headers.get("X-Content-Type-Options")).toBe("nosniff");
  });

  it("sets the language cookie from the switcher's form post and returns to the page", async () => {
    const response = await worker.dispatchFetch("http://127.0.0.1/language", {
      method: "POST",
      body: new URLSearchParams({ language: "pt-BR", redirectTo: "/style-guide" }),
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: "http://127.0.0.1" },
      redirect: "manual",
    });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/style-guide");
    expect(response.headers.get("Set-Cookie")).toContain("lang=pt-BR");
  });

  it("never redirects the language switcher off-site", async () => {
    const response = await worker.dispatchFetch("http://127.0.0.1/language", {
      method: "POST",
      body: new URLSearchParams({ language: "en", redirectTo: "//evil.example/" }),
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: "http://127.0.0.1" },
      redirect: "manual",
    });
    expect(response.headers.get("Location")).toBe("/");
  });

  it("logs one line per request with the request id and the time to the body's last byte", async () => {
    const lines: string[] = [];
    const logging = startBuiltWorker({
      databaseUrl: inject("databaseUrl"),
      vars: { APP_ENV: "local" },
      onLog: (line) => lines.push(line),
    });
    try {
      const page = await logging.dispatchFetch("http://127.0.0.1/privacy-policy");
      const html = await page.text();
      expect(html).toMatch(/^<!DOCTYPE html>[\s\S]*<\/html>$/);
      const api = await logging.dispatchFetch("http://127.0.0.1/api/health");
      expect(await api.json()).toMatchObject({ data: { status: "ok" } });
      await expect.poll(() => lines.filter((line) => line.includes('"event":"request"')).length).toBe(2);
      const logged = lines.filter((line) => line.includes('"event":"request"')).map((line) => JSON.parse(line));
      expect(logged).toEqual([
        expect.objectContaining({
          level: "info",
          method: "GET",
          path: "/privacy-policy",
          status: 200,
          request_id: page.headers.get("X-Request-Id"),
        }),
        expect.objectContaining({
          method: "GET",
          path: "/api/health",
          status: 200,
          request_id: api.headers.get("X-Request-Id"),
        }),
      ]);
      for (const entry of logged) expect(entry.duration_ms).toBeGreaterThan(0);
    } finally {
      await logging.dispose();
    }
  });

  it("keeps values in the exchange-rate KV namespace", async () => {
    const rates = await worker.getKVNamespace("EXCHANGE_RATES");
    await rates.put("rates:USD", JSON.stringify({ BRL: "5.432100" }), { expirationTtl: 3600 });
    expect(await rates.get("rates:USD", "json")).toEqual({ BRL: "5.432100" });
  });

  it("runs the scheduled handler, which records its job runs in the database", async () => {
    const scheduledTime = new Date("2026-11-21T12:05:00Z");
    const result = await (await worker.getWorker()).scheduled({ cron: "*/5 * * * *", scheduledTime });
    expect(result.outcome).toBe("ok");
    // Other worker tests record runs of their own (dated years ahead): this one is found by its time.
    const own = await database.execute({
      sql: "select * from job_runs where started_at = ? order by rowid",
      args: [scheduledTime.toISOString()],
    });
    expect(own.rows.map((row) => row.job)).toEqual(["due-items", "reminders", "receipt-files"]);
    expect(own.rows[0]).toMatchObject({ job: "due-items", trigger: "*/5 * * * *", items_done: 0, error: null });
    expect(own.rows.every((row) => row.finished_at && row.error === null)).toBe(true);
  });
});
