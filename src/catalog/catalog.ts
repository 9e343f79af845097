import { type AnalysisJoin, joinAnalyses } from "./analysis-join.ts";
import { EMPTY_ANALYSES, type ParsedAnalyses } from "./analysis-parse.ts";
import type { DatasetHeader } from "./header.ts";
import type { ParsedEntry } from "./parse.ts";
import { compareReleases } from "./releases.ts";
import type { ErrorRecord } from "./schema.ts";

/** The loaded knowledge base: records in load order, looked up by id or slug. */
export interface Catalog {
  readonly records: readonly ErrorRecord[];
  readonly datasetVersion: string | null;
  byId(id: string): ErrorRecord | undefined;
  bySlug(slug: string): ErrorRecord | undefined;
  /** By id, else slug (the form `/rwerror show` and the CLI accept). */
  find(idOrSlug: string): ErrorRecord | undefined;
  /** Every release tag the records name, oldest first (`main` last); empty for a single-release catalog. */
  readonly releaseTags: readonly string[];
  /** Records raised in one source file, in load order (locating panics, rewordings across releases). */
  byFile(filePath: string): readonly ErrorRecord[];
  /** The headers of the built catalogs loaded (`rwerror catalog build`): builder, revisions. */
  readonly builds: readonly DatasetHeader[];
}

/** The catalog of the entries with the analyses joined (record analyses, across releases, families). */
export function buildCatalog(entries: readonly ParsedEntry[], analyses: ParsedAnalyses = EMPTY_ANALYSES): Catalog {
  return joinCatalog(entries, analyses).catalog;
}

/** `buildCatalog`, also returning what the join found (problems, warnings, coverage). */
export function joinCatalog(
  entries: readonly ParsedEntry[],
  analyses: ParsedAnalyses,
  { inPlace = false, builds = [] }: { inPlace?: boolean; builds?: readonly DatasetHeader[] } = {},
): { catalog: Catalog; join: AnalysisJoin } {
  const join = joinAnalyses(
    entries.map((e) => e.record),
    analyses,
    { inPlace },
  );
  // The newest dataset version among the files wins: it names what the bot is serving.
  let datasetVersion: string | null = null;
  for (const e of entries) {
    if (e.datasetVersion && (!datasetVersion || e.datasetVersion > datasetVersion)) datasetVersion = e.datasetVersion;
  }
  return { catalog: indexCatalog(join.records, datasetVersion, builds), join };
}

function indexCatalog(
  records: readonly ErrorRecord[],
  datasetVersion: string | null,
  builds: readonly DatasetHeader[],
): Catalog {
  const ids = new Map(records.map((r) => [r.id, r]));
  const slugs = new Map<string, ErrorRecord>();
  for (const r of records) if (!slugs.has(r.slug)) slugs.set(r.slug, r);
  const tags = new Set<string>();
  const files = new Map<string, ErrorRecord[]>();
  for (const r of records) {
    if (r.releases) for (const t of r.releases) tags.add(t);
    if (!r.filePath) continue;
    const list = files.get(r.filePath);
    if (list) list.push(r);
    else files.set(r.filePath, [r]);
  }
  return {
    records,
    datasetVersion,
    releaseTags: [...tags].sort(compareReleases),
    builds,
    byFile: (path) => files.get(path) ?? [],
    byId: (id) => ids.get(id),
    bySlug: (slug) => slugs.get(slug),
    find: (key) => ids.get(key.trim()) ?? slugs.get(key.trim().toLowerCase()),
  };
}

/**
 * The catalog of records a load already joined with their analyses (a reload's worker thread did the
 * parsing and the join): only the lookups are built here.
 */
export function indexJoinedRecords(
  records: readonly ErrorRecord[],
  datasetVersion: string | null,
  builds: readonly DatasetHeader[] = [],
): Catalog {
  return indexCatalog(records, datasetVersion, builds);
}

/** A catalog from records already in memory (tests, generated benches). */
export function catalogFromRecords(
  records: readonly ErrorRecord[],
  datasetVersion: string | null = null,
  analyses: ParsedAnalyses = EMPTY_ANALYSES,
): Catalog {
  return buildCatalog(
    records.map((record, i) => ({ record, datasetVersion, file: "<memory>", line: i + 1 })),
    analyses,
  );
}
