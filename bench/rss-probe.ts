/**
 * Child process of the match bench: loads one catalog file into a fresh Node, indexes it,
 * measures RSS, then times matcher.match over the pastes, and prints JSON on stdout. A fresh
 * process per catalog keeps RSS honest and the heap free of the other catalogs and the baseline.
 * It runs compiled (tsconfig.bench.json), like `npm start`: tsx's loader would add its own RSS and time.
 * Compiled, it sits in dist-bench/bench/, so nothing it imports may resolve a data file with
 * `new URL(…, import.meta.url)` (that would point inside dist-bench/): paths come from argv.
 * Usage: node --expose-gc dist-bench/bench/rss-probe.js <records-file|none> <pastes.json>
 */
import { readFileSync } from "node:fs";
import { loadCatalog } from "../src/catalog/index.ts";
import { createMatcher } from "../src/matcher/index.ts";
import { sample, type Timing } from "./measure.ts";

export interface ProbeResult {
  records: number;
  loadMs: number;
  indexMs: number;
  /** CPU time of load + index (all threads): what it costs when the machine is shared. */
  loadIndexCpuMs: number;
  /** RSS after load, index, a few matches and a full GC (steady state). */
  rssMb: number;
  /** Peak RSS of the process (includes transient parse buffers). */
  peakRssMb: number;
  /** Live heap after a full GC: the catalog alone, then catalog plus matcher. */
  catalogHeapMb: number;
  matcherHeapMb: number;
  /** matcher.match per paste size. */
  timings: Array<{ pasteBytes: number; timing: Timing }>;
}

/** Pastes by size, as the parent wrote them. */
export type ProbePastes = Record<string, string[]>;

export const REAL_SAMPLING = { warmup: 50, minIterations: 300, maxIterations: 20_000, budgetMs: 4000 };

const mb = (bytes: number): number => bytes / 1024 / 1024;

/** Live heap after a full GC (the probe runs with --expose-gc). */
function liveHeapMb(): number {
  (globalThis as { gc?: () => void }).gc?.();
  return mb(process.memoryUsage().heapUsed);
}

function probe(file: string, pastes: ProbePastes): ProbeResult {
  if (file === "none") {
    const heap = liveHeapMb();
    return {
      records: 0,
      loadMs: 0,
      indexMs: 0,
      loadIndexCpuMs: 0,
      rssMb: mb(process.memoryUsage().rss),
      catalogHeapMb: heap,
      matcherHeapMb: heap,
      peakRssMb: process.resourceUsage().maxRSS / 1024,
      timings: [],
    };
  }
  const c0 = process.cpuUsage();
  const t0 = performance.now();
  const { catalog } = loadCatalog([file]);
  const loadMs = performance.now() - t0;
  const c1 = process.cpuUsage(c0);
  const catalogHeapMb = liveHeapMb();
  const c2 = process.cpuUsage();
  const t1 = performance.now();
  const matcher = createMatcher(catalog);
  const indexMs = performance.now() - t1;
  const c3 = process.cpuUsage(c2);
  const loadIndexCpuMs = (c1.user + c1.system + c3.user + c3.system) / 1000;
  for (const p of Object.values(pastes).flat().slice(0, 8)) matcher.match(p);
  const matcherHeapMb = liveHeapMb();
  // Steady state: load garbage collected, as in a bot that has been up a minute.
  const rssMb = mb(process.memoryUsage().rss);
  const peakRssMb = process.resourceUsage().maxRSS / 1024;
  const timings = Object.entries(pastes).map(([size, inputs]) => ({
    pasteBytes: Number(size),
    timing: sample(inputs, (p) => matcher.match(p), REAL_SAMPLING),
  }));
  return {
    records: catalog.records.length,
    loadMs,
    indexMs,
    loadIndexCpuMs,
    rssMb,
    peakRssMb,
    catalogHeapMb,
    matcherHeapMb,
    timings,
  };
}

const [file, pastesFile] = process.argv.slice(2);
if (!file || !pastesFile) {
  process.stderr.write("usage: rss-probe.js <records-file|none> <pastes.json>\n");
  process.exit(2);
}
const pastes = JSON.parse(readFileSync(pastesFile, "utf8")) as ProbePastes;
process.stdout.write(`${JSON.stringify(probe(file, pastes))}\n`);
