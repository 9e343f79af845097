/**
 * Reads pastes Slack turned into snippets or text files. The bot token goes only to Slack's
 * own file hosts (or the configured API host); without it Slack serves an HTML sign-in page,
 * which is rejected rather than matched.
 */

import type { webApi } from "@slack/bolt";
import { z } from "zod";
import { SLACK_CLIENT_POLICY } from "./client-policy.ts";
import { callSlack } from "./web-call.ts";

export const MAX_FILE_BYTES = 256 * 1024;
/** A message carries at most a handful of pastes worth reading. */
const MAX_FILES = 3;

const fileInfoSchema = z.looseObject({
  file: z.looseObject({
    id: z.string(),
    mimetype: z.string().optional().default(""),
    filetype: z.string().optional().default(""),
    size: z.number().optional(),
    url_private: z.string().optional(),
    url_private_download: z.string().optional(),
  }),
});

const TEXT_FILETYPES = new Set([
  "text",
  "log",
  "txt",
  "sql",
  "json",
  "yaml",
  "yml",
  "csv",
  "markdown",
  "shell",
  "rust",
]);

function isText(mimetype: string, filetype: string): boolean {
  if (mimetype.startsWith("text/") && mimetype !== "text/html") return true;
  if (/^application\/(json|x-ndjson|x-yaml|yaml|sql|x-sh)$/.test(mimetype)) return true;
  return TEXT_FILETYPES.has(filetype.toLowerCase());
}

export interface FileReaderOptions {
  token: string;
  fetch: typeof fetch;
  /** Origins trusted with the bot token besides Slack's file hosts (the SLACK_API_URL host). */
  trustedOrigins: readonly string[];
  maxBytes?: number;
}

/** The configured API host may serve files too (GovSlack, proxies, local stand-ins). */
export function trustedOriginsFor(slackApiUrl: string | undefined): string[] {
  return slackApiUrl ? [new URL(slackApiUrl).origin] : [];
}

const LOOPBACK = new Set(["127.0.0.1", "localhost", "[::1]"]);

function trusted(url: string, origins: readonly string[]): boolean {
  try {
    const u = new URL(url);
    if (origins.includes(u.origin)) return true;
    // A Slack stand-in on this machine may serve files from another loopback port or name.
    if (LOOPBACK.has(u.hostname) && origins.some((o) => LOOPBACK.has(new URL(o).hostname))) return true;
    return u.protocol === "https:" && /(^|\.)slack(-gov)?\.com$/.test(u.hostname);
  } catch {
    return false;
  }
}

async function readCapped(res: Response, maxBytes: number): Promise<string | undefined> {
  if (!res.body) return "";
  const reader = res.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      await reader.cancel();
      return undefined;
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString("utf8");
}

function looksLikeSignInPage(body: string): boolean {
  return /^\s*(<!doctype html|<html)/i.test(body);
}

/** The text of each readable file, in order; files that are not text, too big or unreadable are skipped. */
export async function readPastedFiles(
  client: webApi.WebClient,
  fileIds: readonly string[],
  opts: FileReaderOptions,
): Promise<{ texts: string[]; skipped: string[] }> {
  const maxBytes = opts.maxBytes ?? MAX_FILE_BYTES;
  const texts: string[] = [];
  const skipped: string[] = [];
  for (const id of fileIds.slice(0, MAX_FILES)) {
    const info = await callSlack(client.files.info({ file: id }));
    const parsed = info.ok ? fileInfoSchema.safeParse(info.value) : undefined;
    if (!parsed?.success) {
      skipped.push(`${id}: ${info.ok ? "unexpected files.info answer" : info.error}`);
      continue;
    }
    const file = parsed.data.file;
    const url = file.url_private_download ?? file.url_private;
    if (!isText(file.mimetype, file.filetype)) skipped.push(`${id}: not text (${file.mimetype || file.filetype})`);
    else if (file.size !== undefined && file.size > maxBytes) skipped.push(`${id}: ${file.size} bytes is over the cap`);
    else if (url === undefined || !trusted(url, opts.trustedOrigins)) skipped.push(`${id}: no trusted download URL`);
    else {
      const text = await download(url, opts, maxBytes);
      // Raw text: the answer flow's clean step redacts it with the message (src/answer/clean.ts).
      if (typeof text === "string") texts.push(text);
      else skipped.push(`${id}: ${text.reason}`);
    }
  }
  return { texts, skipped };
}

async function download(url: string, opts: FileReaderOptions, maxBytes: number): Promise<string | { reason: string }> {
  let res: Response;
  try {
    // Bounded like every Slack call (client-policy.ts): a stalled download must not hold the handler.
    res = await opts.fetch(url, {
      headers: { Authorization: `Bearer ${opts.token}` },
      redirect: "manual",
      signal: AbortSignal.timeout(SLACK_CLIENT_POLICY.timeout),
    });
  } catch (error) {
    return { reason: `download failed (${(error as Error).message})` };
  }
  if (res.status !== 200) return { reason: `download answered ${res.status}` };
  if ((res.headers.get("content-type") ?? "").includes("text/html"))
    return { reason: "got an HTML page, not the file" };
  const body = await readCapped(res, maxBytes);
  if (body === undefined) return { reason: "over the size cap" };
  if (looksLikeSignInPage(body)) return { reason: "got an HTML page, not the file" };
  return body;
}
