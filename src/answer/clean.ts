/**
 * The flow's clean step, run once per paste. Slack sends message text with `& < >` escaped and links,
 * mentions and channels as `<…>` tokens; files and terminal input arrive raw. Each part is unescaped
 * at most once (a typed `&lt;x&gt;`, sent as `&amp;lt;x&amp;gt;`, stays `&lt;x&gt;`), then the whole
 * paste is redacted once: the card, captures, button values, logs and the store only see the result.
 */
import { cleanPaste } from "../redact/index.ts";
import type { Paste } from "./types.ts";

const TOKEN = /<([^<>|]*)(?:\|([^<>]*))?>/g;

/** Slack's message format back to what was typed (no redaction). */
export function unescapeSlack(text: string): string {
  const untokened = text.replace(TOKEN, (_all, target: string, label: string | undefined) => {
    if (target.startsWith("@") || target.startsWith("!")) return label ? `@${label}` : target;
    if (target.startsWith("#")) return label ? `#${label}` : target;
    // A URL Slack linkified; the label is what the user typed when there is one.
    return label ?? target;
  });
  return untokened.replace(/&lt;/g, "<").replace(/&gt;/g, ">").replace(/&amp;/g, "&");
}

/** One Slack message's text, unescaped and redacted. */
export function plainTextFromSlack(text: string): string {
  return cleanPaste(unescapeSlack(text));
}

/** The whole paste (message text, then each file), unescaped where Slack escaped it, redacted once. */
export function cleanPasted(paste: Paste): string {
  const parts = [paste.slackText === undefined ? "" : unescapeSlack(paste.slackText), ...(paste.rawTexts ?? [])];
  return cleanPaste(parts.filter((p) => p.trim() !== "").join("\n\n"));
}
