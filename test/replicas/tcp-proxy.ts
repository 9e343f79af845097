/** A TCP proxy to PostgreSQL that a test can cut (every connection dropped, new ones refused) and restore. */
import { createConnection, createServer, type Server, type Socket } from "node:net";

export interface CuttableProxy {
  port: number;
  cut(): void;
  restore(): void;
  close(): Promise<void>;
}

export async function startProxy(targetHost: string, targetPort: number): Promise<CuttableProxy> {
  let down = false;
  const sockets = new Set<Socket>();
  const server: Server = createServer((client) => {
    if (down) {
      client.destroy();
      return;
    }
    const upstream = createConnection({ host: targetHost, port: targetPort });
    for (const s of [client, upstream]) {
      sockets.add(s);
      s.on("close", () => sockets.delete(s));
      s.on("error", () => undefined);
    }
    client.pipe(upstream).pipe(client);
    client.on("close", () => upstream.destroy());
    upstream.on("close", () => client.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  return {
    port,
    cut() {
      down = true;
      for (const s of sockets) s.destroy();
    },
    restore() {
      down = false;
    },
    close: () =>
      new Promise((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}
