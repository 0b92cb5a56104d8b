/**
 * A loopback proxy in front of the app for the phone benchmarks (`bench:landing`, `bench:app-pages`) that serves
 * as the CDN does in production: HTTP/2 over TLS, and brotli when the browser accepts it. Over HTTP/1.1 a browser
 * opens at most six connections to an origin and asks for one file per round trip on each, so a page of many small
 * modules pays round trips that production, multiplexing them on one connection, does not; Lighthouse's simulation
 * models both (docs/decisions/058-pages-paint-before-their-modules.md). The certificate is a throwaway
 * one made with openssl for 127.0.0.1, so the browsers measuring through it ignore certificate errors. Hashed build
 * files are compressed once at the top quality and kept, as a CDN keeps them, so the throttled link carries
 * production's bytes and the machine does not spend its CPU compressing them again during every page load. Pages
 * are compressed on each request, at a fast quality.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import {
  createSecureServer,
  type Http2ServerRequest,
  type Http2ServerResponse,
  type ServerHttp2Session,
} from "node:http2";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { brotliCompressSync, constants as zlib, gzipSync } from "node:zlib";
import type { Browser } from "playwright-core";
import { freePort } from "./local-stack.ts";

const compressibleType = /^(text\/|application\/(javascript|json|manifest\+json|xml)|image\/svg\+xml)/;
/** Headers HTTP/2 forbids or the proxy rewrites. */
const droppedHeaders = new Set([
  "content-length",
  "content-encoding",
  "transfer-encoding",
  "connection",
  "keep-alive",
  "upgrade",
  "proxy-connection",
]);

/** Sends the upstream answer on, compressed when the browser accepts it; hashed assets once. */
async function forward(
  upstream: string,
  request: Http2ServerRequest,
  response: Http2ServerResponse,
  cache: Map<string, Buffer>,
) {
  const headers = Object.entries(request.headers).flatMap(([name, value]) =>
    name.startsWith(":") || name === "host" || name === "accept-encoding" || value === undefined
      ? []
      : [[name, String(value)] as [string, string]],
  );
  const hasBody = request.method !== "GET" && request.method !== "HEAD";
  const answer = await fetch(new URL(request.url ?? "/", upstream), {
    method: request.method,
    headers,
    redirect: "manual",
    ...(hasBody ? { body: request as unknown as ReadableStream, duplex: "half" } : {}),
  });
  const body = Buffer.from(await answer.arrayBuffer());
  const accepts = String(request.headers["accept-encoding"] ?? "");
  const encoding = accepts.includes("br") ? "br" : accepts.includes("gzip") ? "gzip" : null;
  const isCompressible =
    encoding && body.byteLength > 0 && compressibleType.test(answer.headers.get("content-type") ?? "");
  const isImmutable = /immutable/.test(answer.headers.get("cache-control") ?? "");
  for (const [name, value] of answer.headers) if (!droppedHeaders.has(name)) response.setHeader(name, value);
  if (!isCompressible) return response.writeHead(answer.status).end(body);
  const key = `${encoding} ${request.url}`;
  // Static files at the top quality (a CDN keeps them compressed); pages at a fast one.
  const compressed =
    (isImmutable ? cache.get(key) : undefined) ??
    (encoding === "br"
      ? brotliCompressSync(body, { params: { [zlib.BROTLI_PARAM_QUALITY]: isImmutable ? 11 : 5 } })
      : gzipSync(body, { level: isImmutable ? 9 : 6 }));
  if (isImmutable) cache.set(key, compressed);
  response.setHeader("content-encoding", encoding);
  response.setHeader("vary", "accept-encoding");
  response.writeHead(answer.status).end(compressed);
}

/** A self-signed certificate for 127.0.0.1, valid for a day, made by openssl in a directory removed right after. */
function throwawayCertificate(): { key: Buffer; cert: Buffer } {
  const directory = mkdtempSync(join(tmpdir(), "moneta-bench-tls-"));
  try {
    const [key, cert] = [join(directory, "key.pem"), join(directory, "cert.pem")];
    execFileSync(
      "openssl",
      [
        ...["req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes"],
        ...[
          "-keyout",
          key,
          "-out",
          cert,
          "-days",
          "1",
          "-subj",
          "/CN=127.0.0.1",
          "-addext",
          "subjectAltName=IP:127.0.0.1",
        ],
      ],
      { stdio: "ignore" },
    );
    return { key: readFileSync(key), cert: readFileSync(cert) };
  } finally {
    rmSync(directory, { recursive: true, force: true });
  }
}

/** A loopback proxy in front of the app that serves like the CDN in production (HTTP/2, TLS, brotli). */
export async function startCompressingProxy(upstream: string): Promise<{ url: string; stop(): Promise<void> }> {
  const cache = new Map<string, Buffer>();
  const sessions = new Set<ServerHttp2Session>();
  const server = createSecureServer({ ...throwawayCertificate(), allowHTTP1: true }, (request, response) => {
    forward(upstream, request, response, cache).catch((error: unknown) => {
      response.writeHead(502).end(`bench proxy: ${error instanceof Error ? error.message : error}`);
    });
  });
  server.on("session", (session) => {
    sessions.add(session);
    session.once("close", () => sessions.delete(session));
  });
  const port = await freePort();
  await new Promise<void>((listening) => server.listen(port, "127.0.0.1", listening));
  return {
    url: `https://127.0.0.1:${port}`,
    stop: () =>
      new Promise((closed) => {
        for (const session of sessions) session.destroy();
        server.close(() => closed());
      }),
  };
}

/**
 * One load of `url` through the proxy until the network is quiet (with a session cookie when given), so the proxy
 * holds the page's build files compressed before the measured runs, as the CDN's edge does.
 */
export async function warmThroughProxy(browser: Browser, url: string, cookie?: { name: string; value: string }) {
  // ignoreHTTPSErrors: the proxy's certificate is a throwaway one.
  const context = await browser.newContext({ ignoreHTTPSErrors: true });
  try {
    if (cookie) await context.addCookies([{ ...cookie, url }]);
    await (await context.newPage()).goto(url, { waitUntil: "networkidle" });
  } finally {
    await context.close();
  }
}
