/** Pure text hygiene for untrusted pastes, used at every edge before anything else sees the text. */
import { stripBidiControls } from "./bidi.ts";
import { redactSecrets } from "./redact.ts";

export { stripBidiControls } from "./bidi.ts";
export { REDACTED, redactSecrets } from "./redact.ts";
export { TOKEN_RULES, type TokenRule } from "./token-rules.ts";

/** What the bot works with from a paste: no bidi controls, no recognisable secret. */
export function cleanPaste(text: string): string {
  return redactSecrets(stripBidiControls(text));
}
