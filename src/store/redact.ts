/**
 * Removes credentials from pasted text before anything is stored. Errors people paste often
 * carry the statement or connection string that failed, secrets included.
 */

const R = "[REDACTED]";

/** Key names whose values are secrets: `password`, `s3.secret.key`, `api_key`, `auth_token` … */
const SECRET_KEY =
  "[A-Za-z0-9_.-]*(?:password|passwd|pwd|secret|api[_.-]?key|apikey|token|access[_.-]?key|private[_.-]?key|credential)[A-Za-z0-9_.-]*";
// `E'…'` is Postgres' escape string: its `\'` is part of the value, so the whole literal goes.
const QUOTED = `[Ee]?'(?:[^'\\\\]|\\\\.|'')*'|"(?:[^"\\\\]|\\\\.)*"|\`[^\`]*\``;
const BARE = "[^\\s,;&)'\"`]+";

interface Rule {
  pattern: RegExp;
  replace: string | ((...groups: string[]) => string);
}

const rules: Rule[] = [
  { pattern: /-----BEGIN [A-Z ]*PRIVATE KEY-----[\s\S]*?(?:-----END [A-Z ]*PRIVATE KEY-----|$)/g, replace: R },
  // scheme://user:password@host: the password runs to the last @ of the token.
  {
    pattern: /\b([a-z][a-z0-9+.-]*:\/\/)([^:/@\s]*):(\S*)@/gi,
    replace: (_m, scheme, user) => `${scheme}${user}:${R}@`,
  },
  // Slack incoming webhooks: the path after /services/ (or /workflows/, /triggers/) is the credential.
  {
    pattern: /\b(https?:\/\/hooks\.slack(?:-gov)?\.com\/(?:services|workflows|triggers)\/)[A-Za-z0-9_/-]+/gi,
    replace: (_m, prefix) => `${prefix}${R}`,
  },
  // MySQL clients take the password glued to -p (`-phunter2`, `-p'x y'`); a separate `-p word` only
  // prompts. Only as a command (`mysql-cdc` is a connector name). psql is left alone: its -p is the port.
  {
    pattern:
      /(?<![\w.-])((?:mysql(?:dump|admin|import|check|sh|binlog)?|mariadb(?:-dump|-admin)?|mycli)\s[^\n|;&]*?\s-p)('[^'\n]*'|"[^"\n]*"|[^\s'"]+)/g,
    replace: (_m, before, value) => `${before}${quoteLike(value)}`,
  },
  // Slack tokens (bot, user, app-level, refresh, config).
  { pattern: /\bx(?:ox[a-z]|app|oxe\.xox[a-z])-[A-Za-z0-9-]{4,}/g, replace: R },
  { pattern: /\b(Bearer|Basic|Token)\s+[A-Za-z0-9._~+/=-]{8,}/gi, replace: (_m, scheme) => `${scheme} ${R}` },
  { pattern: /\b(?:AKIA|ASIA|AGPA|AIDA|AROA)[A-Z0-9]{16}\b/g, replace: R },
  { pattern: /\beyJ[A-Za-z0-9_-]{5,}\.[A-Za-z0-9_-]{5,}\.[A-Za-z0-9_-]+/g, replace: R },
  {
    pattern: /\b(?:gh[pousr]_[A-Za-z0-9]{20,}|sk_(?:live|test)_[A-Za-z0-9]{10,}|glpat-[A-Za-z0-9_-]{16,})\b/g,
    replace: R,
  },
  // key = 'value', 'key' = 'value', "key": "value", key=value, key: value
  {
    pattern: new RegExp(`(["'\`]?)(${SECRET_KEY})\\1(\\s*(?:=>|=|:)\\s*)(${QUOTED}|${BARE})`, "gi"),
    replace: (_m, q, key, sep, value) => `${q}${key}${q}${sep}${quoteLike(value)}`,
  },
  // SQL: CREATE USER u WITH PASSWORD 'x', ALTER USER … IDENTIFIED BY 'x' (quoted values only, so
  // Postgres' "password authentication failed" stays readable).
  {
    pattern: new RegExp(`\\b(${SECRET_KEY}|identified\\s+by)(\\s+)(${QUOTED})`, "gi"),
    replace: (_m, key, sep, value) => `${key}${sep}${quoteLike(value)}`,
  },
];

function quoteLike(value: string): string {
  // Keeps the literal's shape: `'…'`, `"…"`, `E'…'` (an escape string's prefix stays).
  const prefix = /^[Ee]'/.test(value) ? value.slice(0, 1) : "";
  const q = value[prefix.length];
  return q === "'" || q === '"' || q === "`" ? `${prefix}${q}${R}${q}` : R;
}

/**
 * Every rule above needs one of these words; most pastes have none, and one scan for them is much
 * cheaper than running every rule (logging is on the hot path). Keep it in step with the rules.
 */
const MIGHT_HOLD_SECRET =
  /-----BEGIN|:\/\/|mysql|mariadb|mycli|x(?:ox|app)|bearer|basic|token|A(?:KIA|SIA|GPA|IDA|ROA)|eyJ|gh[pousr]_|sk_(?:live|test)|glpat-|passw|pwd|secret|api[_.-]?key|apikey|access[_.-]?key|private[_.-]?key|credential|identified/i;

/** The text with every recognised secret replaced by `[REDACTED]`. */
export function redactSecrets(text: string): string {
  if (!MIGHT_HOLD_SECRET.test(text)) return text;
  let out = text;
  for (const rule of rules) {
    out = out.replace(rule.pattern, rule.replace as (substring: string, ...args: string[]) => string);
  }
  return out;
}

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
