/**
 * The release stage: with the user's release known, its templates rank first (others still match);
 * each match learns its release range, the tag its source link points at and, for a wording the
 * newest release no longer prints, the record that replaced it (whose analysis it carries over).
 */
import { analysisRank, wordSimilarity } from "../catalog/analysis-join.ts";
import type { Catalog } from "../catalog/catalog.ts";
import { inRelease, newestRelease, releaseRange, shortRelease, sourceUrlAt } from "../catalog/releases.ts";
import type { ErrorRecord } from "../catalog/schema.ts";
import { SAME_ANSWER_MARGIN, SAME_FUNCTION_BONUS, SAME_WORDING_MIN, SUCCESSOR_MIN } from "./policy.ts";
import type { Match } from "./types.ts";
import type { UserVersion, VersionSource } from "./version-detect.ts";

/** The release an answer was worked out for, as the card names it. */
export interface ResolvedVersion extends UserVersion {
  /** The catalog tag standing for it (`v2.4.0`), when the catalog knows releases. */
  tag?: string;
}

export interface ReleaseFacts {
  /** Tags whose sources print this wording, oldest first. */
  releases: readonly string[];
  /** "v1.4–v1.10". */
  range: string;
  /** In the user's release: true/false; null when the release is unknown. */
  inUserRelease: boolean | null;
  /** The tag the source link points at: the user's release when it has the template, else the newest that does. */
  sourceTag: string;
  sourceUrl: string | null;
  /** The same error as the newest release words it, when this wording is gone there. */
  successor?: { record: ErrorRecord; tag: string; url: string | null };
  /** Whose analysis the card shows when this record has none (the successor's). */
  analysisFrom?: ErrorRecord;
  /** One line for the card: "this wording is from v1.4–v1.10; …", or null when nothing needs saying. */
  note: string | null;
  /** Which release the answer was worked out for: "v2.4 (detected in the paste)", or "an unknown release". */
  forRelease: string;
  /** The same, as data. */
  user?: UserVersion;
}

const SOURCE_WORDS: Record<VersionSource, string> = {
  detected: "detected in the paste",
  channel: "this channel's setting",
  configured: "the configured default",
};

export function describeVersionSource(v: UserVersion): string {
  return SOURCE_WORDS[v.source];
}

const FN = /\bfn\s+([A-Za-z_][A-Za-z0-9_]*)/;

const fnCache = new WeakMap<ErrorRecord, string | null>();

/** The function the template is raised in, read from the stored source window (null when outside it). */
export function enclosingFunction(record: ErrorRecord): string | null {
  const cached = fnCache.get(record);
  if (cached !== undefined) return cached;
  const fn = readEnclosingFunction(record);
  fnCache.set(record, fn);
  return fn;
}

function readEnclosingFunction(record: ErrorRecord): string | null {
  if (!record.sourceCode || record.lineNumber === null || record.sourceCodeStart === null) return null;
  const lines = record.sourceCode.split("\n");
  for (let i = Math.min(lines.length - 1, record.lineNumber - record.sourceCodeStart); i >= 0; i--) {
    const m = FN.exec(lines[i] ?? "");
    if (m?.[1]) return m[1];
  }
  return null;
}

/** The newest release's record for the same error under other wording: same file and function, or close text. */
export function findSuccessor(catalog: Catalog, record: ErrorRecord, newestTag: string): ErrorRecord | undefined {
  if (!record.filePath || !record.releases || record.releases.includes(newestTag)) return undefined;
  const fn = enclosingFunction(record);
  let best: ErrorRecord | undefined;
  let bestScore = SUCCESSOR_MIN;
  for (const other of catalog.byFile(record.filePath)) {
    if (other === record || !other.releases?.includes(newestTag)) continue;
    let score = wordSimilarity(record.messagePattern, other.messagePattern);
    if (fn !== null && enclosingFunction(other) === fn) score += SAME_FUNCTION_BONUS;
    if (score >= bestScore) {
      best = other;
      bestScore = score;
    }
  }
  return best;
}

/** The release facts of one record for the user's release (undefined when the catalog knows no releases). */
export function releaseFacts(
  catalog: Catalog,
  record: ErrorRecord,
  userTag: string | undefined,
  user?: UserVersion,
): ReleaseFacts | undefined {
  const releases = record.releases;
  const newestTag = catalog.releaseTags[catalog.releaseTags.length - 1];
  if (!releases || releases.length === 0 || newestTag === undefined) return undefined;
  const inUser = userTag === undefined ? null : inRelease(record, userTag);
  const sourceTag = inUser && userTag ? userTag : (newestRelease(record) ?? newestTag);
  const range = releaseRange(releases);
  const found = findSuccessor(catalog, record, newestTag);
  const successor = found ? { record: found, tag: newestTag, url: sourceUrlAt(found, newestTag) } : undefined;
  const notes: string[] = [];
  if (inUser === false && user && userTag) {
    notes.push(
      `this wording is from ${range}; your release ${shortRelease(user.version)} (${describeVersionSource(user)}) does not print it`,
    );
  } else if (!releases.includes(newestTag)) {
    notes.push(`this wording is from ${range}`);
  }
  if (successor) {
    const first = successor.record.errorMessage.split("\n")[0] ?? "";
    notes.push(`in ${shortRelease(newestTag)} the same error reads "${first}"`);
  }
  const facts: ReleaseFacts = {
    releases,
    range,
    inUserRelease: inUser,
    sourceTag,
    sourceUrl: sourceUrlAt(record, sourceTag),
    note: notes.length > 0 ? notes.join("; ") : null,
    forRelease: user ? `${shortRelease(user.version)} (${describeVersionSource(user)})` : "an unknown release",
    ...(user ? { user } : {}),
  };
  if (successor) facts.successor = successor;
  // A record analysis of the newest wording beats an old wording's family analysis (or none).
  if (successor && analysisRank(successor.record) > analysisRank(record)) facts.analysisFrom = successor.record;
  return facts;
}

/** Latest tag index of a record (unknown releases rank as the newest: hand-written records describe today). */
function newestRank(catalog: Catalog, record: ErrorRecord): number {
  const tag = newestRelease(record);
  return tag === undefined ? catalog.releaseTags.length : catalog.releaseTags.indexOf(tag);
}

/**
 * Two matches of one layer are the same error in two releases' words: the same template, or text
 * this close (`SAME_WORDING_MIN`) matched about as well (`SAME_ANSWER_MARGIN`). Nothing else is.
 */
/** The same error by its words alone: the same template, or another release's close rewording of it. */
export function sameErrorText(a: Match, b: Match): boolean {
  return (
    a.record.messagePattern === b.record.messagePattern ||
    wordSimilarity(a.record.messagePattern, b.record.messagePattern) >= SAME_WORDING_MIN
  );
}

export function sameErrorWording(a: Match, b: Match): boolean {
  if (a.kind === "fuzzy" || b.kind === "fuzzy" || a.layerIndex !== b.layerIndex) return false;
  if (a.record.messagePattern === b.record.messagePattern) return true;
  return (
    Math.abs(a.confidence - b.confidence) <= SAME_ANSWER_MARGIN &&
    wordSimilarity(a.record.messagePattern, b.record.messagePattern) >= SAME_WORDING_MIN
  );
}

/**
 * The rank stage's release rule: among the wordings of each layer's leading error, the user's
 * release's wording leads (no release known: the newest release's). A release only chooses between
 * wordings of the same error; it never lifts a wrapper or another template over the one that explains
 * the layer best.
 */
export function preferReleaseWording(
  catalog: Catalog,
  matches: readonly Match[],
  userTag: string | undefined,
): Match[] {
  const out = [...matches];
  if (catalog.releaseTags.length === 0) return out;
  let i = 0;
  while (i < out.length) {
    let j = i + 1;
    while (j < out.length && out[j]?.layerIndex === out[i]?.layerIndex) j++;
    const head = out[i] as Match;
    const wordings = out.slice(i, j).filter((m) => m === head || sameErrorWording(head, m));
    const preferred =
      userTag !== undefined && wordings.some((m) => inRelease(m.record, userTag))
        ? wordings.find((m) => inRelease(m.record, userTag))
        : wordings.reduce(
            (best, m) => (newestRank(catalog, m.record) > newestRank(catalog, best.record) ? m : best),
            head,
          );
    if (preferred && preferred !== head) {
      out.splice(out.indexOf(preferred), 1);
      out.splice(i, 0, preferred);
    }
    i = j;
  }
  return out;
}

/** One card per error: the joined copy of an analysed record (same message, same file) says nothing new. */
export function dropDuplicates<T extends { match: Match }>(items: readonly T[]): T[] {
  const seen = new Set<string>();
  return items.filter(({ match: m }) => {
    const key = `${m.record.filePath ?? ""}\u0000${m.record.errorMessage}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** The annotate stage's release facts: range, source link, successor, for the user's release. */
export function annotateReleases(
  catalog: Catalog,
  matches: readonly Match[],
  userTag: string | undefined,
  user: UserVersion | undefined,
): void {
  if (catalog.releaseTags.length === 0) return;
  for (const m of matches) {
    const facts = releaseFacts(catalog, m.record, userTag, user);
    if (facts) m.release = facts;
  }
}
