/**
 * A stand-in for Slack's Web API on 127.0.0.1: answers the methods rwerror calls, records every
 * call (and every post to a response_url), serves private files, remembers posted messages (with their
 * metadata) for conversations.replies/history, and misbehaves the way Slack does when told to: 429 with
 * Retry-After, 5xx, a hang, or a call taken and its response lost.
 */
import { once } from "node:events";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { messageLog, type StoredMessage } from "./fake-slack-messages.ts";

export interface RecordedCall {
  method: string;
  args: Record<string, unknown>;
  /** Bearer token from the Authorization header, or the form's `token` field. */
  token: string | undefined;
  contentType: string | undefined;
  /** True when the fake answered this attempt with 429. */
  rateLimited: boolean;
  /** The fault this attempt met (`http_500`, …), when it met one that did nothing. */
  fault?: string;
  at: number;
}

export interface RecordedResponse {
  /** Last path segment of the response_url. */
  id: string;
  body: Record<string, unknown>;
  at: number;
}

export interface FakeFile {
  id: string;
  name: string;
  mimetype: string;
  filetype: string;
  content: string;
  /** Serve this instead of the content (e.g. an HTML sign-in page). */
  servedBody?: string;
  servedContentType?: string;
  /** Serve the file without checking the bot token. */
  public?: boolean;
}

type Handler = (args: Record<string, unknown>) => Record<string, unknown>;

/**
 * How a method misbehaves: `429` (with Retry-After seconds) or another HTTP status, before anything is
 * done; `hang`: the request is never answered (the caller's timeout ends it); `lose`: the call is done
 * (a message is posted) and the connection dropped before the response.
 */
export type Fault = { status: number; retryAfter?: number } | { hang: true } | { lose: true };

export interface FakeSlack {
  /** Web API base, ends in `/api/`. */
  readonly apiUrl: string;
  readonly origin: string;
  readonly calls: RecordedCall[];
  readonly responses: RecordedResponse[];
  /** Bearer tokens that fetched private files, in order. */
  readonly fileFetches: { id: string; token: string | undefined }[];
  callsTo(method: string): RecordedCall[];
  /** A response_url served by the fake; posts to it land in `responses`. Ids starting "expired" answer 404. */
  responseUrl(id?: string): string;
  responsesTo(id: string): RecordedResponse[];
  /** Override (or add) a method's answer. */
  handle(method: string, handler: Handler): void;
  /** Runs `hook` on each call to `method` just before it is answered (the call is done by then). */
  onCall(method: string, hook: (args: Record<string, unknown>) => void): void;
  /** The next call to `method` gets HTTP 429 with `Retry-After: seconds`. */
  rateLimitOnce(method: string, seconds?: number): void;
  /** Every later call to `method` is answered only after `ms`: lets concurrent requests overlap. */
  delay(method: string, ms: number): void;
  /** Calls to `method` meet `fault` for the next `forMs` (or until `clearFaults`). */
  fault(method: string, fault: Fault, forMs?: number): void;
  clearFaults(): void;
  /** Calls that met a fault, by method. */
  faulted(method: string): number;
  /** Messages posted with chat.postMessage (including those whose response was lost). */
  readonly messages: readonly StoredMessage[];
  /** A channel conversations.info describes (public unless `isPrivate`); unknown ids answer channel_not_found. */
  addChannel(id: string, name: string, opts?: { isPrivate?: boolean }): void;
  addFile(file: FakeFile): void;
  /** What apps.connections.open answers. */
  setSocketUrl(url: string): void;
  /** Resolves when `predicate` holds for the recorded traffic, rejects after `timeoutMs`. */
  waitFor(predicate: () => boolean | Promise<boolean>, timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
}

export const FAKE_TEAM = "T0FAKE";
export const FAKE_BOT_USER = "U0RWBOT";
export const FAKE_BOT_ID = "B0RWBOT";

function parseValue(value: string): unknown {
  // The Web API client JSON-encodes objects and arrays inside the form (blocks, view, …).
  if (value.startsWith("{") || value.startsWith("[")) {
    try {
      return JSON.parse(value);
    } catch {
      return value;
    }
  }
  return value;
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

function parseArgs(raw: string, contentType: string | undefined): Record<string, unknown> {
  if (contentType?.includes("application/json")) {
    try {
      return JSON.parse(raw) as Record<string, unknown>;
    } catch {
      return {};
    }
  }
  const args: Record<string, unknown> = {};
  for (const [k, v] of new URLSearchParams(raw)) args[k] = parseValue(v);
  return args;
}

function json(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  res.writeHead(status, { "content-type": "application/json; charset=utf-8", ...headers });
  res.end(JSON.stringify(body));
}

export async function startFakeSlack(): Promise<FakeSlack> {
  const calls: RecordedCall[] = [];
  const responses: RecordedResponse[] = [];
  const fileFetches: { id: string; token: string | undefined }[] = [];
  const channels = new Map<string, string>();
  const privateChannels = new Set<string>();
  const files = new Map<string, FakeFile>();
  const handlers = new Map<string, Handler>();
  const hooks = new Map<string, (args: Record<string, unknown>) => void>();
  const rateLimits = new Map<string, number>();
  const delays = new Map<string, number>();
  const faults = new Map<string, { fault: Fault; until: number }>();
  const faultCounts = new Map<string, number>();
  const hung = new Set<ServerResponse>();
  const log = messageLog();
  let socketUrl = "";
  let tsCounter = 0;
  let origin = "";
  const nextTs = () => {
    tsCounter += 1;
    // Seconds of the real clock, like Slack's: a look-up by `oldest` (conversations.history) finds what it
    // should. The fraction starts at 900000 so it never equals a pasted message's ts (payloads.ts counts from 1).
    return `${Math.floor(Date.now() / 1000)}.${900_000 + tsCounter}`;
  };

  const defaults: Record<string, Handler> = {
    "auth.test": () => ({
      ok: true,
      url: "https://fake.slack.test/",
      team: "fake",
      user: "rwerror",
      team_id: FAKE_TEAM,
      user_id: FAKE_BOT_USER,
      bot_id: FAKE_BOT_ID,
    }),
    "chat.postMessage": (a) => {
      const ts = nextTs();
      log.add(a, ts);
      return { ok: true, channel: a.channel, ts, message: { ts, text: a.text, blocks: a.blocks, bot_id: FAKE_BOT_ID } };
    },
    "conversations.replies": (a) => log.replies(a),
    "conversations.history": (a) => log.history(a),
    "chat.postEphemeral": () => ({ ok: true, message_ts: nextTs() }),
    "chat.update": (a) => ({ ok: true, channel: a.channel, ts: a.ts, text: a.text }),
    "chat.getPermalink": (a) => ({
      ok: true,
      channel: a.channel,
      permalink: `https://fake.slack.test/archives/${String(a.channel)}/p${String(a.message_ts).replace(".", "")}`,
    }),
    "views.open": (a) => ({ ok: true, view: { id: `V${nextTs().replace(".", "")}`, ...(a.view as object) } }),
    "views.publish": (a) => ({ ok: true, view: { id: "VHOME", ...(a.view as object) } }),
    "conversations.info": (a) => {
      const name = channels.get(String(a.channel));
      return name === undefined
        ? { ok: false, error: "channel_not_found" }
        : {
            ok: true,
            channel: { id: a.channel, name, is_channel: true, is_private: privateChannels.has(String(a.channel)) },
          };
    },
    "conversations.list": () => ({
      ok: true,
      channels: [...channels].map(([id, name]) => ({ id, name, is_channel: true })),
      response_metadata: { next_cursor: "" },
    }),
    "files.info": (a) => {
      const f = files.get(String(a.file));
      if (f === undefined) return { ok: false, error: "file_not_found" };
      return {
        ok: true,
        file: {
          id: f.id,
          name: f.name,
          mimetype: f.mimetype,
          filetype: f.filetype,
          size: Buffer.byteLength(f.content),
          url_private: `${origin}/files-pri/${f.id}/${encodeURIComponent(f.name)}`,
          url_private_download: `${origin}/files-pri/${f.id}/download/${encodeURIComponent(f.name)}`,
        },
      };
    },
    "apps.connections.open": () => (socketUrl ? { ok: true, url: socketUrl } : { ok: false, error: "no_socket" }),
  };

  const server: Server = createServer(async (req, res) => {
    const url = new URL(req.url ?? "/", "http://127.0.0.1");
    const raw = await readBody(req);
    const contentType = req.headers["content-type"];
    const auth = req.headers.authorization;
    const bearer = auth?.startsWith("Bearer ") ? auth.slice(7) : undefined;

    if (url.pathname.startsWith("/api/")) {
      const method = url.pathname.slice(5);
      const args = parseArgs(raw, contentType);
      const token = bearer ?? (typeof args.token === "string" ? args.token : undefined);
      const limited = rateLimits.get(method);
      if (limited !== undefined) {
        rateLimits.delete(method);
        calls.push({ method, args, token, contentType, rateLimited: true, at: Date.now() });
        json(res, 429, { ok: false, error: "ratelimited" }, { "retry-after": String(limited) });
        return;
      }
      const faulty = faults.get(method);
      const fault = faulty && Date.now() < faulty.until ? faulty.fault : undefined;
      if (fault) faultCounts.set(method, (faultCounts.get(method) ?? 0) + 1);
      if (fault && "status" in fault) {
        calls.push({
          method,
          args,
          token,
          contentType,
          rateLimited: fault.status === 429,
          fault: `http_${fault.status}`,
          at: Date.now(),
        });
        const headers: Record<string, string> = fault.retryAfter ? { "retry-after": String(fault.retryAfter) } : {};
        json(res, fault.status, { ok: false, error: fault.status === 429 ? "ratelimited" : "fatal_error" }, headers);
        return;
      }
      if (fault && "hang" in fault) {
        // Never answered: the caller's own timeout ends it (or close() does).
        hung.add(res);
        res.on("close", () => hung.delete(res));
        return;
      }
      calls.push({ method, args, token, contentType, rateLimited: false, at: Date.now() });
      const wait = delays.get(method);
      if (wait !== undefined) await new Promise((r) => setTimeout(r, wait));
      const handler = handlers.get(method) ?? defaults[method];
      const answer = handler ? handler(args) : { ok: false, error: "unknown_method" };
      hooks.get(method)?.(args);
      if (fault && "lose" in fault) {
        // Done, and the response never arrives.
        req.socket.destroy();
        return;
      }
      json(res, 200, answer);
      return;
    }
    if (url.pathname.startsWith("/respond/")) {
      const id = url.pathname.slice("/respond/".length);
      let body: Record<string, unknown> = {};
      try {
        body = JSON.parse(raw) as Record<string, unknown>;
      } catch {
        body = { unparsable: raw };
      }
      responses.push({ id, body, at: Date.now() });
      // Like an expired response_url (30 minutes or 5 uses).
      if (id.startsWith("expired")) json(res, 404, { ok: false, error: "expired_url" });
      else json(res, 200, { ok: true });
      return;
    }
    if (url.pathname.startsWith("/files-pri/")) {
      const id = url.pathname.split("/")[2] ?? "";
      fileFetches.push({ id, token: bearer });
      const f = files.get(id);
      if (f === undefined) {
        res.writeHead(404).end();
        return;
      }
      // Like Slack: without the bot token a private file URL answers 200 with a sign-in page.
      if (f.servedBody !== undefined || (!f.public && bearer === undefined)) {
        res.writeHead(200, { "content-type": f.servedContentType ?? "text/html; charset=utf-8" });
        res.end(f.servedBody ?? "<!DOCTYPE html><html><body>Sign in to Slack</body></html>");
        return;
      }
      res.writeHead(200, { "content-type": f.mimetype });
      res.end(f.content);
      return;
    }
    res.writeHead(404).end();
  });
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  const { port } = server.address() as AddressInfo;
  origin = `http://127.0.0.1:${port}`;

  return {
    apiUrl: `${origin}/api/`,
    origin,
    calls,
    responses,
    fileFetches,
    callsTo: (method) => calls.filter((c) => c.method === method && !c.rateLimited && c.fault === undefined),
    responseUrl: (id = "r1") => `${origin}/respond/${id}`,
    responsesTo: (id) => responses.filter((r) => r.id === id),
    handle: (method, handler) => void handlers.set(method, handler),
    onCall: (method, hook) => void hooks.set(method, hook),
    rateLimitOnce: (method, seconds = 1) => void rateLimits.set(method, seconds),
    delay: (method, ms) => void delays.set(method, ms),
    fault: (method, fault, forMs = 24 * 3_600_000) => void faults.set(method, { fault, until: Date.now() + forMs }),
    clearFaults: () => faults.clear(),
    faulted: (method) => faultCounts.get(method) ?? 0,
    messages: log.messages,
    addChannel: (id, name, opts = {}) => {
      channels.set(id, name);
      if (opts.isPrivate) privateChannels.add(id);
    },
    addFile: (file) => void files.set(file.id, file),
    setSocketUrl: (url) => {
      socketUrl = url;
    },
    waitFor: async (predicate, timeoutMs = 10_000) => {
      const deadline = Date.now() + timeoutMs;
      while (!(await predicate())) {
        if (Date.now() > deadline) throw new Error("fake Slack: condition not met in time");
        await new Promise((r) => setTimeout(r, 10));
      }
    },
    close: async () => {
      for (const res of hung) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
