/**
 * RisingWave release tags: parsing, ordering, the range a template was printed in, and source
 * links at a tag. The corpus names every minor release by its `.0` tag (`v1.4.0`) plus `main`.
 */
import type { ErrorRecord } from "./schema.ts";

export const MAIN = "main";

export interface ReleaseVersion {
  major: number;
  minor: number;
  patch: number;
}

/** `v2.4`, `2.4.0`, `v2.4.1-rc.2`, `main` → a comparable version (main as +∞); anything else null. */
export function parseRelease(text: string): ReleaseVersion | "main" | null {
  const t = text.trim();
  if (t.toLowerCase() === MAIN) return MAIN;
  const m = /^v?(\d{1,3})\.(\d{1,3})(?:\.(\d{1,3}))?(?:-[0-9A-Za-z.]{1,32})?$/.exec(t);
  if (!m) return null;
  return { major: Number(m[1]), minor: Number(m[2]), patch: Number(m[3] ?? 0) };
}

function rank(v: ReleaseVersion | "main" | null): number {
  if (v === MAIN) return Number.MAX_SAFE_INTEGER;
  if (!v) return -1;
  return v.major * 1_000_000 + v.minor * 1_000 + v.patch;
}

/** Orders tags oldest first (`v1.10.0` after `v1.9.0`, `main` last, unknown text first). */
export function compareReleases(a: string, b: string): number {
  return rank(parseRelease(a)) - rank(parseRelease(b));
}

/** `v1.4.0` → `v1.4` (the corpus only has minor releases); `main` stays. */
export function shortRelease(tag: string): string {
  const v = parseRelease(tag);
  if (v === MAIN || !v) return tag;
  return v.patch === 0 ? `v${v.major}.${v.minor}` : `v${v.major}.${v.minor}.${v.patch}`;
}

/** The newest release whose sources contain the record, if the record says. */
export function newestRelease(record: ErrorRecord): string | undefined {
  const r = record.releases;
  return r && r.length > 0 ? r[r.length - 1] : undefined;
}

/** "v1.4–v1.10", "v2.1–main", "v0.18": the span a template was printed in (its first and last release). */
export function releaseRange(releases: readonly string[]): string {
  const first = releases[0];
  const last = releases[releases.length - 1];
  if (first === undefined || last === undefined) return "";
  return first === last ? shortRelease(first) : `${shortRelease(first)}–${shortRelease(last)}`;
}

/**
 * The catalog tag that stands for a user's version: the same minor release, else (for a release the
 * corpus skipped, like v2.0) the newest older one; newer than every numbered tag reads as main.
 */
export function catalogTagFor(version: string, tags: readonly string[]): string | undefined {
  const v = parseRelease(version);
  if (!v) return undefined;
  if (v === MAIN) return tags.includes(MAIN) ? MAIN : undefined;
  const numbered = tags.filter((t) => t !== MAIN).sort(compareReleases);
  const same = numbered.find((t) => {
    const p = parseRelease(t);
    return p !== null && p !== MAIN && p.major === v.major && p.minor === v.minor;
  });
  if (same) return same;
  const minorRank = rank({ ...v, patch: 0 });
  const older = numbered.filter((t) => rank(parseRelease(t)) < minorRank);
  if (older.length === numbered.length && tags.includes(MAIN)) return MAIN;
  return older[older.length - 1];
}

/** Does the record's source hold it at this catalog tag? Unknown releases count as "yes". */
export function inRelease(record: ErrorRecord, tag: string): boolean {
  return !record.releases || record.releases.includes(tag);
}

const GITHUB_BLOB = /^(https:\/\/github\.com\/[^/]+\/[^/]+\/blob\/)[^/]+\/(.*)$/;

/**
 * The record's source at a tag. The stored window (line anchor) is from the record's newest
 * release, so the anchor is kept only there; elsewhere the file at that tag is linked.
 */
export function sourceUrlAt(record: ErrorRecord, tag: string): string | null {
  if (!record.filePath && !record.githubUrl) return null;
  // main moves: the pinned commit the catalog was extracted from is the stable link.
  if (tag === MAIN && newestRelease(record) === MAIN && record.githubUrl) return record.githubUrl;
  const keepAnchor = tag === newestRelease(record);
  const m = record.githubUrl ? GITHUB_BLOB.exec(record.githubUrl) : null;
  if (m) {
    const rest = m[2] ?? "";
    return `${m[1]}${tag}/${keepAnchor ? rest : rest.replace(/#.*$/, "")}`;
  }
  if (!record.filePath || !record.repo) return record.githubUrl;
  const anchor = keepAnchor && record.lineNumber ? `#L${record.lineNumber}` : "";
  return `https://github.com/${record.repo}/blob/${tag}/${record.filePath}${anchor}`;
}
