/**
 * Child process of the match bench: loads one catalog file into a fresh Node, indexes it, runs a
 * few pastes, and prints JSON on stdout, so RSS is this catalog's alone.
 * Usage: node --expose-gc --import tsx bench/rss-probe.ts <records-file|none> [pastes.json]
 */
import { readFileSync } from "node:fs";
import { loadCatalog } from "../src/catalog/index.ts";
import { loadMatcherFactory } from "./real-matcher.ts";

export interface ProbeResult {
  records: number;
  loadMs: number;
  indexMs: number;
  /** RSS after load, index, a few matches and a full GC (steady state). */
  rssMb: number;
  /** Peak RSS of the process (includes transient parse buffers). */
  peakRssMb: number;
  heapUsedMb: number;
  /** Live heap after a full GC: the catalog alone, then catalog plus matcher. */
  catalogHeapMb: number;
  matcherHeapMb: number;
  realMatcher: boolean;
}

/** Live heap after a full GC (the probe runs with --expose-gc). */
function liveHeapMb(): number {
  const gc = (globalThis as { gc?: () => void }).gc;
  gc?.();
  return mb(process.memoryUsage().heapUsed);
}

const mb = (bytes: number): number => bytes / 1024 / 1024;

async function probe(file: string, pastes: readonly string[]): Promise<ProbeResult> {
  const factory = await loadMatcherFactory();
  if (file === "none") {
    return {
      records: 0,
      loadMs: 0,
      indexMs: 0,
      rssMb: mb(process.memoryUsage().rss),
      peakRssMb: process.resourceUsage().maxRSS / 1024,
      heapUsedMb: mb(process.memoryUsage().heapUsed),
      catalogHeapMb: liveHeapMb(),
      matcherHeapMb: liveHeapMb(),
      realMatcher: factory.real,
    };
  }
  const t0 = performance.now();
  const { catalog } = loadCatalog([file]);
  const t1 = performance.now();
  const catalogHeapMb = liveHeapMb();
  const t1b = performance.now();
  const matcher = factory.create(catalog);
  const t2 = performance.now();
  for (const p of pastes) matcher.match(p);
  const heapUsedMb = mb(process.memoryUsage().heapUsed);
  const matcherHeapMb = liveHeapMb();
  // Steady state: after load garbage is collected, as it is in a bot that has been up a minute.
  const rssMb = mb(process.memoryUsage().rss);
  return {
    records: catalog.records.length,
    loadMs: t1 - t0,
    indexMs: t2 - t1b,
    rssMb,
    peakRssMb: process.resourceUsage().maxRSS / 1024,
    heapUsedMb,
    catalogHeapMb,
    matcherHeapMb,
    realMatcher: factory.real,
  };
}

const file = process.argv[2];
if (!file) {
  process.stderr.write("usage: rss-probe.ts <records-file|none> [pastes.json]\n");
  process.exit(2);
}
const pastes = process.argv[3] ? (JSON.parse(readFileSync(process.argv[3], "utf8")) as string[]) : [];
process.stdout.write(`${JSON.stringify(await probe(file, pastes))}\n`);
