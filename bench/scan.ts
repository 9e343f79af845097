/**
 * Scan bench: MiB/s of scanLog over a generated ≥ 100 MB node log with the 5,812-record catalog.
 * Run alone: npx tsx bench/scan.ts
 */
import { closeSync, createReadStream, mkdtempSync, openSync, rmSync, statSync, writeSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { loadCatalog } from "../src/catalog/index.ts";
import { createMatcher } from "../src/matcher/index.ts";
import { scanLog } from "../src/scan/index.ts";
import { corpusAvailable, templatesFile } from "./corpus.ts";
import { logSources } from "./fixtures.ts";
import { createLogWriter, NODE_LOG_LEVELS } from "./generate-log.ts";
import { createRng } from "./prng.ts";
import { markdownTable, type TargetCheck, targetTable } from "./table.ts";

export interface ScanBenchResult {
  bytes: number;
  lines: number;
  errorEntries: number;
  matchedEntries: number;
  knownErrors: number;
  unmatchedGroups: number;
  seconds: number;
  mibPerSecond: number;
  /** MiB per second of process CPU time: the throughput once other processes are discounted. */
  mibPerCpuSecond: number;
  /** Growth of RSS while scanning (the log itself is never held). */
  rssGrowthMb: number;
  checks: TargetCheck[];
  table: string;
}

const LOG_BYTES = 100 * 1024 * 1024;
/** One entry in this many is a real error (log line with `error=`, a pasted chain, a panic). */
const ERROR_EVERY = 150;

/** Writes a node log of about `bytes` bytes: mostly INFO, some WARN/ERROR noise, real errors. */
export function writeNodeLog(file: string, bytes: number, seed = 100): void {
  const rng = createRng(seed);
  const writer = createLogWriter(logSources(), rng);
  const fd = openSync(file, "w");
  try {
    let written = 0;
    while (written < bytes) {
      const batch: string[] = [];
      for (let i = 0; i < 20_000; i++) {
        batch.push(rng.int(ERROR_EVERY) === 0 ? writer.errorBlock() : writer.noiseLine(NODE_LOG_LEVELS));
      }
      const text = `${batch.join("\n")}\n`;
      written += writeSync(fd, text);
    }
  } finally {
    closeSync(fd);
  }
}

export async function runScanBench(log: (line: string) => void = () => {}): Promise<ScanBenchResult> {
  if (!corpusAvailable()) throw new Error("scan bench needs ../shared/corpus beside the repository");
  const dir = mkdtempSync(join(tmpdir(), "rwerror-scan-"));
  try {
    const file = join(dir, "compute-node.log");
    log("writing a ≥ 100 MiB node log…");
    writeNodeLog(file, LOG_BYTES);
    // A scan counts exact matches only; fuzzy guesses would be thrown away.
    const matcher = createMatcher(loadCatalog([templatesFile]).catalog, { fuzzy: false });
    log("scanning it…");
    const rssBefore = process.memoryUsage().rss;
    let rssMax = rssBefore;
    const sampler = setInterval(() => {
      rssMax = Math.max(rssMax, process.memoryUsage().rss);
    }, 50);
    const c0 = process.cpuUsage();
    const t0 = performance.now();
    const report = await scanLog(createReadStream(file, { highWaterMark: 1 << 20 }), matcher);
    const seconds = (performance.now() - t0) / 1000;
    const cpu = process.cpuUsage(c0);
    clearInterval(sampler);
    const bytes = statSync(file).size;
    const mibPerSecond = bytes / 1024 / 1024 / seconds;
    const mibPerCpuSecond = bytes / 1024 / 1024 / ((cpu.user + cpu.system) / 1e6);
    const checks: TargetCheck[] = [
      {
        name: "scan throughput",
        measured: `${mibPerSecond.toFixed(0)} MiB/s (${mibPerCpuSecond.toFixed(0)} per cpu-s)`,
        target: "≥ 50 MiB/s",
        pass: mibPerSecond >= 50,
      },
    ];
    const result = {
      bytes,
      lines: report.lines,
      errorEntries: report.errorEntries,
      matchedEntries: report.matchedEntries,
      knownErrors: report.records.length,
      unmatchedGroups: report.unmatched.length,
      seconds,
      mibPerSecond,
      mibPerCpuSecond,
      rssGrowthMb: (rssMax - rssBefore) / 1024 / 1024,
      checks,
    };
    return { ...result, table: formatScanBench(result) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function formatScanBench(r: Omit<ScanBenchResult, "table">): string {
  return [
    "## rwerror scan (5,812-record catalog)",
    "",
    markdownTable(
      [
        "log",
        "lines",
        "error entries",
        "matched",
        "known errors",
        "unmatched groups",
        "time",
        "throughput",
        "per cpu-second",
        "RSS growth",
      ],
      [
        [
          `${(r.bytes / 1024 / 1024).toFixed(0)} MiB`,
          r.lines.toLocaleString("en-US"),
          r.errorEntries.toLocaleString("en-US"),
          r.matchedEntries.toLocaleString("en-US"),
          String(r.knownErrors),
          String(r.unmatchedGroups),
          `${r.seconds.toFixed(2)} s`,
          `${r.mibPerSecond.toFixed(0)} MiB/s`,
          `${r.mibPerCpuSecond.toFixed(0)} MiB/s`,
          `${r.rssGrowthMb.toFixed(0)} MB`,
        ],
      ],
    ),
    "",
    targetTable(r.checks),
  ].join("\n");
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const result = await runScanBench((line) => process.stderr.write(`${line}\n`));
  process.stdout.write(`${result.table}\n`);
}
