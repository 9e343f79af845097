/**
 * Panics located in the source: a panic whose message has no template (`called Option::unwrap()
 * on a None value`, `assertion failed`) still names file:line:col. The records of that file in
 * the user's release nearest that line say which function panicked.
 */
import type { Catalog } from "../catalog/catalog.ts";
import { compareReleases, inRelease, newestRelease, shortRelease } from "../catalog/releases.ts";
import type { ErrorRecord } from "../catalog/schema.ts";
import { enclosingFunction } from "./release-rank.ts";

export interface PanicSite {
  /** Repository-relative path (`src/stream/src/executor/hash_agg.rs`). */
  file: string;
  line: number;
  col: number;
  /** The release the location is read against (the user's, else the nearest record's newest), if known. */
  release: string | null;
  url: string;
  /** The nearest record of that file at or above the line (the function it is in), if any. */
  record?: ErrorRecord;
  function?: string | null;
  /** "panicked in src/…/hash_agg.rs:431 (v1.10)". */
  label: string;
}

const PANIC = /panicked at /;
const LOCATION = /([^\s'"`(),]{1,300}\.rs):(\d{1,6}):(\d{1,5})/g;
/** The panic header, its message and a backtrace's first frames. */
const LOOKAHEAD_LINES = 80;
/** A record further than this from the panic is in another function: not evidence. */
const MAX_DISTANCE = 250;
const DEFAULT_REPO = "risingwavelabs/risingwave";
/** Dependencies and the standard library: a panic there is located by the first frame in RisingWave. */
const FOREIGN = /(?:^|\/)(?:\.cargo\/|rustc\/|index\.crates\.io-|library\/(?:core|std|alloc)\/)/;

/** `/risingwave/src/common/src/x.rs` → `src/common/src/x.rs` (build paths carry the checkout dir). */
function repoPath(path: string): string {
  const trimmed = path.replace(/^\.\//, "");
  const i = trimmed.startsWith("src/") ? 0 : trimmed.indexOf("/src/");
  return i <= 0 ? trimmed : trimmed.slice(i + 1);
}

/** The first RisingWave `file:line:col` at or after a panic header: in its message, else a backtrace frame. */
export function findPanicLocation(text: string): { file: string; line: number; col: number } | undefined {
  const lines = text.split("\n");
  const start = lines.findIndex((l) => PANIC.test(l));
  if (start < 0) return undefined;
  for (let i = start; i < Math.min(lines.length, start + LOOKAHEAD_LINES); i++) {
    for (const m of (lines[i] ?? "").matchAll(LOCATION)) {
      const raw = m[1] ?? "";
      const file = repoPath(raw);
      if (FOREIGN.test(raw) || !file.startsWith("src/")) continue;
      return { file, line: Number(m[2]), col: Number(m[3]) };
    }
  }
  return undefined;
}

function nearest(records: readonly ErrorRecord[], line: number): ErrorRecord | undefined {
  let above: ErrorRecord | undefined;
  let any: ErrorRecord | undefined;
  for (const r of records) {
    if (r.lineNumber === null) continue;
    const d = line - r.lineNumber;
    if (Math.abs(d) > MAX_DISTANCE) continue;
    if (d >= 0 && (above?.lineNumber == null || r.lineNumber > above.lineNumber)) above = r;
    if (!any || Math.abs(d) < Math.abs(line - (any.lineNumber ?? 0))) any = r;
  }
  return above ?? any;
}

function newestFileRelease(records: readonly ErrorRecord[]): string | undefined {
  let best: string | undefined;
  for (const r of records) {
    const t = newestRelease(r);
    if (t !== undefined && (best === undefined || compareReleases(t, best) > 0)) best = t;
  }
  return best;
}

/** Locates the paste's panic in the catalog's sources; undefined when the paste has no located panic. */
export function locatePanic(catalog: Catalog, text: string, userTag: string | undefined): PanicSite | undefined {
  const loc = findPanicLocation(text);
  if (!loc) return undefined;
  const ofFile = catalog.byFile(loc.file);
  // Line numbers are per release: read them against the user's, else the newest that has the file.
  const tag = userTag ?? newestFileRelease(ofFile);
  const inTag = tag === undefined ? ofFile : ofFile.filter((r) => inRelease(r, tag));
  const inTagRecord = nearest(inTag, loc.line);
  // No record of that release near the line: an older release's record there still names the function.
  const record = inTagRecord ?? nearest(ofFile, loc.line);
  const release = (inTagRecord || !record ? tag : (userTag ?? newestRelease(record))) ?? null;
  const repo = record?.repo || DEFAULT_REPO;
  const site: PanicSite = {
    ...loc,
    release,
    url: `https://github.com/${repo}/blob/${release ?? "main"}/${loc.file}#L${loc.line}`,
    label: `panicked in ${loc.file}:${loc.line}${release ? ` (${shortRelease(release)})` : ""}`,
  };
  if (record) {
    site.record = record;
    site.function = enclosingFunction(record);
  }
  return site;
}
