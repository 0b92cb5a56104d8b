import { connect } from "node:net";
import { describe, expect, inject, it } from "vitest";
import { triggerCron } from "../../scripts/local-stack.ts";

/**
 * The app as `npm start` serves it answers like production: every answer is the Worker's
 * own (the JSON envelope for the API), never a local server's page with a stack trace or
 * this machine's paths — even for a client that stalls mid-body or a burst the Worker
 * answers without reading the bodies.
 */
const baseURL = inject("appUrl");
const { hostname, port } = new URL(baseURL);

/** A stack frame ("    at fn (/path/file.js:1:2)") or a path of this machine. */
const leaksInternals = (text: string) =>
  /\n\s+at \S.*:\d+:\d+\)?\s*$|\/work\/|\/home\/|\/tmp\/|node_modules|file:\/\//m.test(text);

type RawAnswer = { head: string; body: string };

/**
 * Sends the request line, headers and only part of the body, then either stalls (the socket
 * stays open) or half-closes it (no more bytes will come): what comes back?
 */
function partialRequest(options: {
  method: string;
  path: string;
  contentType: string;
  partialBody: string;
  afterBody: "stall" | "half-close";
}) {
  const waitMs = 10_000;
  return new Promise<RawAnswer>((done, fail) => {
    const socket = connect({ host: hostname, port: Number(port) });
    let received = "";
    const split = (): RawAnswer => {
      const [head = "", ...rest] = received.split("\r\n\r\n");
      return { head, body: rest.join("\r\n\r\n") };
    };
    const finish = () => {
      clearTimeout(timer);
      socket.destroy();
      if (received) done(split());
      else fail(new Error(`No answer (${options.afterBody}, ${options.method} ${options.path})`));
    };
    const timer = setTimeout(finish, waitMs);
    socket.on("data", (chunk) => {
      received += chunk.toString("utf8");
      const { head, body } = split();
      const length = Number(/content-length: *(\d+)/i.exec(head)?.[1] ?? Number.NaN);
      if ((Number.isFinite(length) && Buffer.byteLength(body) >= length) || body.endsWith("0\r\n\r\n")) finish();
    });
    socket.on("close", finish);
    socket.on("error", finish);
    socket.write(
      `${options.method} ${options.path} HTTP/1.1\r\nHost: ${hostname}:${port}\r\nOrigin: ${baseURL}\r\n` +
        `Content-Type: ${options.contentType}\r\nContent-Length: 400\r\nConnection: close\r\n\r\n${options.partialBody}`,
    );
    if (options.afterBody === "half-close") socket.end();
  });
}

/** The Worker stamps every answer with its request id; a server in front of it would not. */
const isWorkersOwn = (answer: RawAnswer) =>
  /^x-request-id: *[0-9a-f-]{36}\s*$/im.test(answer.head) && !leaksInternals(answer.body);
const jsonOf = (body: string) =>
  JSON.parse(body.slice(body.indexOf("{"), body.lastIndexOf("}") + 1)) as { code?: string };

describe("the served app answers as production does", () => {
  it("answers an API client that stalls or stops mid-body with the Worker's JSON envelope, and keeps serving", async () => {
    for (const afterBody of ["stall", "half-close"] as const) {
      const answer = await partialRequest({
        method: "PUT",
        path: "/api/profile/preferences",
        contentType: "application/json",
        partialBody: '{"language": "pt-BR", "theme": ',
        afterBody,
      });
      expect(answer.head, afterBody).toMatch(/^HTTP\/1\.1 401 /);
      expect(isWorkersOwn(answer), afterBody).toBe(true);
      expect(jsonOf(answer.body)).toMatchObject({ code: "UNAUTHENTICATED" });
    }
    expect((await fetch(`${baseURL}/api/health`)).status).toBe(200);
  });

  it("answers a page form that stops mid-body with the Worker's own page, without a stack or local paths", async () => {
    const answer = await partialRequest({
      method: "POST",
      path: "/login",
      contentType: "application/x-www-form-urlencoded",
      partialBody: "intent=request-code&email=ana%40exa",
      afterBody: "half-close",
    });
    expect(isWorkersOwn(answer), answer.head + answer.body.slice(0, 500)).toBe(true);
  });

  it("answers 200 concurrent PUTs with bodies over the limit, which the Worker refuses unread, each with its own envelope", async () => {
    // 512 KB, over the 256 KB limit: the Worker answers before the body has arrived.
    const body = JSON.stringify({ language: "en", note: "x".repeat(512 * 1024) });
    const answers = await Promise.all(
      Array.from({ length: 200 }, async () => {
        try {
          const response = await fetch(`${baseURL}/api/profile/preferences`, {
            method: "PUT",
            headers: { "Content-Type": "application/json" },
            body,
          });
          return {
            status: response.status,
            type: response.headers.get("Content-Type") ?? "",
            text: await response.text(),
          };
        } catch (error) {
          return { status: 0, type: "", text: String((error as Error).cause ?? error) };
        }
      }),
    );
    const isOwnEnvelope = (answer: (typeof answers)[number]) =>
      [401, 413].includes(answer.status) &&
      answer.type.startsWith("application/json") &&
      ["UNAUTHENTICATED", "PAYLOAD_TOO_LARGE"].includes(JSON.parse(answer.text).code);
    // workerd may reset a connection whose large body it never read (so may Cloudflare's edge);
    // what must never come back is an answer that is not the Worker's.
    const isReset = (answer: (typeof answers)[number]) =>
      answer.status === 0 && /ECONNRESET|EPIPE|other side closed/.test(answer.text);
    expect(answers.filter((answer) => !isOwnEnvelope(answer) && !isReset(answer)).slice(0, 3)).toEqual([]);
    expect(answers.filter(isReset).length).toBeLessThan(20);
    expect(answers.filter((answer) => leaksInternals(answer.text))).toEqual([]);
    expect((await fetch(`${baseURL}/api/health`)).status).toBe(200);
  });

  it("fires the cron handler the way npm start's timer does", async () => {
    expect(await triggerCron(baseURL)).toBe(true);
  });

  it("answers a malformed address with the app's own page, without a stack or local paths", async () => {
    for (const path of ["/%E0%A4%A", "/api/%E0%A4%A", "/assets/%zz"]) {
      const response = await fetch(`${baseURL}${path}`, { headers: { Accept: "text/html" } });
      const text = await response.text();
      expect(response.status, path).toBeLessThan(500);
      expect(leaksInternals(text), `${path}: ${text.slice(0, 300)}`).toBe(false);
    }
  });
});
