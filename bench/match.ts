/**
 * Match bench: p50/p99 of matcher.match per catalog × paste size, load+index time and RSS of
 * each catalog in a fresh process, and the speed-up over the naive baseline.
 * Run alone: npx tsx bench/match.ts
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { loadCatalog } from "../src/catalog/index.ts";
import { corpusAvailable } from "./corpus.ts";
import { type BenchCatalog, buildPastes, formatBytes, logSources, PASTE_SIZES, prepareCatalogs } from "./fixtures.ts";
import { formatMs, sample, type Timing } from "./measure.ts";
import { createNaiveMatcher } from "./naive.ts";
import { loadMatcherFactory } from "./real-matcher.ts";
import type { ProbeResult } from "./rss-probe.ts";
import { markdownTable, type TargetCheck, targetTable } from "./table.ts";

export interface MatchCell {
  catalog: string;
  records: number;
  pasteBytes: number;
  real: Timing;
  naive: Timing;
  /** Naive p50 / real p50. */
  speedup: number;
}

export interface CatalogLoad extends ProbeResult {
  catalog: string;
}

export interface MatchBenchResult {
  realMatcher: boolean;
  cells: MatchCell[];
  loads: CatalogLoad[];
  /** RSS of a fresh Node with tsx and the matcher module, no catalog. */
  baselineRssMb: number;
  checks: TargetCheck[];
  table: string;
}

const repoRoot = fileURLToPath(new URL("../", import.meta.url));
const PASTES_PER_SIZE = 16;
const REAL = { warmup: 50, minIterations: 300, maxIterations: 20_000, budgetMs: 4000 };
const NAIVE = { warmup: 0, minIterations: 2, maxIterations: 200, budgetMs: 2500 };

function probeCatalog(file: string, pastesFile: string): ProbeResult {
  const out = spawnSync(process.execPath, ["--expose-gc", "--import", "tsx", "bench/rss-probe.ts", file, pastesFile], {
    cwd: repoRoot,
    encoding: "utf8",
    maxBuffer: 1 << 20,
  });
  const last = out.stdout.trim().split("\n").pop() ?? "";
  if (out.status !== 0 || !last.startsWith("{")) {
    throw new Error(`rss probe failed for ${file}: ${out.stderr.slice(-2000)}`);
  }
  return JSON.parse(last) as ProbeResult;
}

export async function runMatchBench(log: (line: string) => void = () => {}): Promise<MatchBenchResult> {
  if (!corpusAvailable()) throw new Error("match bench needs ../shared/corpus beside the repository");
  const factory = await loadMatcherFactory();
  const dir = mkdtempSync(join(tmpdir(), "rwerror-bench-"));
  try {
    log("generating catalogs and pastes…");
    const catalogs = prepareCatalogs(dir);
    const pastes = buildPastes(logSources(), PASTES_PER_SIZE);
    const pastesFile = join(dir, "pastes.json");
    // A few pastes in the probe build whatever the matcher builds lazily; the timing is done here.
    const probePastes = [...(pastes.get(200) ?? []).slice(0, 4), ...(pastes.get(4096) ?? []).slice(0, 4)];
    writeFileSync(pastesFile, JSON.stringify(probePastes));

    const baseline = probeCatalog("none", pastesFile);
    const cells: MatchCell[] = [];
    const loads: CatalogLoad[] = [];
    for (const c of catalogs) {
      log(`${c.label} (${c.size} records): fresh-process load+index and RSS…`);
      loads.push({ catalog: c.label, ...probeCatalog(c.file, pastesFile) });
      cells.push(...(await timeCatalog(c, pastes, factory.create, log)));
    }
    const checks = targetChecks(cells, loads);
    return {
      realMatcher: factory.real,
      cells,
      loads,
      baselineRssMb: baseline.rssMb,
      checks,
      table: formatMatchTables(factory.real, cells, loads, baseline.rssMb, checks),
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

async function timeCatalog(
  c: BenchCatalog,
  pastes: Map<number, string[]>,
  create: Awaited<ReturnType<typeof loadMatcherFactory>>["create"],
  log: (line: string) => void,
): Promise<MatchCell[]> {
  const { catalog } = loadCatalog([c.file]);
  const real = create(catalog);
  const naive = createNaiveMatcher(catalog);
  const cells: MatchCell[] = [];
  for (const size of PASTE_SIZES) {
    const inputs = pastes.get(size) ?? [];
    log(`  ${formatBytes(size)} pastes: matcher…`);
    const realTiming = sample(inputs, (p) => real.match(p), REAL);
    log(`  ${formatBytes(size)} pastes: naive baseline…`);
    const naiveTiming = sample(inputs, (p) => naive.match(p), NAIVE);
    cells.push({
      catalog: c.label,
      records: catalog.records.length,
      pasteBytes: size,
      real: realTiming,
      naive: naiveTiming,
      speedup: naiveTiming.p50Ms / realTiming.p50Ms,
    });
  }
  return cells;
}

const cellAt = (cells: readonly MatchCell[], records: number, bytes: number): MatchCell | undefined =>
  cells.find((c) => c.records === records && c.pasteBytes === bytes);

function targetChecks(cells: readonly MatchCell[], loads: readonly CatalogLoad[]): TargetCheck[] {
  const big = Math.max(...cells.map((c) => c.records));
  const corpus = cells.find((c) => c.catalog === "templates")?.records ?? 0;
  const bigLoad = loads.find((l) => l.records === big);
  const checks: TargetCheck[] = [];
  const p99 = (records: number, bytes: number, limitMs: number): void => {
    const c = cellAt(cells, records, bytes);
    checks.push({
      name: `p99 ${formatBytes(bytes)} paste vs ${records} records`,
      measured: c ? formatMs(c.real.p99Ms) : "–",
      target: `≤ ${limitMs} ms`,
      pass: !!c && c.real.p99Ms <= limitMs,
    });
  };
  p99(big, 4096, 5);
  p99(corpus, 4096, 1);
  p99(big, 65_536, 30);
  checks.push({
    name: `load+index ${big} records`,
    measured: bigLoad ? formatMs(bigLoad.loadMs + bigLoad.indexMs) : "–",
    target: "≤ 2000 ms",
    pass: !!bigLoad && bigLoad.loadMs + bigLoad.indexMs <= 2000,
  });
  checks.push({
    name: `RSS with ${big} records`,
    measured: bigLoad ? `${bigLoad.rssMb.toFixed(0)} MB (peak ${bigLoad.peakRssMb.toFixed(0)})` : "–",
    target: "≤ 300 MB",
    pass: !!bigLoad && bigLoad.rssMb <= 300,
  });
  for (const bytes of PASTE_SIZES) {
    const c = cellAt(cells, big, bytes);
    checks.push({
      name: `speed-up over naive, ${formatBytes(bytes)} vs ${big}`,
      measured: c ? `${c.speedup.toFixed(0)}×` : "–",
      target: "≥ 20×",
      pass: !!c && c.speedup >= 20,
    });
  }
  return checks;
}

export function formatMatchTables(
  real: boolean,
  cells: readonly MatchCell[],
  loads: readonly CatalogLoad[],
  baselineRssMb: number,
  checks: readonly TargetCheck[],
): string {
  const rows = cells.map((c) => {
    const load = loads.find((l) => l.catalog === c.catalog);
    return [
      `${c.catalog} (${c.records})`,
      formatBytes(c.pasteBytes),
      formatMs(c.real.p50Ms),
      formatMs(c.real.p99Ms),
      String(c.real.iterations),
      formatMs(c.naive.p50Ms),
      String(c.naive.iterations),
      `${c.speedup.toFixed(1)}×`,
      load ? `${formatMs(load.loadMs)} + ${formatMs(load.indexMs)}` : "–",
      load ? `${load.rssMb.toFixed(0)} / ${load.peakRssMb.toFixed(0)} MB` : "–",
    ];
  });
  const header = [
    "catalog",
    "paste",
    "p50",
    "p99",
    "n",
    "naive p50",
    "naive n",
    "speed-up",
    "load + index",
    "RSS / peak",
  ];
  const warning = real
    ? ""
    : "\n**src/matcher/index.ts is missing: these are the naive stand-in's numbers, not the matcher's.**\n";
  const heap = loads.map(
    (l) =>
      `${l.catalog}: live heap ${l.catalogHeapMb.toFixed(0)} MB after load, ${l.matcherHeapMb.toFixed(0)} MB with the matcher`,
  );
  return [
    "## matcher.match",
    warning,
    markdownTable(header, rows),
    "",
    `RSS of a fresh process with no catalog: ${baselineRssMb.toFixed(0)} MB (included in the RSS column).`,
    `Live heap after full GC — ${heap.join("; ")}.`,
    "",
    targetTable(checks),
  ].join("\n");
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const result = await runMatchBench((line) => process.stderr.write(`${line}\n`));
  process.stdout.write(`${result.table}\n`);
}
