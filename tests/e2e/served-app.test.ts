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
const leaksInternals = (text: string) => /\n\s+at \S.*:\d+:\d+\)?\s*$|\/work\/|\/home\/|\/tmp\/|node_modules|file:\/\//m.test(text);

/** Sends the request line, headers and only part of the body, then waits: what comes back? */
function stalledRequest(options: { path: string; announcedLength: number; partialBody: string; waitMs: number }) {
  return new Promise<{ head: string; body: string }>((done, fail) => {
    const socket = connect({ host: hostname, port: Number(port) });
    let received = "";
    const timer = setTimeout(() => {
      socket.destroy();
      fail(new Error(`No answer within ${options.waitMs} ms while the body was stalled (got ${JSON.stringify(received)})`));
    }, options.waitMs);
    socket.on("data", (chunk) => {
      received += chunk.toString("utf8");
      const [head, body = ""] = received.split("\r\n\r\n");
      const length = Number(/content-length: *(\d+)/i.exec(head ?? "")?.[1] ?? Number.NaN);
      const isChunked = /transfer-encoding: *chunked/i.test(head ?? "");
      if ((Number.isFinite(length) && Buffer.byteLength(body) >= length) || (isChunked && body.endsWith("0\r\n\r\n"))) {
        clearTimeout(timer);
        socket.destroy();
        done({ head: head!, body });
      }
    });
    socket.on("error", (error) => {
      clearTimeout(timer);
      fail(error);
    });
    socket.write(
      `PUT ${options.path} HTTP/1.1\r\nHost: ${hostname}:${port}\r\nContent-Type: application/json\r\n` +
        `Content-Length: ${options.announcedLength}\r\nConnection: close\r\n\r\n${options.partialBody}`,
    );
  });
}

describe("the served app answers as production does", () => {
  it("answers a client stalled mid-body with the Worker's JSON envelope, and keeps serving", async () => {
    const { head, body } = await stalledRequest({
      path: "/api/profile/preferences",
      announcedLength: 400,
      partialBody: '{"language": "pt-BR", "theme": ',
      waitMs: 10_000,
    });
    expect(head).toMatch(/^HTTP\/1\.1 401 /);
    const json = body.includes("{") ? body.slice(body.indexOf("{"), body.lastIndexOf("}") + 1) : body;
    expect(JSON.parse(json)).toMatchObject({ code: "UNAUTHENTICATED", request_id: expect.any(String) });
    expect(leaksInternals(body)).toBe(false);
    expect((await fetch(`${baseURL}/api/health`)).status).toBe(200);
  });

  it("answers 200 concurrent PUTs whose bodies the Worker never reads, each with its own envelope", async () => {
    const body = JSON.stringify({ language: "en", note: "x".repeat(64 * 1024) });
    const answers = await Promise.all(
      Array.from({ length: 200 }, async () => {
        const response = await fetch(`${baseURL}/api/profile/preferences`, {
          method: "PUT",
          headers: { "Content-Type": "application/json" },
          body,
        }).catch((error: unknown) => ({ status: 0, text: async () => String(error), headers: new Headers() }));
        return { status: response.status, type: response.headers.get("Content-Type") ?? "", text: await response.text() };
      }),
    );
    const unexpected = answers.filter((answer) => answer.status !== 401 || !answer.type.startsWith("application/json"));
    expect(unexpected.slice(0, 3)).toEqual([]);
    expect(answers.filter((answer) => leaksInternals(answer.text))).toEqual([]);
    expect(answers.every((answer) => JSON.parse(answer.text).code === "UNAUTHENTICATED")).toBe(true);
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
