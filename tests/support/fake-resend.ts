import { createServer, type IncomingMessage } from "node:http";

export type SentEmail = {
  from: string;
  to: string | string[];
  subject: string;
  text: string;
  html: string;
  headers?: Record<string, string>;
};

/**
 * Resend's HTTP API as seen by the SDK (POST /emails), on 127.0.0.1: it records what
 * was sent and can be told to fail or to be slow, so tests exercise the real SDK over real HTTP. Like
 * Resend, a request repeating an Idempotency-Key gets the first answer back and sends nothing.
 */
export async function startFakeResend() {
  const sent: SentEmail[] = [];
  const answered = new Map<string, string>();
  let failWith: number | null = null;
  let delayMs = 0;
  const readBody = (request: IncomingMessage) =>
    new Promise<string>((done) => {
      let body = "";
      request.on("data", (chunk) => (body += chunk));
      request.on("end", () => done(body));
    });
  const server = createServer(async (request, response) => {
    const body = await readBody(request);
    response.setHeader("Content-Type", "application/json");
    // For tests in another process (the browser tests): what was sent, as JSON.
    if (request.method === "GET" && request.url === "/__sent") {
      response.writeHead(200).end(JSON.stringify(sent));
      return;
    }
    if (request.method !== "POST" || request.url !== "/emails") {
      response.writeHead(404).end(JSON.stringify({ name: "not_found", message: "Not found", statusCode: 404 }));
      return;
    }
    if (failWith) {
      response
        .writeHead(failWith)
        .end(JSON.stringify({ name: "application_error", message: "Upstream down", statusCode: failWith }));
      return;
    }
    if (delayMs > 0) await new Promise((done) => setTimeout(done, delayMs));
    const key = request.headers["idempotency-key"];
    const earlier = typeof key === "string" ? answered.get(key) : undefined;
    if (earlier) {
      response.writeHead(200).end(earlier);
      return;
    }
    sent.push(JSON.parse(body) as SentEmail);
    const answer = JSON.stringify({ id: `email-${sent.length}` });
    if (typeof key === "string") answered.set(key, answer);
    response.writeHead(200).end(answer);
  });
  await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
  const address = server.address();
  const url = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
  return {
    url,
    sent,
    failWith(status: number | null) {
      failWith = status;
    },
    /** Answers after this long (a slow provider). */
    delay(ms: number) {
      delayMs = ms;
    },
    /** The code in the newest e-mail to this address. */
    lastCodeFor(email: string): string {
      const message = [...sent].reverse().find((item) => [item.to].flat().includes(email));
      const code = /\b(\d{6})\b/.exec(message?.text ?? "")?.[1];
      if (!code) throw new Error(`No code was e-mailed to ${email}`);
      return code;
    },
    close: () => new Promise<void>((done) => server.close(() => done())),
  };
}

export type FakeResend = Awaited<ReturnType<typeof startFakeResend>>;
