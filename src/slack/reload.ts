/**
 * SIGHUP or a change under RWERROR_DATA reloads the catalog, off the serving thread (catalog-thread.ts)
 * and swapped in whole once built. A file with any problem (bad JSON, a bad field, an unsafe pattern, no
 * records at all) is refused as a whole: the bot keeps the last good catalog and says why.
 *
 * One reload runs at a time; signals and file events meanwhile collapse into one more reload, of the
 * files as they are then (the latest wins). The watch is on folders, never on a file's inode: a
 * Kubernetes ConfigMap update swaps a `..data` symlink, and a watch on the old file would go deaf after
 * the first update. A file event reloads only when the data files really changed (the SQLite file may
 * share the folder and changes all the time).
 */
import { existsSync, type FSWatcher, statSync, watch } from "node:fs";
import { dirname, join } from "node:path";
import { type Catalog, listAnalysisFiles, listDatasetFiles } from "../catalog/index.ts";
import type { CreateMatcherOptions } from "../matcher/index.ts";
import type { Matcher } from "../matcher/types.ts";
import { loadOffThread, type ReloadOutcome } from "./catalog-thread.ts";

export type { ReloadOutcome } from "./catalog-thread.ts";

export interface ReloadWatch {
  /** Asks for a reload now (SIGHUP); resolves once no reload is running or waiting. */
  reload(why: string): Promise<void>;
  close(): void;
}

export interface WatchOptions {
  /** An editor's save is several events, and a half-written file must not be read. */
  debounceMs?: number;
  matcherOptions?: CreateMatcherOptions;
  /** Tests replace the loader. */
  load?: (paths: readonly string[], options: CreateMatcherOptions) => Promise<ReloadOutcome>;
}

/** What the data files are right now (resolved through symlinks): a reload is due when this changes. */
export function dataFingerprint(paths: readonly string[]): string {
  try {
    const files = [...listDatasetFiles(paths), ...listAnalysisFiles(paths)];
    return files
      .map((f) => {
        const s = statSync(f);
        return `${f}:${s.ino}:${s.size}:${s.mtimeMs}`;
      })
      .join("\n");
  } catch (error) {
    return `unreadable: ${(error as Error).message}`;
  }
}

/** The folders to watch: a folder path itself (and its analysis/), a file's parent folder. */
function foldersOf(paths: readonly string[]): string[] {
  const out = new Set<string>();
  for (const path of paths) {
    let folder = dirname(path);
    try {
      if (statSync(path).isDirectory()) folder = path;
    } catch {
      // Gone for now (mid-swap): its folder still tells when it is back.
    }
    out.add(folder);
    if (existsSync(join(folder, "analysis"))) out.add(join(folder, "analysis"));
  }
  return [...out];
}

export function watchCatalog(
  paths: readonly string[],
  apply: (catalog: Catalog, matcher: Matcher) => void,
  log: { info(msg: string): void; warn(msg: string): void },
  current: () => Catalog,
  { debounceMs = 300, matcherOptions = {}, load = loadOffThread }: WatchOptions = {},
): ReloadWatch {
  // The catalog served at start was loaded from the files as they are now.
  let loadedFrom = dataFingerprint(paths);
  let pending: { why: string; force: boolean } | undefined;
  let running: Promise<void> | undefined;
  let closed = false;

  async function drain(): Promise<void> {
    while (pending && !closed) {
      const { why, force } = pending;
      pending = undefined;
      const fingerprint = dataFingerprint(paths);
      if (!force && fingerprint === loadedFrom) continue;
      const started = Date.now();
      const outcome = await load(paths, matcherOptions);
      // Refused or not, these files were read: only a new change (or SIGHUP) reads them again.
      loadedFrom = fingerprint;
      if (closed) return;
      if (outcome.ok) {
        apply(outcome.catalog, outcome.matcher);
        log.info(
          `catalog reloaded (${why}) in ${Date.now() - started} ms: ${outcome.catalog.records.length} records, dataset ${outcome.catalog.datasetVersion ?? "unversioned"}`,
        );
      } else {
        log.warn(
          `catalog reload refused (${why}): ${outcome.reason}; still serving the last good catalog (${current().records.length} records)`,
        );
      }
    }
  }

  const request = (why: string, force: boolean): Promise<void> => {
    // Whatever asked before and is still waiting is served by this one: the files are read when it runs.
    pending = { why, force: force || (pending?.force ?? false) };
    if (!running) {
      running = drain().finally(() => {
        running = undefined;
      });
    }
    return running;
  };

  let timer: NodeJS.Timeout | undefined;
  const watchers: FSWatcher[] = [];
  for (const folder of foldersOf(paths)) {
    try {
      const w = watch(folder, () => {
        clearTimeout(timer);
        timer = setTimeout(() => void request(`${folder} changed`, false), debounceMs);
      });
      w.on("error", () => undefined);
      watchers.push(w);
    } catch (error) {
      log.warn(`cannot watch ${folder} for changes (${(error as Error).message}); SIGHUP still reloads`);
    }
  }
  const onHup = () => void request("SIGHUP", true);
  process.on("SIGHUP", onHup);
  return {
    reload: (why) => request(why, true),
    close: () => {
      closed = true;
      clearTimeout(timer);
      process.off("SIGHUP", onHup);
      for (const w of watchers) w.close();
    },
  };
}
