/**
 * The Slack route's edge, in front of Bolt's request listener: 503 while draining; a body past the cap
 * refused before it is read (Content-Length) or as soon as it passes it; the signed timestamp checked
 * before the body is read (more than 5 minutes old, or in the future: Bolt refuses only old ones); the
 * signature verified over the raw bytes before anything parses them; a body that is not a JSON object
 * (`null`, a number) refused before Bolt, which would reject unhandled on it.
 */
import { createHmac, timingSafeEqual } from "node:crypto";
import type { IncomingMessage, RequestListener, Server, ServerResponse } from "node:http";
import { parse as parseQuery } from "node:querystring";

/** Slack's own window for a signed request's timestamp, both ways. */
const MAX_SKEW_S = 5 * 60;

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

/** Slack's `v0=` HMAC-SHA256 over `v0:{timestamp}:{raw body}`, compared in constant time. */
export function validSignature(secret: string, timestamp: string, raw: Buffer, given: string | undefined): boolean {
  const want = Buffer.from(`v0=${createHmac("sha256", secret).update(`v0:${timestamp}:`).update(raw).digest("hex")}`);
  const got = Buffer.from(given ?? "");
  return got.length === want.length && timingSafeEqual(got, want);
}

/** Slack's unsigned `ssl_check=1` form: Bolt answers it and drops anything else in the body. */
function isSslCheck(raw: Buffer, contentType: string | undefined): boolean {
  return contentType === "application/x-www-form-urlencoded" && parseQuery(raw.toString("utf8")).ssl_check === "1";
}

export interface GuardOptions {
  path: string;
  draining: () => boolean;
  logger: { warn(msg: string): void };
  /** Verifies requests before anything parses them; absent: Bolt alone verifies (tests of other parts). */
  signingSecret?: string | undefined;
  /** Slack's payloads are far smaller (a message is at most 40,000 characters). */
  bodyLimitBytes?: number;
  /** From the headers to the whole body. */
  bodyTimeoutMs?: number;
  /** Called when a request on `path` is answered 2xx (acknowledged), with the seconds since its headers. */
  onAck?: (seconds: number) => void;
  now?: () => number;
}

const header = (req: IncomingMessage, name: string) => {
  const v = req.headers[name];
  return Array.isArray(v) ? v[0] : v;
};

/** Wraps the server's request listeners with the checks above, on `path` only. */
export function guardSlackRequests(server: Server, opts: GuardOptions): void {
  const { bodyLimitBytes: limit = 2 * 1024 * 1024, bodyTimeoutMs = 10_000, now = Date.now } = opts;
  const originals = server.listeners("request") as RequestListener[];
  server.removeAllListeners("request");
  server.on("request", (req: IncomingMessage, res: ServerResponse) => {
    const pass = () => {
      for (const listener of originals) listener.call(server, req, res);
    };
    const refuse = (status: number, headers: Record<string, string> = {}) => {
      res.writeHead(status, { connection: "close", ...headers }).end();
      req.destroy();
    };
    const path = (req.url ?? "/").split("?")[0];
    if (req.method !== "POST" || path !== opts.path) return pass();
    const t0 = performance.now();
    res.once("finish", () => {
      if (res.statusCode < 300) opts.onAck?.((performance.now() - t0) / 1000);
    });
    // Slack retries a refused event later (another replica, or this one after the restart).
    if (opts.draining()) return refuse(503, { "retry-after": "10" });
    if (Number(header(req, "content-length") ?? 0) > limit) return refuse(413);
    const timestamp = header(req, "x-slack-request-timestamp") ?? "";
    const timely = /^\d{1,12}$/.test(timestamp) && Math.abs(now() / 1000 - Number(timestamp)) <= MAX_SKEW_S;
    // Refused before its body is read; one without a timestamp may still be Slack's unsigned ssl_check.
    if (opts.signingSecret !== undefined && timestamp !== "" && !timely) return refuse(401);
    const chunks: Buffer[] = [];
    let size = 0;
    const slow = setTimeout(() => refuse(408), bodyTimeoutMs);
    slow.unref();
    req.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        clearTimeout(slow);
        return refuse(413);
      }
      chunks.push(chunk);
    });
    req.on("end", () => {
      clearTimeout(slow);
      if (size > limit || res.headersSent) return;
      const raw = Buffer.concat(chunks);
      if (
        opts.signingSecret !== undefined &&
        !(timely && validSignature(opts.signingSecret, timestamp, raw, header(req, "x-slack-signature"))) &&
        !isSslCheck(raw, req.headers["content-type"])
      ) {
        return refuse(401);
      }
      // Bolt reads a request it finds already buffered from rawBody.
      (req as IncomingMessage & { rawBody?: Buffer }).rawBody = raw;
      if (!isObjectBody(raw.toString("utf8"), req.headers["content-type"])) {
        opts.logger.warn(`rejected a Slack request whose body is not a JSON object (${size} bytes)`);
        res.writeHead(400).end();
        return;
      }
      pass();
    });
    req.on("error", () => {
      clearTimeout(slow);
      res.destroy();
    });
  });
}
