import { literalPrefixes } from "../catalog/pattern-prefixes.ts";
import { maxTextFor, unsafePatternReason } from "../catalog/pattern-safety.ts";
import type { ErrorRecord } from "../catalog/schema.ts";
import { regexTokens } from "./regex-tokens.ts";
import { matchSegments } from "./segments.ts";

/** Placeholder of the corpus patterns: each `{}` of the template became a lazy group. */
const HOLE = "(.+?)";
const WORD = /[A-Za-z0-9_]+/g;

/** A record's messagePattern, compiled once for anchored matching. */
export interface CompiledPattern {
  /** Position of the record in the catalog (stable tie-break). */
  order: number;
  record: ErrorRecord;
  /** Literal text between placeholders (`segments.length - 1` placeholders), or null if not that simple. */
  segments: string[] | null;
  /** For patterns using regex syntax beyond escaped literals and `(.+?)`: anchored, dotAll. */
  regex: RegExp | null;
  /** Longest text `regex` is run on: its step budget (see catalog/pattern-safety.ts). */
  regexMaxText: number;
  /** `X: {0}` also matches a bare `X` (RisingWave trims a wrapper's source text): those segments. */
  bareSegments: string[] | null;
  /** Characters of literal text: how specific the template is. */
  literalLength: number;
  holes: number;
  /** The identifier of each placeholder of the record's message, in order (`{object_type}` → "object_type"; `{}`, `{:?}` → ""). */
  placeholders: string[];
  /** Only a label around the source's text (`Bind error: {0}`, `Not supported: {0}\nHINT: {1}`). */
  wrapper: boolean;
  /** Mostly placeholders (`{object_type} not found: {name}`): weak evidence on its own. */
  generic: boolean;
  /** Starts and ends with a placeholder: nothing anchors it, so it is costly on long texts. */
  floating: boolean;
  /** Lower-cased words that must appear as whole words in any text the pattern matches. */
  tokens: string[];
  /** `segments` folded like a paste in the folded pass (case, blank runs, quotes), or null. */
  foldedSegments: string[] | null;
  /**
   * `… for fragment {0}` without its trailing placeholder (`… for fragment`): what a person quoting
   * the error in prose writes; tried on prose only, never an answer alone.
   */
  openTailSegments: string[] | null;
  /**
   * Character code every text the pattern matches starts with (its first literal's first
   * character; its bare and open-tail forms start the same way), or -1 when it may start anywhere
   * (a leading placeholder, foreign regex syntax). Tried texts are skipped on it before any work.
   */
  lead: number;
  /** The same for `foldedSegments` in the folded pass. */
  foldedLead: number;
  /**
   * For a `regex` pattern: literal texts one of which every text it matches starts with (see
   * catalog/pattern-prefixes.ts), its anchors; null when they cannot be bounded, and for other patterns.
   */
  regexAnchors: readonly string[] | null;
  /**
   * Text every match of the pattern in any form (whole, bare, open tail) starts with: the
   * shortest of their first literals, all prefixes of the first one; "" when nothing is known.
   * A layer that does not contain it is not tried at all.
   */
  anchor: string;
  /** ≤ 2 words, under 16 literal characters, no placeholder (`channel closed`): generic text. */
  short: boolean;
  /** A message of its own (a placeholder or ≥ 3 words), not a value another template prints. */
  message: boolean;
}

export interface PatternMatch {
  captures: string[];
  /** Offsets of each capture within the matched text. */
  spans: Array<[number, number]>;
}

/** Splits a pattern into literal segments, or null if it uses other regex syntax. */
export function parseSimplePattern(pattern: string): string[] | null {
  const segments: string[] = [];
  let current = "";
  for (let i = 0; i < pattern.length; i++) {
    if (pattern.startsWith(HOLE, i)) {
      segments.push(current);
      current = "";
      i += HOLE.length - 1;
      continue;
    }
    const c = pattern[i] ?? "";
    if (c === "\\") {
      const n = pattern[i + 1];
      if (n === undefined) return null;
      if (/[A-Za-z0-9]/.test(n)) {
        const control: Record<string, string> = { n: "\n", t: "\t", r: "\r" };
        const mapped = control[n];
        if (mapped === undefined) return null;
        current += mapped;
      } else current += n;
      i++;
      continue;
    }
    if ("^$.|?*+()[]{}".includes(c)) return null;
    current += c;
  }
  segments.push(current);
  return segments;
}

/**
 * Pastes lose trailing blanks on every line and around the whole text (normalisation, Slack),
 * and layers drop the indentation of continuation lines: the template's literals lose them too,
 * or `… is {:?} ` and `\n  https://…` could never match.
 */
function trimLikePaste(segments: string[]): string[] {
  const out = segments.map((s) => s.replace(/[ \t]*\n[ \t]*/g, "\n"));
  out[0] = (out[0] ?? "").trimStart();
  out[out.length - 1] = (out[out.length - 1] ?? "").trimEnd();
  return out;
}

/**
 * Words of the literal text usable by the index: a word touching a placeholder may be glued to
 * the captured value (`{}ms`), so only words bounded by non-word characters or the pattern ends count.
 */
function indexTokens(segments: readonly string[]): string[] {
  const out = new Set<string>();
  segments.forEach((seg, s) => {
    for (const m of seg.matchAll(WORD)) {
      const start = m.index;
      const end = start + m[0].length;
      if (start === 0 && s > 0) continue;
      if (end === seg.length && s < segments.length - 1) continue;
      out.add(m[0].toLowerCase());
    }
  });
  return [...out];
}

function classify(segments: readonly string[]): { wrapper: boolean; generic: boolean } {
  const holes = segments.length - 1;
  const literal = segments.join("");
  const first = segments[0] ?? "";
  const restLiteral = segments.slice(1).join("").length;
  const label = /^[^\n:]{1,60}: $/.test(first) && first.trim().split(/\s+/).length <= 5;
  // `Panicked when handling the request: {0}\nThis is a bug. …`: a label, the source, then a footer
  // on lines of its own is a wrapper too; the footer is boilerplate, not words of the cause.
  const footer = holes === 1 && (segments[1] ?? "").startsWith("\n");
  const wrapper = label && ((holes >= 1 && segments[segments.length - 1] === "" && restLiteral <= 10) || footer);
  const words = literal.match(WORD)?.length ?? 0;
  const generic = literal.trim().length < 12 || (holes > 0 && words <= 2) || (holes >= 2 && literal.length < 8 * holes);
  return { wrapper, generic };
}

function compileRegex(pattern: string): RegExp | null {
  // A catalog built without validation must not bring a catastrophic pattern in either.
  if (unsafePatternReason(pattern) !== null) return null;
  try {
    return new RegExp(`^(?:${pattern})$`, "s");
  } catch {
    return null;
  }
}

/** The folded key of the folded pass: lower case, every blank run one space, quotes straightened. */
export function foldText(text: string): string {
  return (
    text
      .toLowerCase()
      .replace(/[\u2018\u2019\u00b4]/g, "'")
      .replace(/[\u201c\u201d]/g, '"')
      // Every blank run becomes one space; a lone space already is one (not rebuilt).
      .replace(/\s{2,}|[^\S ]/g, " ")
  );
}

function foldSegments(segments: readonly string[]): string[] {
  const out = segments.map(foldText);
  out[0] = (out[0] ?? "").trimStart();
  out[out.length - 1] = (out[out.length - 1] ?? "").trimEnd();
  return out;
}

function leadOf(segments: readonly string[] | null): number {
  const first = segments?.[0] ?? "";
  return first === "" ? -1 : first.charCodeAt(0);
}

/** Compiles one record; null if its pattern cannot be used at all (reported by the catalog's validation). */
export function compilePattern(record: ErrorRecord, order: number): CompiledPattern | null {
  const pattern = record.messagePattern;
  const parsed = parseSimplePattern(pattern);
  const segments = parsed ? trimLikePaste(parsed) : null;
  const regex = segments ? null : compileRegex(pattern);
  if (!segments && !regex) return null;
  const literalSegments = segments ?? [pattern.replace(/\\(.)/g, "$1").replace(/\(\.\+\?\)/g, "")];
  const { wrapper, generic } = classify(literalSegments);
  let bareSegments: string[] | null = null;
  if (segments && segments.length >= 2 && segments[segments.length - 1] === "") {
    const before = segments[segments.length - 2] ?? "";
    if (before.endsWith(": ") && before.trim().length > 1) {
      bareSegments = [...segments.slice(0, -2), before.slice(0, -2)];
    }
  }
  let openTailSegments: string[] | null = null;
  if (segments && segments.length >= 2 && segments[segments.length - 1] === "") {
    const before = (segments[segments.length - 2] ?? "").trimEnd();
    if (before.length >= 12 && /\w$/.test(before)) openTailSegments = [...segments.slice(0, -2), before];
  }
  const holes = segments ? segments.length - 1 : 0;
  const literalText = literalSegments.join("");
  const words = literalText.match(WORD)?.length ?? 0;
  const foldedSegments = segments ? foldSegments(segments) : null;
  return {
    order,
    record,
    segments,
    foldedSegments,
    lead: leadOf(segments),
    anchor: [segments, bareSegments, openTailSegments].reduce<string>((shortest, forms) => {
      const first = forms?.[0];
      return first !== undefined && first.length < shortest.length ? first : shortest;
    }, segments?.[0] ?? ""),
    foldedLead: leadOf(foldedSegments),
    regexAnchors: regex ? literalPrefixes(pattern) : null,
    openTailSegments,
    short: holes === 0 && words <= 2 && literalText.trim().length < 16,
    message: holes >= 1 || words >= 3,
    regex,
    regexMaxText: regex ? maxTextFor(pattern) : 0,
    bareSegments,
    literalLength: literalSegments.join("").length,
    holes,
    placeholders: [...record.errorMessage.matchAll(/\{([^{}]*)\}/g)].map(
      (m) => (m[1] ?? "").split(":")[0]?.trim() ?? "",
    ),
    floating: segments ? segments[0] === "" && segments[segments.length - 1] === "" : true,
    wrapper,
    generic,
    // A regex pattern is indexed by the words of its literal prefix (none: always a candidate).
    tokens: segments ? indexTokens(segments) : regexTokens(pattern),
  };
}

/** Anchored match of the whole `text`; captures are whole values (lazy groups, anchored both ends). */
export function runPattern(p: CompiledPattern, text: string): PatternMatch | null {
  if (p.segments) return matchSegments(p.segments, text);
  // Foreign regex syntax backtracks polynomially at worst: only texts within its step budget are tried.
  if (!p.regex || text.length > p.regexMaxText) return null;
  const m = p.regex.exec(text);
  if (!m) return null;
  const captures = m.slice(1).map((c) => c ?? "");
  // Offsets of regex groups are not needed for nesting precision; locate them left to right.
  let from = 0;
  const spans = captures.map((c): [number, number] => {
    const at = Math.max(0, text.indexOf(c, from));
    from = at + c.length;
    return [at, at + c.length];
  });
  return { captures, spans };
}
