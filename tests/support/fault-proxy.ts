import { createServer, connect, type Server, type Socket } from "node:net";

export type FaultMode = "pass" | "stall" | "refuse";

/**
 * A TCP proxy on 127.0.0.1 between the Worker and sqld that injects real network faults:
 * `pass` forwards bytes, `stall` accepts connections and never answers (what a `kill -STOP`ed
 * server looks like), `refuse` closes the port (what a dead server looks like). Switching mode
 * drops the open connections, so pooled keep-alive connections cannot dodge the fault.
 */
export async function startFaultProxy(target: { host: string; port: number }) {
  let mode: FaultMode = "pass";
  const sockets = new Set<Socket>();
  const track = (socket: Socket) => {
    sockets.add(socket);
    socket.once("close", () => sockets.delete(socket));
    socket.on("error", () => socket.destroy());
  };

  const onConnection = (client: Socket) => {
    track(client);
    if (mode === "stall") return;
    const upstream = connect(target.port, target.host);
    track(upstream);
    client.pipe(upstream).pipe(client);
    client.once("close", () => upstream.destroy());
    upstream.once("close", () => client.destroy());
  };

  let server: Server = createServer(onConnection);
  const listen = (port: number) =>
    new Promise<number>((done, fail) => {
      server.once("error", fail);
      server.listen(port, "127.0.0.1", () => {
        const address = server.address();
        done(typeof address === "object" && address ? address.port : port);
      });
    });
  const port = await listen(0);

  const dropConnections = () => {
    for (const socket of sockets) socket.destroy();
  };

  return {
    url: `http://127.0.0.1:${port}`,
    async setMode(next: FaultMode) {
      if (next === mode) return;
      dropConnections();
      if (mode === "refuse") {
        server = createServer(onConnection);
        await listen(port);
      }
      if (next === "refuse") await new Promise<void>((done) => server.close(() => done()));
      mode = next;
      if (next === "refuse") dropConnections();
    },
    async stop() {
      dropConnections();
      if (mode !== "refuse") await new Promise<void>((done) => server.close(() => done()));
    },
  };
}
