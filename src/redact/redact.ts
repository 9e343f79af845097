/**
 * Removes credentials from pasted text. Errors people paste often carry the statement or
 * connection string that failed, secrets included; the Slack and CLI edges run this before the
 * text reaches the matcher, a card, a log line or the store.
 *
 * Every pass is linear in the text (see test/redact/linear-time.test.ts): a match may only start
 * where a run of its characters starts (negative lookbehind), repeated groups are bounded, and the
 * rules that need context (`key=value`, `mysql … -p`) scan with a loop that never looks back.
 */
import { hasLookAlike, LOOK_ALIKE_CHARS, skeleton, stripInvisible } from "./disguise.ts";
import { TOKEN_RULES } from "./token-rules.ts";

export const REDACTED = "[REDACTED]";
const R = REDACTED;

/** Key names whose values are secrets: `password`, `s3.secret.key`, `api_key`, `AccountKey` … */
const SECRET_KEY_WORD =
  /password|passwd|pwd|secret|api[_.-]?key|apikey|token|access[_.-]?key|private[_.-]?key|credential|accountkey|sharedaccesskey|sas[_.-]?token|nkey|^jwt$|^sig$|signature$/i;
// Look-alike letters count as key characters, so `tоken` (Cyrillic о) is read as one key and judged
// by its skeleton.
const KEY_CHARS = `[A-Za-z0-9_.${LOOK_ALIKE_CHARS}-]`;

function isSecretKey(key: string): boolean {
  return SECRET_KEY_WORD.test(hasLookAlike(key) ? skeleton(key) : key);
}
// `E'…'` is Postgres' escape string: its `\'` is part of the value, so the whole literal goes.
// Bounded: a quote that never closes costs 512 steps, not the rest of the paste.
const QUOTED = `[Ee]?'(?:[^'\\\\\\n]|\\\\.|''){0,512}'|"(?:[^"\\\\\\n]|\\\\.){0,512}"|\`[^\`\\n]{0,512}\``;
// A value this module already redacted, read back as one: `'[REDACTED]'` followed by more quotes
// is not re-read as a SQL literal whose doubled quotes run on past it (redacting twice changes nothing).
const REDACTED_QUOTED = `[Ee]?'\\[REDACTED\\]'|"\\[REDACTED\\]"|\`\\[REDACTED\\]\``;
// JSON inside a JSON string (a log line's message): `{\"password\":\"x\"}`.
const ESCAPED_QUOTED = `\\\\"(?:[^\\\\\\n]|\\\\[^"\\n]){0,512}\\\\"`;
// Stops at `=` (so `a=b=c` is three short scans, not a quadratic one) but keeps base64 padding.
const BARE = "[^\\s,;&)'\"`=]+={0,3}";

/** `key = 'value'`, `'key' = 'value'`, `"key": "value"`, `key=value`, `key: value`, `key => value`. */
const KEY_SEPARATOR = new RegExp(
  `(?<!${KEY_CHARS})(\\\\?["'\`]|)(${KEY_CHARS}{1,128})\\1(\\s{0,16}(?:=>|=|:)\\s{0,16})`,
  "g",
);
/** The value after a secret key's separator, read only then (a sticky match where the key ended). */
// An already redacted value is read as one, so redacting twice changes nothing.
const VALUE_AT = new RegExp(`\\[REDACTED\\]|${REDACTED_QUOTED}|${ESCAPED_QUOTED}|${QUOTED}|${BARE}`, "y");
/** SQL: `CREATE USER u WITH PASSWORD 'x'`, `IDENTIFIED BY 'x'` (quoted only: "password authentication failed" stays). */
const KEY_SPACE_QUOTED = new RegExp(
  `(?<!${KEY_CHARS})(identified\\s{1,16}by|${KEY_CHARS}{1,128})(\\s{1,16})(${REDACTED_QUOTED}|${QUOTED})`,
  "gi",
);

function quoteLike(value: string): string {
  if (value.startsWith('\\"')) return `\\"${R}\\"`;
  // Keeps the literal's shape: `'…'`, `"…"`, `E'…'` (an escape string's prefix stays).
  const prefix = value.length > 1 && (value[0] === "E" || value[0] === "e") && value[1] === "'" ? value[0] : "";
  const q = value[prefix.length];
  return q === "'" || q === '"' || q === "`" ? `${prefix}${q}${R}${q}` : R;
}

/**
 * Runs a global regex left to right; `decide` returns the replacement, or null to leave the text
 * alone and resume `resumeAt` characters into the match (so a non-secret key's value is still
 * scanned as a possible key itself). Each character is scanned a bounded number of times.
 */
function replaceScanning(
  text: string,
  re: RegExp,
  decide: (m: RegExpExecArray) => { replacement: string; end?: number } | { resumeAt: number },
): string {
  re.lastIndex = 0;
  let out = "";
  let copied = 0;
  for (let m = re.exec(text); m !== null; m = re.exec(text)) {
    const d = decide(m);
    if ("replacement" in d) {
      out += text.slice(copied, m.index) + d.replacement;
      copied = d.end ?? m.index + m[0].length;
      re.lastIndex = copied;
    } else {
      re.lastIndex = m.index + Math.max(1, d.resumeAt);
    }
  }
  return copied === 0 ? text : out + text.slice(copied);
}

function redactKeyValues(text: string): string {
  const afterPairs = replaceScanning(text, KEY_SEPARATOR, (m) => {
    const [all, , key = ""] = m;
    if (!isSecretKey(key)) return { resumeAt: all.length };
    VALUE_AT.lastIndex = m.index + all.length;
    const value = VALUE_AT.exec(text)?.[0];
    if (value === undefined) return { resumeAt: all.length };
    return { replacement: `${all}${quoteLike(value)}`, end: VALUE_AT.lastIndex };
  });
  return replaceScanning(afterPairs, KEY_SPACE_QUOTED, (m) => {
    const [, key = "", sep = "", value = ""] = m;
    if (!/^identified\s/i.test(key) && !isSecretKey(key)) return { resumeAt: key.length };
    return { replacement: `${key}${sep}${quoteLike(value)}` };
  });
}

/** scheme://user:password@host: the password runs to the last `@` of the whitespace-free token. */
function redactUrlPasswords(text: string): string {
  if (!text.includes("://")) return text;
  return text.replace(/\S+/g, (token) => {
    const scheme = /(?<![a-z0-9+.-])[a-z][a-z0-9+.-]{0,31}:\/\//i.exec(token);
    if (!scheme) return token;
    const userStart = scheme.index + scheme[0].length;
    const at = token.lastIndexOf("@");
    if (at <= userStart) return token;
    const colon = token.indexOf(":", userStart);
    if (colon < 0 || colon > at) return token;
    const user = token.slice(userStart, colon);
    if (/[/@\s]/.test(user)) return token;
    return `${token.slice(0, colon + 1)}${R}${token.slice(at)}`;
  });
}

/**
 * MySQL clients take the password glued to -p (`-phunter2`, `-p'x y'`); a separate `-p word` only
 * prompts. Only after a mysql-family command in the same shell segment (`mysql-cdc` is a connector
 * name, psql's -p is the port). One left-to-right pass: commands, segment ends and `-p` values.
 */
const MYSQL_SCAN =
  /(?<![\w.-])(?:mysql(?:dump|admin|import|check|sh|binlog)?|mariadb(?:-dump|-admin)?|mycli)(?=\s)|[\n|;&]|(\s-p)('[^'\n]{0,512}'|"[^"\n]{0,512}"|[^\s'"]+)/g;

function redactMysqlPasswords(text: string): string {
  let inCommand = false;
  return text.replace(MYSQL_SCAN, (all, flag: string | undefined, value: string | undefined) => {
    if (flag !== undefined && value !== undefined) return inCommand ? `${flag}${quoteLike(value)}` : all;
    inCommand = all.length > 1;
    return all;
  });
}

/** A bare AWS secret access key: 40 base64 characters mixing cases and digits (a hex hash never does). */
const AWS_SECRET_CANDIDATE = /(?<![A-Za-z0-9/+=])[A-Za-z0-9/+]{40}(?![A-Za-z0-9/+=])/g;

function looksLikeAwsSecret(s: string): boolean {
  return /[a-z]/.test(s) && /[A-Z]/.test(s) && /[0-9/+]/.test(s) && !/^[0-9a-fA-F]+$/.test(s);
}

const PRIVATE_KEY = /-----BEGIN [A-Z ]{0,64}PRIVATE KEY-----[\s\S]*?(?:-----END [A-Z ]{0,64}PRIVATE KEY-----|$)/g;
const SLACK_WEBHOOK =
  /(?<![\w.-])(https?:\/\/hooks\.slack(?:-gov)?\.com\/(?:services|workflows|triggers)\/)[A-Za-z0-9_/-]+/gi;
const AUTH_SCHEME = /(?<![\w-])(Bearer|Basic|Token)\s{1,16}[A-Za-z0-9._~+/=-]{8,}/gi;

/**
 * The text with every recognised secret replaced by `[REDACTED]`. Linear in the text's length.
 * Invisible characters go first; a word written with look-alike letters is judged by its skeleton.
 */
export function redactSecrets(text: string): string {
  const visible = stripInvisible(text);
  return redactRecognised(hasLookAlike(visible) ? redactDisguisedWords(visible) : visible);
}

/** A blank-free run holding look-alikes (`xоxb-…`, `?tоken=…`) is redacted as its skeleton reads. */
function redactDisguisedWords(text: string): string {
  return text.replace(/\S+/g, (word) => {
    if (!hasLookAlike(word)) return word;
    const plain = skeleton(word);
    const redacted = redactRecognised(plain);
    return redacted === plain ? word : redacted;
  });
}

function redactRecognised(text: string): string {
  let out = text.replace(PRIVATE_KEY, R);
  out = redactUrlPasswords(out);
  out = out.replace(SLACK_WEBHOOK, (_m, prefix: string) => `${prefix}${R}`);
  if (/mysql|mariadb|mycli/i.test(out)) out = redactMysqlPasswords(out);
  for (const rule of TOKEN_RULES) out = out.replace(rule.pattern, R);
  out = out.replace(AUTH_SCHEME, (_m, scheme: string) => `${scheme} ${R}`);
  out = redactKeyValues(out);
  return out.replace(AWS_SECRET_CANDIDATE, (m) => (looksLikeAwsSecret(m) ? R : m));
}
