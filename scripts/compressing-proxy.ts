/**
 * A loopback proxy in front of the app for the phone benchmarks (`bench:landing`, `bench:app-pages`): it
 * compresses as the CDN does in production, brotli when the browser accepts it. Hashed build files are
 * compressed once at the top quality and kept, as a CDN keeps them, so the throttled link carries production's
 * bytes and the machine does not spend its CPU compressing them again during every page load. Pages are compressed
 * on each request, at a fast quality.
 */
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import { brotliCompressSync, constants as zlib, gzipSync } from "node:zlib";
import { freePort } from "./local-stack.ts";

const compressibleType = /^(text\/|application\/(javascript|json|manifest\+json|xml)|image\/svg\+xml)/;
const droppedHeaders = new Set(["content-length", "content-encoding", "transfer-encoding", "connection", "keep-alive"]);

/** Sends the upstream answer on, compressed when the browser accepts it; hashed assets once. */
async function forward(
  upstream: string,
  request: IncomingMessage,
  response: ServerResponse,
  cache: Map<string, Buffer>,
) {
  const headers = Object.entries(request.headers).flatMap(([name, value]) =>
    name === "host" || name === "accept-encoding" || value === undefined
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

/** A loopback proxy in front of the app that compresses like the CDN in production. */
export async function startCompressingProxy(upstream: string): Promise<{ url: string; stop(): Promise<void> }> {
  const cache = new Map<string, Buffer>();
  const server = createServer((request, response) => {
    forward(upstream, request, response, cache).catch((error: unknown) => {
      response.writeHead(502).end(`bench proxy: ${error instanceof Error ? error.message : error}`);
    });
  });
  const port = await freePort();
  await new Promise<void>((listening) => server.listen(port, "127.0.0.1", listening));
  return {
    url: `http://127.0.0.1:${port}`,
    stop: () =>
      new Promise((closed) => {
        server.closeAllConnections();
        server.close(() => closed());
      }),
  };
}
