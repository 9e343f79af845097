/** Sends requests to the app the way Slack does: v0 HMAC-SHA256 over `v0:{ts}:{raw body}`. */
import { createHmac } from "node:crypto";

export const TEST_SIGNING_SECRET = "test-signing-secret-0123456789";

export function signature(secret: string, timestamp: number, body: string): string {
  return `v0=${createHmac("sha256", secret).update(`v0:${timestamp}:${body}`).digest("hex")}`;
}

export interface SendOptions {
  secret?: string;
  /** Seconds since epoch; defaults to now. */
  timestamp?: number;
  /** Replace the computed signature (a bad one). */
  signature?: string;
  headers?: Record<string, string>;
}

export interface SlackResponse {
  status: number;
  body: string;
}

async function send(url: string, body: string, contentType: string, opts: SendOptions): Promise<SlackResponse> {
  const ts = opts.timestamp ?? Math.floor(Date.now() / 1000);
  const res = await fetch(url, {
    method: "POST",
    headers: {
      "content-type": contentType,
      "x-slack-request-timestamp": String(ts),
      "x-slack-signature": opts.signature ?? signature(opts.secret ?? TEST_SIGNING_SECRET, ts, body),
      ...opts.headers,
    },
    body,
  });
  return { status: res.status, body: await res.text() };
}

/** A slash command: form fields, exactly `application/x-www-form-urlencoded`. */
export function postForm(url: string, fields: Record<string, string>, opts: SendOptions = {}): Promise<SlackResponse> {
  return send(url, new URLSearchParams(fields).toString(), "application/x-www-form-urlencoded", opts);
}

/** Interactivity (block actions, view submissions, shortcuts): `payload=<json>` in a form. */
export function postInteraction(url: string, payload: unknown, opts: SendOptions = {}): Promise<SlackResponse> {
  return postForm(url, { payload: JSON.stringify(payload) }, opts);
}

/** Events API: a JSON envelope. */
export function postEvent(url: string, envelope: unknown, opts: SendOptions = {}): Promise<SlackResponse> {
  return send(url, JSON.stringify(envelope), "application/json", opts);
}
