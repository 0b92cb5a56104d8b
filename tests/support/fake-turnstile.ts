import { createServer } from "node:http";

export type SiteverifyCall = { secret: string | null; response: string | null; remoteip: string | null };

/**
 * Cloudflare Turnstile's siteverify (POST, form fields secret/response/remoteip, JSON
 * `{ success, "error-codes" }`) on 127.0.0.1. Tokens it issued pass once, like the real one
 * (a second use is "timeout-or-duplicate"); anything else is "invalid-input-response".
 */
export async function startFakeTurnstile(options: { secret: string }) {
  const calls: SiteverifyCall[] = [];
  const issued = new Set<string>();
  let issuedCount = 0;
  const server = createServer((request, response) => {
    let body = "";
    request.on("data", (chunk) => (body += chunk));
    request.on("end", () => {
      const form = new URLSearchParams(body);
      const call = { secret: form.get("secret"), response: form.get("response"), remoteip: form.get("remoteip") };
      calls.push(call);
      const answer = (success: boolean, errorCodes: string[] = []) =>
        response
          .writeHead(200, { "Content-Type": "application/json" })
          .end(JSON.stringify({ success, "error-codes": errorCodes }));
      if (request.method !== "POST" || request.url !== "/turnstile/v0/siteverify") {
        response.writeHead(404).end();
        return;
      }
      if (call.secret !== options.secret) return answer(false, ["invalid-input-secret"]);
      if (!call.response || !issued.has(call.response)) return answer(false, ["invalid-input-response"]);
      issued.delete(call.response);
      answer(true);
    });
  });
  await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  return {
    verifyUrl: `http://127.0.0.1:${port}/turnstile/v0/siteverify`,
    calls,
    /** A token as the widget would hand a person who solved the challenge. */
    solve(): string {
      const token = `solved-${++issuedCount}-${"x".repeat(40)}`;
      issued.add(token);
      return token;
    },
    close: () => new Promise<void>((done) => server.close(() => done())),
  };
}

export type FakeTurnstile = Awaited<ReturnType<typeof startFakeTurnstile>>;
