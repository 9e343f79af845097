import { createHash } from "node:crypto";

/**
 * Drain-style masking for errors no record matched: the variable parts (ids, numbers, names,
 * timestamps, addresses, paths) become placeholders, so every variant of one error shares a
 * template, and the fingerprint is a short hash of that template.
 */

export interface Fingerprint {
  /** 12 hex chars of sha1(template). */
  fingerprint: string;
  /** The masked text, cut to 300 chars, shown in reports. */
  template: string;
}

const WILD = "<*>";
/** Words after which the next token is a name (`table orders not found`) … */
const OBJECT_WORD =
  "table|relation|column|source|sink|view|index|schema|database|function|user|role|connection|secret|subscription|actor|fragment|worker|job|field|object|parameter|variable|topic|partition|bucket|file|key|cluster|namespace|catalog|stream|cursor|sequence";
/** … when the words after it say what happened to it. */
const NAME_TAIL =
  "(?=\\s+(?:not\\b|does\\b|doesn't\\b|already\\b|is\\b|was\\b|has\\b|cannot\\b|can't\\b|exists\\b|in\\b|of\\b)|\\s*[:,;)]|\\s*$)";

const masks: [RegExp, string][] = [
  [/\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b/gi, "<UUID>"],
  [/\b\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:[.,]\d+)?)?(?:Z|[+-]\d{2}:?\d{2}|\s?UTC)?)?/g, "<TS>"],
  [/\b\d{2}:\d{2}:\d{2}(?:[.,]\d+)?\b/g, "<TS>"],
  [/\b[a-z][a-z0-9+.-]*:\/\/[^\s'"`)]+/gi, "<URL>"],
  [/\b\d{1,3}(?:\.\d{1,3}){3}(?::\d+)?\b/g, "<IP>"],
  [/(?<![\w:/.])\/(?:[\w.@-]+\/)*[\w.@-]+(?::\d+){0,2}/g, "<PATH>"],
  [/\b[\w.@-]+(?:\/[\w.@-]+){2,}(?::\d+){0,2}/g, "<PATH>"],
  [/\b[\w-]+\.rs:\d+(?::\d+)?\b/g, "<PATH>"],
  [/\b0x[0-9a-f]+\b/gi, "<HEX>"],
  [/\b(?=[0-9a-f]*\d)(?=[0-9a-f]*[a-f])[0-9a-f]{8,}\b/gi, "<HEX>"],
  [/(?<!\w)"[^"\n]*"/g, `"${WILD}"`],
  [/(?<!\w)'[^'\n]*'(?!\w)/g, `'${WILD}'`],
  [/`[^`\n]*`/g, `\`${WILD}\``],
  [
    new RegExp(`\\b(${OBJECT_WORD})\\s+(?!not\\b|does\\b|already\\b|is\\b|<)[A-Za-z_][\\w.$]*${NAME_TAIL}`, "gi"),
    `$1 ${WILD}`,
  ],
  [
    /\b(not found|does not exist|already exists|no such \w+|unknown \w+|undefined \w+)(\s*:\s*)[A-Za-z_][\w.$-]*\s*$/gim,
    `$1$2${WILD}`,
  ],
  // Identifiers with digits or underscores (t1, mv_orders_2, v10) are names, not words.
  [/\b[A-Za-z]+(?:_\w*|\d\w*)\b/g, WILD],
  [/[-+]?\b\d+(?:\.\d+)?(?:ns|us|µs|ms|s|m|h|d|b|kb|mb|gb|kib|mib|gib|%)?\b/gi, "<NUM>"],
];

const FINGERPRINT_INPUT_CHARS = 2000;
const TEMPLATE_CHARS = 300;

/** The masked template of an error text (already redacted: the template is stored). */
export function maskErrorText(text: string): string {
  let out = text.slice(0, FINGERPRINT_INPUT_CHARS);
  for (const [pattern, replacement] of masks) out = out.replace(pattern, replacement);
  return out
    .replace(/\s+/g, " ")
    .replace(/(?:<\*>[\s,.]*){2,}/g, `${WILD} `)
    .trim();
}

export function fingerprintError(text: string): Fingerprint {
  const template = maskErrorText(text);
  const fingerprint = createHash("sha1").update(template).digest("hex").slice(0, 12);
  return { fingerprint, template: template.slice(0, TEMPLATE_CHARS) };
}
