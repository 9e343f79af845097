/**
 * What Node's and Bolt's HTTP server leave open to slow or greedy clients: a full server refuses every
 * new connection (a slow client's included or not), deadlines are checked only every 30 s, and the idle
 * timeout is reset by any trickle (slowloris keeps a socket by sending a byte now and then). Here:
 * - a connection still without a request's complete headers (new, or after its last response) is
 *   *pending*; pending longer than `headersTimeoutMs` it is closed;
 * - one address may keep at most `perClient` connections pending for more than a second: past that its
 *   oldest are closed and new ones refused (a burst of real requests is pending for milliseconds only);
 * - past `maxConnections` in all, a new connection closes the oldest pending one instead of being
 *   refused, so a slow client's connections make room for Slack, /readyz and /livez, never the other
 *   way round (requests in progress are never closed).
 * The Slack route's own guard (body cap, timestamp, signature) is slack-request-guard.ts.
 */
import type { Server, ServerResponse } from "node:http";
import type { Socket } from "node:net";

export { guardSlackRequests, isObjectBody } from "./slack-request-guard.ts";

/** Pending longer than this, a connection counts against its address's cap. */
const SLOW_AFTER_MS = 1_000;
const SWEEP_EVERY_MS = 250;

export interface HardenOptions {
  /** Connections one client address may keep pending past a second (a proxy in front is one client). */
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
  // Node's own cap refuses new connections whatever holds the old ones: kept only as a ceiling on file
  // descriptors, above the cap enforced here.
  server.maxConnections = maxConnections * 2;
  server.headersTimeout = headersTimeoutMs;
  server.requestTimeout = requestTimeoutMs;
  server.keepAliveTimeout = Math.min(5_000, idleTimeoutMs);
  server.setTimeout(idleTimeoutMs, (socket) => socket.destroy());

  let open = 0;
  // Insertion order is age order (a socket pending again is re-inserted at the end).
  const pending = new Map<Socket, number>();
  const pendingBy = new Map<string, Map<Socket, number>>();
  const addressOf = (socket: Socket) => socket.remoteAddress ?? "unknown";
  const settle = (socket: Socket) => {
    pending.delete(socket);
    const mine = pendingBy.get(addressOf(socket));
    mine?.delete(socket);
    if (mine?.size === 0) pendingBy.delete(addressOf(socket));
  };
  const awaitHeaders = (socket: Socket, at: number) => {
    settle(socket);
    pending.set(socket, at);
    const address = addressOf(socket);
    const mine = pendingBy.get(address) ?? new Map<Socket, number>();
    mine.set(socket, at);
    pendingBy.set(address, mine);
  };
  /** The address's connections pending for more than a second, oldest first. */
  const slowOf = (mine: Map<Socket, number> | undefined, now: number): Socket[] => {
    const slow: Socket[] = [];
    for (const [socket, since] of mine ?? []) {
      if (now - since <= SLOW_AFTER_MS) break;
      slow.push(socket);
    }
    return slow;
  };

  server.on("connection", (socket: Socket) => {
    const now = Date.now();
    if (slowOf(pendingBy.get(addressOf(socket)), now).length >= perClient) {
      socket.destroy();
      return;
    }
    open++;
    socket.once("close", () => {
      open--;
      settle(socket);
    });
    awaitHeaders(socket, now);
    if (open > maxConnections) {
      // The oldest connection still without a request makes room (this one, if it is the only one).
      const [oldest] = pending.keys();
      oldest?.destroy();
      if (oldest) settle(oldest);
    }
  });
  // Listeners added before Bolt's run first: the headers are in; once this response is done, the
  // connection is pending again.
  server.prependListener("request", (req, res: ServerResponse) => {
    const socket = req.socket;
    settle(socket);
    res.once("finish", () => {
      if (!socket.destroyed) awaitHeaders(socket, Date.now());
    });
  });

  const sweep = setInterval(() => {
    const now = Date.now();
    for (const [socket, since] of pending) {
      if (now - since <= headersTimeoutMs) break;
      socket.destroy();
      settle(socket);
    }
    for (const mine of [...pendingBy.values()]) {
      const slow = slowOf(mine, now);
      if (slow.length <= perClient) continue;
      for (const socket of slow.slice(0, slow.length - perClient)) {
        socket.destroy();
        settle(socket);
      }
    }
  }, SWEEP_EVERY_MS);
  sweep.unref();
  server.once("close", () => clearInterval(sweep));
}
