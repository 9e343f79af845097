/**
 * What Node's and Bolt's HTTP server leave open to slow or greedy clients: no cap on connections per
 * client, deadlines checked only every 30 s (slowloris keeps a socket by sending a byte now and then),
 * and an idle timeout that any trickle resets. One client may hold at most `perClient` connections,
 * and a connection that has not sent a request's headers `headersTimeoutMs` after it opened (or after
 * its last response) is closed, so slow clients cannot shut out Slack, /readyz or /livez.
 * The Slack route's own guard (body cap, timestamp, signature) is slack-request-guard.ts.
 */
import type { Server, ServerResponse } from "node:http";
import type { Socket } from "node:net";

export { guardSlackRequests, isObjectBody } from "./slack-request-guard.ts";

export interface HardenOptions {
  /** Connections one client address may hold at once (a proxy in front counts as one client). */
  perClient?: number;
  /** Idle sockets (no bytes either way) are closed after this long. */
  idleTimeoutMs?: number;
  /** From a connection's start (or its last response) to a request's complete headers. */
  headersTimeoutMs?: number;
  /** From a request's headers to its complete body. */
  requestTimeoutMs?: number;
}

/** Caps connections (in all and per client) and how long a client may take to send its request or sit idle. */
export function hardenServer(
  server: Server,
  maxConnections: number,
  { perClient = 64, idleTimeoutMs = 15_000, headersTimeoutMs = 10_000, requestTimeoutMs = 30_000 }: HardenOptions = {},
): void {
  server.maxConnections = maxConnections;
  server.headersTimeout = headersTimeoutMs;
  server.requestTimeout = requestTimeoutMs;
  server.keepAliveTimeout = Math.min(5_000, idleTimeoutMs);
  server.setTimeout(idleTimeoutMs, (socket) => socket.destroy());

  const perAddress = new Map<string, number>();
  const headerDeadline = new WeakMap<Socket, NodeJS.Timeout>();
  const awaitHeaders = (socket: Socket) => {
    clearTimeout(headerDeadline.get(socket));
    const timer = setTimeout(() => socket.destroy(), headersTimeoutMs);
    timer.unref();
    headerDeadline.set(socket, timer);
  };
  server.on("connection", (socket: Socket) => {
    const address = socket.remoteAddress ?? "unknown";
    const open = (perAddress.get(address) ?? 0) + 1;
    if (open > perClient) {
      socket.destroy();
      return;
    }
    perAddress.set(address, open);
    awaitHeaders(socket);
    socket.once("close", () => {
      clearTimeout(headerDeadline.get(socket));
      const left = (perAddress.get(address) ?? 1) - 1;
      if (left > 0) perAddress.set(address, left);
      else perAddress.delete(address);
    });
  });
  // Listeners added before Bolt's run first: the headers are in, the next request's clock starts when
  // this response is done.
  server.prependListener("request", (req, res: ServerResponse) => {
    const socket = req.socket;
    clearTimeout(headerDeadline.get(socket));
    res.once("finish", () => {
      if (!socket.destroyed) awaitHeaders(socket);
    });
  });
}
