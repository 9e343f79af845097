/**
 * The release stage: with the user's release known, its templates rank first (others still match);
 * each match learns its release range, the tag its source link points at and, for a wording the
 * newest release no longer prints, the record that replaced it (whose analysis it carries over).
 */
import { analysisRank, wordSimilarity } from "../catalog/analysis-join.ts";
import type { Catalog } from "../catalog/catalog.ts";
import {
  catalogTagFor,
  inRelease,
  newestRelease,
  releaseRange,
  shortRelease,
  sourceUrlAt,
} from "../catalog/releases.ts";
import type { ErrorRecord } from "../catalog/schema.ts";
import type { Match, MatchResult } from "./types.ts";
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

/** A rewording in the same file scores its word overlap, plus this when it is in the same function. */
const SAME_FUNCTION_BONUS = 0.3;
const SUCCESSOR_MIN = 0.7;

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

/** Confidence within which two template matches of one layer are equally good answers. */
const SAME_ANSWER_MARGIN = 0.15;

/** Both explain the layer by a template about as well: the newer wording may win. */
function closeEnough(a: Match, b: Match): boolean {
  if (a.kind === "fuzzy" || b.kind === "fuzzy") return a.kind === b.kind && a.confidence === b.confidence;
  // The same wording in two places: equally good whatever calibration did to the second's confidence.
  if (a.record.messagePattern === b.record.messagePattern) return true;
  return Math.abs(a.confidence - b.confidence) <= SAME_ANSWER_MARGIN;
}

/**
 * Reorders only within a run of matches on the same layer (the matcher's root-cause order stays):
 * the user's release first; with no release known, among equally good matches the newest wording.
 */
function reorder(catalog: Catalog, matches: Match[], userTag: string | undefined): Match[] {
  const out: Match[] = [];
  let i = 0;
  while (i < matches.length) {
    let j = i + 1;
    while (j < matches.length && matches[j]?.layerIndex === matches[i]?.layerIndex) j++;
    const run = matches.slice(i, j).map((m, k) => ({ m, k }));
    run.sort((a, b) => {
      if (userTag !== undefined) {
        const d = Number(inRelease(b.m.record, userTag)) - Number(inRelease(a.m.record, userTag));
        if (d !== 0) return d;
      }
      if (closeEnough(a.m, b.m)) {
        const d = newestRank(catalog, b.m.record) - newestRank(catalog, a.m.record);
        if (d !== 0) return d;
      }
      return a.k - b.k;
    });
    const ordered = run.map((r) => r.m);
    if (userTag === undefined) preferNewestWording(catalog, ordered);
    out.push(...ordered);
    i = j;
  }
  return out;
}

/** Word overlap at which two templates on one layer are the same error in two releases' words. */
const REWORDED = 0.5;

/**
 * No release known: when the first match's wording is gone from the newest release and that
 * release's wording of the same error also matched this layer, the newest wording leads.
 */
function preferNewestWording(catalog: Catalog, run: Match[]): void {
  const newest = catalog.releaseTags[catalog.releaseTags.length - 1];
  const first = run[0];
  if (!newest || !first?.record.releases || first.record.releases.includes(newest) || first.kind === "fuzzy") return;
  const i = run.findIndex(
    (m, k) =>
      k > 0 &&
      m.kind !== "fuzzy" &&
      m.record.releases?.includes(newest) === true &&
      wordSimilarity(first.record.messagePattern, m.record.messagePattern) >= REWORDED,
  );
  if (i > 0) run.unshift(...run.splice(i, 1));
}

/** One card per error: the joined copy of an analysed record (same message, same file) says nothing new. */
function dropDuplicates(matches: readonly Match[]): Match[] {
  const seen = new Set<string>();
  return matches.filter((m) => {
    const key = `${m.record.filePath ?? ""}\u0000${m.record.errorMessage}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** Applies the release stage to a result in place (the matches were ranked without releases). */
export function applyReleaseStage(catalog: Catalog, result: MatchResult, user: UserVersion | undefined): void {
  const userTag = user ? catalogTagFor(user.version, catalog.releaseTags) : undefined;
  if (user) result.version = userTag ? { ...user, tag: userTag } : { ...user };
  if (catalog.releaseTags.length === 0) return;
  result.matches = reorder(catalog, dropDuplicates(result.matches), userTag);
  for (const m of result.matches) {
    const facts = releaseFacts(catalog, m.record, userTag, user);
    if (facts) m.release = facts;
  }
}
