/**
 * What Bolt's HTTP receiver leaves open: no cap on connections, a minute to send headers, an
 * unhandled rejection for a signed body of `null`, and work taken during shutdown. The guard sits
 * in front of Bolt's request listener on the same server.
 */
import type { IncomingMessage, RequestListener, Server, ServerResponse } from "node:http";
import { parse as parseQuery } from "node:querystring";

export interface HardenOptions {
  /** Idle sockets (no bytes either way) are closed after this long. */
  idleTimeoutMs?: number;
  headersTimeoutMs?: number;
  requestTimeoutMs?: number;
}

/** Caps concurrent connections and how long a client may take to send its request or sit idle. */
export function hardenServer(
  server: Server,
  maxConnections: number,
  { idleTimeoutMs = 15_000, headersTimeoutMs = 10_000, requestTimeoutMs = 30_000 }: HardenOptions = {},
): void {
  server.maxConnections = maxConnections;
  server.headersTimeout = headersTimeoutMs;
  server.requestTimeout = requestTimeoutMs;
  server.keepAliveTimeout = Math.min(5_000, idleTimeoutMs);
  server.setTimeout(idleTimeoutMs, (socket) => socket.destroy());
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
