/**
 * What the store keeps of a paste. Redaction itself lives in src/redact (the edges run it before
 * matching); the store redacts again because a caller may hand it raw text.
 */
import { redactSecrets } from "../redact/index.ts";

export { redactSecrets } from "../redact/index.ts";

export const EXCERPT_MAX_CHARS = 500;
/** Secrets are short: redacting more than this head of a huge paste cannot change the excerpt. */
const REDACT_WINDOW = 8000;

/** What the store keeps of a paste: redacted, then cut to 500 chars (never mid surrogate pair). */
export function excerptOf(text: string, max = EXCERPT_MAX_CHARS): string {
  const redacted = redactSecrets(text.slice(0, REDACT_WINDOW)).trim();
  if (redacted.length <= max) return redacted;
  let cut = redacted.slice(0, max - 1);
  if (/[\uD800-\uDBFF]$/.test(cut)) cut = cut.slice(0, -1);
  return `${cut}…`;
}
