import { createServer, request as forward, type IncomingMessage, type ServerResponse } from "node:http";

type Hold = { pattern: string; reached: () => void; release: Promise<"forward" | "drop"> };

/**
 * An HTTP proxy on 127.0.0.1 in front of sqld that can hold back the one database call whose SQL
 * contains a given text until the test releases it — so a test can put another request's whole
 * read and write between a request's read and its write, the interleaving that a race needs and
 * that timing alone rarely produces. Everything else passes straight through.
 */
export async function startHoldingProxy(targetUrl: string) {
  const target = new URL(targetUrl);
  const holds: Hold[] = [];

  async function pass(client: IncomingMessage, reply: ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const chunk of client) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks);
    // The SQL travels inside JSON, its quotes escaped.
    const text = body.toString("utf8").replaceAll('\\"', '"').toLowerCase();
    const hold = holds.find((candidate) => text.includes(candidate.pattern));
    if (hold) {
      holds.splice(holds.indexOf(hold), 1);
      hold.reached();
      // A dropped call never reaches the database: its caller sees the connection cut.
      if ((await hold.release) === "drop") return reply.destroy();
    }
    const upstream = forward(
      { host: target.hostname, port: target.port, path: client.url, method: client.method, headers: client.headers },
      (answer) => {
        reply.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(reply);
      },
    );
    upstream.on("error", () => reply.destroy());
    upstream.end(body);
  }

  const server = createServer((client, reply) => void pass(client, reply));
  const port = await new Promise<number>((done) => {
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      done(typeof address === "object" && address ? address.port : 0);
    });
  });

  return {
    url: `http://127.0.0.1:${port}`,
    /**
     * Holds the next call whose SQL contains `sql` (lower case); `reached` settles when it arrives,
     * `release` sends it on, `drop` cuts its connection instead (the database never sees it).
     */
    holdNext(sql: string) {
      let reached!: () => void;
      let settle!: (outcome: "forward" | "drop") => void;
      const arrived = new Promise<void>((done) => (reached = done));
      const released = new Promise<"forward" | "drop">((done) => (settle = done));
      holds.push({ pattern: sql.toLowerCase(), reached, release: released });
      return { reached: arrived, release: () => settle("forward"), drop: () => settle("drop") };
    },
    stop: () => new Promise<void>((done) => server.close(() => done())),
  };
}
