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
});
