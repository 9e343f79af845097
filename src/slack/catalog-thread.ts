/**
 * Loads a catalog on a worker thread (catalog-worker.ts) and builds its matcher here in slices: a
 * reload of tens of thousands of records costs the serving thread only short turns, never seconds.
 */
import { Worker } from "node:worker_threads";
import { type Catalog, type DatasetHeader, type ErrorRecord, indexJoinedRecords } from "../catalog/index.ts";
import { type CreateMatcherOptions, createMatcherInSlices } from "../matcher/index.ts";
import type { Matcher } from "../matcher/types.ts";

export type CatalogWorkerMessage =
  | { kind: "records"; records: ErrorRecord[] }
  | { kind: "done"; datasetVersion: string | null; builds: DatasetHeader[]; files: string[] }
  | { kind: "refused"; reason: string };

export type ReloadOutcome =
  | { ok: true; catalog: Catalog; matcher: Matcher; files: string[] }
  | { ok: false; reason: string };

/**
 * The worker: the compiled .js next to this file, or, in a checkout, the .ts source behind tsx's loader
 * (a worker inherits no loader registered in-process, as bin/rwerror.js and vitest do).
 */
function startWorker(workerData: unknown): Worker {
  const fromSource = import.meta.url.endsWith(".ts");
  const url = new URL(`./catalog-worker.${fromSource ? "ts" : "js"}`, import.meta.url);
  if (!fromSource) return new Worker(url, { workerData });
  const tsx = import.meta.resolve("tsx/esm/api");
  const boot = `import(${JSON.stringify(tsx)}).then((m) => { m.register(); return import(${JSON.stringify(url.href)}); });`;
  return new Worker(boot, { eval: true, workerData });
}

export function loadOffThread(paths: readonly string[], options: CreateMatcherOptions = {}): Promise<ReloadOutcome> {
  const worker = startWorker({ paths: [...paths] });
  const records: ErrorRecord[] = [];
  return new Promise<ReloadOutcome>((resolve) => {
    let settled = false;
    const settle = (outcome: Promise<ReloadOutcome> | ReloadOutcome) => {
      if (settled) return;
      settled = true;
      void worker.terminate();
      resolve(outcome);
    };
    worker.on("message", (m: CatalogWorkerMessage) => {
      if (m.kind === "records") {
        for (const r of m.records) records.push(r);
        // The next batch once what waits on this thread's event loop (an ack) has run.
        setImmediate(() => worker.postMessage("next"));
      } else if (m.kind === "refused") settle({ ok: false, reason: m.reason });
      else settle(build(records, m, options));
    });
    worker.on("error", (error) => settle({ ok: false, reason: `the loader failed: ${error.message}` }));
    worker.on("exit", (code) => settle({ ok: false, reason: `the loader exited (${code}) before it finished` }));
  });
}

async function build(
  records: ErrorRecord[],
  { datasetVersion, builds, files }: Extract<CatalogWorkerMessage, { kind: "done" }>,
  options: CreateMatcherOptions,
): Promise<ReloadOutcome> {
  const catalog = indexJoinedRecords(records, datasetVersion, builds);
  return { ok: true, catalog, matcher: await createMatcherInSlices(catalog, options), files };
}
