import { createServer } from "node:http";
import { freePort, type RunningProcess } from "./local-stack.ts";

/**
 * An HTTP proxy in front of sqld for the benchmarks: it can hold every database request for
 * `delayMs` first (to count the round trips a user waits for), counts the requests it passes
 * (each is one round trip of the Worker's database client), and hands each request's body to
 * `onRequest` (the Hrana pipeline the Worker sent, for scripts/profile-statements.ts).
 */
export async function startDatabaseProxy(
  upstream: string,
  options: { delayMs?: number; onRequest?: (body: Buffer) => void } = {},
): Promise<RunningProcess & { requests(): number }> {
  let requests = 0;
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", async () => {
      requests += 1;
      if (chunks.length) options.onRequest?.(Buffer.concat(chunks));
      if (options.delayMs) await new Promise((wait) => setTimeout(wait, options.delayMs));
      const headers = Object.fromEntries(
        Object.entries(request.headers).filter(([key]) => !["host", "connection", "content-length"].includes(key)),
      ) as Record<string, string>;
      const reply = await fetch(`${upstream}${request.url}`, {
        method: request.method,
        headers,
        body: chunks.length ? Buffer.concat(chunks) : undefined,
      });
      response.writeHead(reply.status, { "Content-Type": reply.headers.get("Content-Type") ?? "application/json" });
      response.end(Buffer.from(await reply.arrayBuffer()));
    });
  });
  const port = await freePort();
  await new Promise<void>((listening) => server.listen(port, "127.0.0.1", listening));
  return {
    url: `http://127.0.0.1:${port}`,
    requests: () => requests,
    stop: () =>
      new Promise((closed) => {
        server.closeAllConnections();
        server.close(() => closed());
      }),
  };
}
