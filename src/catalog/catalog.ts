import type { ParsedEntry } from "./parse.ts";
import type { ErrorRecord } from "./schema.ts";

/** The loaded knowledge base: records in load order, looked up by id or slug. */
export interface Catalog {
  readonly records: readonly ErrorRecord[];
  readonly datasetVersion: string | null;
  byId(id: string): ErrorRecord | undefined;
  bySlug(slug: string): ErrorRecord | undefined;
  /** By id, else slug (the form `/rwerror show` and the CLI accept). */
  find(idOrSlug: string): ErrorRecord | undefined;
}

export function buildCatalog(entries: readonly ParsedEntry[]): Catalog {
  const records = entries.map((e) => e.record);
  const ids = new Map(records.map((r) => [r.id, r]));
  const slugs = new Map<string, ErrorRecord>();
  for (const r of records) if (!slugs.has(r.slug)) slugs.set(r.slug, r);
  // The newest dataset version among the files wins: it names what the bot is serving.
  let datasetVersion: string | null = null;
  for (const e of entries) {
    if (e.datasetVersion && (!datasetVersion || e.datasetVersion > datasetVersion)) datasetVersion = e.datasetVersion;
  }
  return {
    records,
    datasetVersion,
    byId: (id) => ids.get(id),
    bySlug: (slug) => slugs.get(slug),
    find: (key) => ids.get(key.trim()) ?? slugs.get(key.trim().toLowerCase()),
  };
}

/** A catalog from records already in memory (tests, generated benches). */
export function catalogFromRecords(records: readonly ErrorRecord[], datasetVersion: string | null = null): Catalog {
  return buildCatalog(records.map((record, i) => ({ record, datasetVersion, file: "<memory>", line: i + 1 })));
}
