import { describe, expect, it } from "vitest";
import { createTestApp } from "../../support/test-app.ts";

const scriptSources = (response: Response) =>
  response.headers
    .get("Content-Security-Policy")!
    .split(";")
    .map((directive) => directive.trim())
    .find((directive) => directive.startsWith("script-src "))!
    .split(" ")
    .slice(1);

describe("the API reference page", () => {
  it("loads Scalar's pinned script from its CDN with the request's nonce, and only that page may", async () => {
    const t = await createTestApp();
    const page = await t.request("/api/docs");
    expect(page.status).toBe(200);
    expect(page.headers.get("Content-Type")).toMatch(/^text\/html/);
    const nonce = /'nonce-([^']+)'/.exec(page.headers.get("Content-Security-Policy")!)![1]!;
    const html = await page.text();
    expect(html).toContain(`<script src="https://cdn.jsdelivr.net/npm/@scalar/api-reference@1.76.0" nonce="${nonce}">`);
    expect(html).toContain('"url": "/api/openapi.json"');
    expect(scriptSources(page)).toContain("https://cdn.jsdelivr.net");

    for (const path of ["/api/openapi.json", "/api/profile", "/"]) {
      expect(scriptSources(await t.request(path)), path).not.toContain("https://cdn.jsdelivr.net");
    }
  });
});
