import { describe, expect, it } from "vitest";
import { contentSecurityPolicy } from "../../../worker/http/security-headers.ts";

describe("the Content-Security-Policy lets the Turnstile challenge run, and nothing more from elsewhere", () => {
  const directive = (name: string) =>
    contentSecurityPolicy("n0nce", { isDevelopment: false })
      .split(";")
      .map((part) => part.trim())
      .find((part) => part.startsWith(`${name} `));

  it("allows Cloudflare's challenge script beside our own and the nonce, still without inline code", () => {
    expect(directive("script-src")).toBe("script-src 'self' 'nonce-n0nce' https://challenges.cloudflare.com");
  });

  it("allows only the challenge's frame, and nobody may frame us", () => {
    expect(directive("frame-src")).toBe("frame-src https://challenges.cloudflare.com");
    expect(directive("frame-ancestors")).toBe("frame-ancestors 'none'");
  });

  it("adds a page's own origins only to that page's policy (Pluggy's widget on the bank connections page)", () => {
    const policy = contentSecurityPolicy("n0nce", {
      isDevelopment: false,
      scriptOrigins: ["https://cdn.pluggy.ai"],
      frameOrigins: ["https://connect.pluggy.ai"],
    });
    expect(policy).toContain(
      "script-src 'self' 'nonce-n0nce' https://challenges.cloudflare.com https://cdn.pluggy.ai;",
    );
    expect(policy).toContain("frame-src https://challenges.cloudflare.com https://connect.pluggy.ai;");
  });
});
