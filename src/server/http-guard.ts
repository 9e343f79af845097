/**
 * What Node's and Bolt's HTTP server leave open to slow or greedy clients: no cap on connections per
 * client, deadlines checked only every 30 s (slowloris keeps a socket by sending a byte now and then),
 * and an idle timeout that any trickle resets. One client may hold at most `perClient` connections,
 * and a connection that has not sent a request's headers `headersTimeoutMs` after it opened (or after
 * its last response) is closed, so slow clients cannot shut out Slack, /readyz or /livez.
 * The Slack route's own guard (draining, bodies that are not objects) is below.
 */
import type { IncomingMessage, RequestListener, Server, ServerResponse } from "node:http";
import type { Socket } from "node:net";
import { parse as parseQuery } from "node:querystring";

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

/** Slack's bodies are objects; `null`, a number or an array is refused before Bolt reads it. */
export function isObjectBody(raw: string, contentType: string | undefined): boolean {
  const isObject = (text: string) => {
    try {
      const v: unknown = JSON.parse(text);
      return typeof v === "object" && v !== null && !Array.isArray(v);
    } catch {
      return true; // not JSON at all: Bolt answers that itself (401/400)
    }
  };
  if ((contentType ?? "").startsWith("application/x-www-form-urlencoded")) {
    const payload = parseQuery(raw).payload;
    return typeof payload === "string" ? isObject(payload) : true;
  }
  return isObject(raw);
}

export interface GuardOptions {
  path: string;
  draining: () => boolean;
  logger: { warn(msg: string): void };
  /** Bolt's own default limit. */
  bodyLimitBytes?: number;
}

/** Wraps the server's request listeners: 503 while draining, 400 for a non-object body on `path`. */
export function guardSlackRequests(server: Server, opts: GuardOptions): void {
  const limit = opts.bodyLimitBytes ?? 10 * 1024 * 1024;
  const originals = server.listeners("request") as RequestListener[];
  server.removeAllListeners("request");
  server.on("request", (req: IncomingMessage, res: ServerResponse) => {
    const pass = () => {
      for (const listener of originals) listener.call(server, req, res);
    };
    const path = (req.url ?? "/").split("?")[0];
    if (req.method !== "POST" || path !== opts.path) return pass();
    if (opts.draining()) {
      // Slack retries a refused event later (another replica, or this one after the restart).
      res.writeHead(503, { "retry-after": "10", connection: "close" }).end();
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    req.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        res.writeHead(413, { connection: "close" }).end();
        req.destroy();
        return;
      }
      chunks.push(chunk);
    });
    req.on("end", () => {
      if (size > limit) return;
      const raw = Buffer.concat(chunks);
      // Bolt reads a request it finds already buffered from rawBody.
      (req as IncomingMessage & { rawBody?: Buffer }).rawBody = raw;
      if (!isObjectBody(raw.toString("utf8"), req.headers["content-type"])) {
        opts.logger.warn(`rejected a Slack request whose body is not a JSON object (${size} bytes)`);
        res.writeHead(400).end();
        return;
      }
      pass();
    });
    req.on("error", () => res.destroy());
  });
}
