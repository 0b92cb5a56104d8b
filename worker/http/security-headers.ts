/**
 * Headers every response carries, pages and API alike. Scripts run only from our origin
 * or with this request's nonce (React Router's hydration scripts get it), never inline.
 * Static assets get the same set from app/public/_headers (without a nonce: they are not HTML).
 */

/** Cloudflare Turnstile: the sign-in page loads its script and frame past a soft limit. */
const turnstileOrigin = "https://challenges.cloudflare.com";

/**
 * `scriptOrigins` and `frameOrigins`: what one page adds for itself (the API reference's script CDN,
 * Pluggy's widget on the bank connections page), so no other page may load from there.
 */
export function contentSecurityPolicy(
  nonce: string,
  options: { isDevelopment: boolean; scriptOrigins?: readonly string[]; frameOrigins?: readonly string[] },
): string {
  const directives = [
    "default-src 'self'",
    ["script-src 'self'", `'nonce-${nonce}'`, turnstileOrigin, ...(options.scriptOrigins ?? [])].join(" "),
    ["frame-src", turnstileOrigin, ...(options.frameOrigins ?? [])].join(" "),
    // Radix positions popovers with inline style attributes; styles cannot run code.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    options.isDevelopment ? "connect-src 'self' ws: wss:" : "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ];
  return directives.join("; ");
}

export function applySecurityHeaders(
  headers: Headers,
  scope: { requestId: string; cspNonce: string; scriptOrigins: readonly string[]; frameOrigins: readonly string[] },
  options: { isDevelopment: boolean },
): void {
  // A file served as someone uploaded it (a receipt) keeps its own policy: a sandbox that runs nothing.
  if (!headers.get("Content-Security-Policy")?.startsWith("sandbox"))
    headers.set(
      "Content-Security-Policy",
      contentSecurityPolicy(scope.cspNonce, {
        ...options,
        scriptOrigins: scope.scriptOrigins,
        frameOrigins: scope.frameOrigins,
      }),
    );
  headers.set("Strict-Transport-Security", "max-age=63072000; includeSubDomains");
  headers.set("X-Content-Type-Options", "nosniff");
  headers.set("X-Frame-Options", "DENY");
  headers.set("Referrer-Policy", "strict-origin-when-cross-origin");
  headers.set("Permissions-Policy", "camera=(), microphone=(), geolocation=(), payment=()");
  headers.set("Cross-Origin-Opener-Policy", "same-origin");
  headers.set("X-Request-Id", scope.requestId);
}
