/**
 * SIGHUP or a change to a RWERROR_DATA file reloads the catalog. A file with any problem (bad
 * JSON, a bad field, an unsafe pattern, no records at all) is refused as a whole: the bot keeps the
 * last good catalog and says why, rather than serving half a dataset.
 */
import { type FSWatcher, watch } from "node:fs";
import { type Catalog, formatProblem, loadCatalog } from "../catalog/index.ts";
import { createMatcher } from "../matcher/index.ts";
import type { Matcher } from "../matcher/types.ts";

export type ReloadOutcome = { ok: true; catalog: Catalog; matcher: Matcher } | { ok: false; reason: string };

export function reloadCatalog(paths: readonly string[]): ReloadOutcome {
  let loaded: ReturnType<typeof loadCatalog>;
  try {
    loaded = loadCatalog(paths);
  } catch (error) {
    return { ok: false, reason: (error as Error).message };
  }
  const { catalog, problems } = loaded;
  if (problems.length > 0) {
    const more = problems.length > 3 ? ` (and ${problems.length - 3} more)` : "";
    return { ok: false, reason: `${problems.slice(0, 3).map(formatProblem).join("; ")}${more}` };
  }
  if (catalog.records.length === 0) return { ok: false, reason: "the data holds no records" };
  return { ok: true, catalog, matcher: createMatcher(catalog) };
}

export interface ReloadWatch {
  /** Reloads now (SIGHUP). */
  reload(why: string): void;
  close(): void;
}

/**
 * Watches the data paths (files and folders) and reloads on SIGHUP or a change, debounced: an
 * editor's save is several events, and a half-written file must not be read.
 */
export function watchCatalog(
  paths: readonly string[],
  apply: (catalog: Catalog, matcher: Matcher) => void,
  log: { info(msg: string): void; warn(msg: string): void },
  current: () => Catalog,
  debounceMs = 300,
): ReloadWatch {
  let timer: NodeJS.Timeout | undefined;
  const reload = (why: string) => {
    const outcome = reloadCatalog(paths);
    if (outcome.ok) {
      apply(outcome.catalog, outcome.matcher);
      log.info(
        `catalog reloaded (${why}): ${outcome.catalog.records.length} records, dataset ${outcome.catalog.datasetVersion ?? "unversioned"}`,
      );
    } else {
      log.warn(
        `catalog reload refused (${why}): ${outcome.reason}; still serving the last good catalog (${current().records.length} records)`,
      );
    }
  };
  const watchers: FSWatcher[] = [];
  for (const path of paths) {
    try {
      const w = watch(path, () => {
        clearTimeout(timer);
        timer = setTimeout(() => reload(`${path} changed`), debounceMs);
      });
      w.on("error", () => undefined);
      watchers.push(w);
    } catch (error) {
      log.warn(`cannot watch ${path} for changes (${(error as Error).message}); SIGHUP still reloads`);
    }
  }
  const onHup = () => reload("SIGHUP");
  process.on("SIGHUP", onHup);
  return {
    reload,
    close: () => {
      clearTimeout(timer);
      process.off("SIGHUP", onHup);
      for (const w of watchers) w.close();
    },
  };
}
