import { request } from "node:http";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { describe, expect, inject, it } from "vitest";

/**
 * Text leaves `npm start` compressed by the Accept-Encoding the client sends, as Cloudflare
 * compresses it in production — Miniflare's entry worker does it in front of the Worker and its
 * assets — so local measurements carry production's bytes. The Worker's own answers stay
 * uncompressed: compressing is the edge's job, and Cloudflare would otherwise get bodies it
 * cannot re-encode.
 */
const baseURL = inject("appUrl");

type RawAnswer = { status: number; encoding: string | undefined; type: string | undefined; body: Buffer };

/** A GET with node:http, which, unlike fetch, neither asks for nor undoes any encoding itself. */
function rawGet(path: string, acceptEncoding?: string): Promise<RawAnswer> {
  return new Promise((done, fail) => {
    const headers = acceptEncoding === undefined ? {} : { "Accept-Encoding": acceptEncoding };
    const outgoing = request(new URL(path, baseURL), { headers }, (answer) => {
      const chunks: Buffer[] = [];
      answer.on("data", (chunk: Buffer) => chunks.push(chunk));
      answer.on("end", () =>
        done({
          status: answer.statusCode ?? 0,
          encoding: answer.headers["content-encoding"],
          type: answer.headers["content-type"],
          body: Buffer.concat(chunks),
        }),
      );
      answer.on("error", fail);
    });
    outgoing.on("error", fail);
    outgoing.end();
  });
}

async function stylesheetPath(): Promise<string> {
  const page = await rawGet("/login");
  const path = /<link[^>]+rel="stylesheet"[^>]+href="(\/assets\/[^"]+\.css)"/.exec(page.body.toString("utf8"))?.[1];
  if (!path) throw new Error("The sign-in page names no stylesheet");
  return path;
}

describe("the served app compresses text as Cloudflare does", () => {
  it("sends the stylesheet brotli-encoded to a client that asks for brotli, gzip-encoded to one that asks for gzip", async () => {
    const path = await stylesheetPath();
    const plain = await rawGet(path);
    const brotli = await rawGet(path, "br");
    const gzip = await rawGet(path, "gzip");
    expect(plain.encoding).toBeUndefined();
    expect(brotli.encoding).toBe("br");
    expect(gzip.encoding).toBe("gzip");
    expect(brotliDecompressSync(brotli.body).equals(plain.body)).toBe(true);
    expect(gunzipSync(gzip.body).equals(plain.body)).toBe(true);
    expect(brotli.body.byteLength).toBeLessThan(plain.body.byteLength / 4);
  });

  it("compresses pages and API answers too, and leaves the Worker's own answer unencoded for a client that asks for none", async () => {
    const page = await rawGet("/login", "gzip, deflate, br");
    const api = await rawGet("/api/health", "br");
    const unencoded = await rawGet("/login");
    expect(page.status).toBe(200);
    expect(page.encoding).toMatch(/^(gzip|br)$/);
    expect(api.encoding).toBe("br");
    expect(unencoded.encoding).toBeUndefined();
    expect(unencoded.body.toString("utf8")).toContain("<html");
  });
});
