/**
 * `rwerror catalog build`: RisingWave's git history → the catalog file. Revisions are read oldest
 * first (each Rust blob parsed once, cached between builds), merged into one record per (filePath,
 * errorMessage), annotated with history and test SQL, and written beside the output, then renamed.
 */
import { homedir } from "node:os";
import { join } from "node:path";
import type { DatasetHeader } from "../catalog/header.ts";
import type { ErrorRecord } from "../catalog/schema.ts";
import { ExtractionCache } from "./cache.ts";
import { BuildError } from "./errors.ts";
import { findExamples } from "./examples.ts";
import { FactsCollector } from "./facts.ts";
import { BlobReader, gitDir } from "./git.ts";
import { findHistory } from "./history.ts";
import { dropLogsHeldByErrors, type MergedMessage, mergeRevision } from "./merge.ts";
import { ExtractorPool } from "./pool.ts";
import { type SourceWindow, sourceWindow, toRecord } from "./record.ts";
import { chooseRevisions } from "./revisions.ts";
import { rustParser } from "./rust-parser.ts";
import { scanRevision } from "./scan.ts";
import { catalogText, writeCatalogFile } from "./write.ts";

export interface BuildOptions {
  source: string;
  revs: readonly string[];
  releases: boolean;
  out: string;
  /** Lines of source on each side of the message (0: none, the shipped form). */
  sourceLines: number;
  /** The repository the records name (ids hash it): RisingWave's unless a fork says otherwise. */
  repo: string;
  /** The extraction cache file; null: no cache. */
  cache: string | null;
  /** rwerror's own name and version, for the header. */
  builtBy: string;
  now: () => Date;
  log: (line: string) => void;
  /** Skip the history scan (a quick build). */
  history: boolean;
  /** Skip the test-SQL scan. */
  examples: boolean;
  /** Parser worker threads (0: parse in this thread). */
  jobs: number;
  /** Where to write the identifiers file (system catalogs, WITH options, config keys); null: none. */
  factsOut: string | null;
}

export interface BuildResult {
  records: number;
  revisions: number;
  bytes: number;
  files: number;
  cacheHits: number;
  cacheMisses: number;
}

export function defaultCachePath(): string {
  const base = process.env.XDG_CACHE_HOME || join(homedir(), ".cache");
  return join(base, "rwerror", "catalog-build.json.gz");
}

export async function buildCatalog(opts: BuildOptions): Promise<BuildResult> {
  await gitDir(opts.source);
  const revisions = await chooseRevisions(opts.source, { releases: opts.releases, revs: opts.revs });
  if (revisions.length === 0) throw new BuildError("NO_REVISIONS", "no revision to read: give --rev or --releases");
  const reader = new BlobReader(opts.source);
  const cache = new ExtractionCache(opts.cache);
  const merged = new Map<string, MergedMessage>();
  const pool = opts.jobs > 0 ? new ExtractorPool(opts.jobs) : null;
  let files = 0;
  try {
    const parser = pool ? null : await rustParser();
    const ctx = { reader, pool, parser, cache, manifestText: new Map<string, string>(), factsByBlob: new Map() };
    const facts = new FactsCollector();
    for (const rev of revisions) {
      const scan = await scanRevision(opts.source, ctx, rev);
      if (scan.files === 0) throw new BuildError("NO_RUST_SOURCES", `no Rust sources under src/ at ${rev.rev}`);
      files += scan.files;
      mergeRevision(merged, rev, scan.messages);
      facts.add(rev.rev, scan.facts);
      opts.log(`${rev.rev}: ${scan.messages.size} messages in ${scan.files} files (${merged.size} so far)`);
    }
    dropLogsHeldByErrors(merged);
    cache.saveAndRelease();
    await pool?.close();
    const history = opts.history ? await findHistory(opts.source, revisions, merged, opts.log) : new Map();
    const entries = [...merged].sort(byPathThenLine);
    const draft = new Map<string, ErrorRecord>();
    for (const [key, m] of entries) {
      draft.set(
        key,
        toRecord({ repo: opts.repo, merged: m, history: null, examples: [], source: null }) as ErrorRecord,
      );
    }
    const examples = opts.examples ? await findExamples(opts.source, reader, revisions, draft, opts.log) : new Map();
    draft.clear();
    const records: Record<string, unknown>[] = [];
    for (const [key, m] of entries) {
      const source: SourceWindow | null =
        opts.sourceLines > 0 ? sourceWindow(await reader.text(m.blob), m.message.lineNumber, opts.sourceLines) : null;
      records.push(
        toRecord({
          repo: opts.repo,
          merged: m,
          history: history.get(key) ?? null,
          examples: examples.get(key) ?? [],
          source,
        }),
      );
    }
    merged.clear();
    const header: DatasetHeader = {
      builtBy: opts.builtBy,
      builtAt: opts.now().toISOString(),
      source: opts.repo,
      revisions: revisions.map((r) => ({ rev: r.rev, commit: r.commit, date: r.date })),
    };
    const main = revisions[revisions.length - 1];
    const version = `${opts.repo}@${main?.rev ?? "?"}-${main?.date.slice(0, 10) ?? ""}`;
    const bytes = writeCatalogFile(opts.out, catalogText(header, records, version));
    if (opts.factsOut) writeCatalogFile(opts.factsOut, `${JSON.stringify({ header, facts: facts.toJSON() })}\n`);
    return {
      records: records.length,
      revisions: revisions.length,
      bytes,
      files,
      cacheHits: cache.hits,
      cacheMisses: cache.misses,
    };
  } finally {
    reader.close();
    await pool?.close();
  }
}

function byPathThenLine(a: [string, MergedMessage], b: [string, MergedMessage]): number {
  const [, x] = a;
  const [, y] = b;
  if (x.filePath !== y.filePath) return x.filePath < y.filePath ? -1 : 1;
  return x.message.lineNumber - y.message.lineNumber || (x.message.errorMessage < y.message.errorMessage ? -1 : 1);
}
