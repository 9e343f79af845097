/**
 * Slack sends message text with `& < >` escaped and links, mentions and channels as `<…>`
 * tokens. The matcher needs the text as it was typed, minus secrets and bidi controls: this is the
 * edge, so the card, captures, button values, logs and the store only ever see the redacted paste.
 */
import { cleanPaste } from "../redact/index.ts";

const TOKEN = /<([^<>|]*)(?:\|([^<>]*))?>/g;

export function plainTextFromSlack(text: string): string {
  const untokened = text.replace(TOKEN, (_all, target: string, label: string | undefined) => {
    if (target.startsWith("@") || target.startsWith("!")) return label ? `@${label}` : target;
    if (target.startsWith("#")) return label ? `#${label}` : target;
    // A URL Slack linkified; the label is what the user typed when there is one.
    return label ?? target;
  });
  return cleanPaste(untokened.replace(/&lt;/g, "<").replace(/&gt;/g, ">").replace(/&amp;/g, "&"));
}
