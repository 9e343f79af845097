/**
 * Store benchmark, SQLite and PostgreSQL side by side: logging single occurrences (one autocommit
 * statement each, as in production) into a DB already holding 1,000,000 rows, and the weekly
 * digest/report queries over it. PostgreSQL runs when RWERROR_BENCH_PG_URL or RWERROR_TEST_PG_URL is set.
 * Run alone: `npx tsx bench/store.ts`; bench/run.ts calls runStoreBench().
 */
import { mkdtempSync, rmSync } from "node:fs";
import { cpus, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { catalogFromRecords, type ErrorRecord } from "../src/catalog/index.ts";
import { sincePeriod } from "../src/report/period.ts";
import { buildErrorReport } from "../src/report/report.ts";
import { buildWeeklyDigest, digestTargetAt } from "../src/report/weekly.ts";
import { type OccurrenceInput, openStore, type Store } from "../src/store/index.ts";
import { fakeRecord } from "../test/report/fixtures.ts";
import { type TargetCheck, targetTable } from "./table.ts";

export interface StoreBenchRow extends TargetCheck {
  value: number;
  unit: string;
}

const DAY = 86_400_000;
const RECORDS = 500;
const CHANNELS = 50;

function rng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 4294967296;
  };
}

function record(i: number): ErrorRecord {
  return fakeRecord(`rec-${i}`, `error number ${i}: {0}`);
}

/** Skewed like real traffic: a few records make most of the noise. */
function pickRecord(rand: () => number): string | null {
  if (rand() < 0.1) return null;
  return `rec-${Math.floor(RECORDS * rand() ** 3)}`;
}

const paste = (i: number, recordId: string | null) =>
  `db error: ERROR: Failed to run the query\n\nCaused by these errors (recent errors listed first):\n  1: ${
    recordId ?? `compactor ${i % 97} lost lease on sst ${i}`
  }\n  2: connection to 10.0.${i % 255}.7:5690 failed after ${i % 1000}ms`;

/** The history: `rows` occurrences spread evenly over the last year, bulk-loaded through the store. */
function* history(rows: number, now: number): Generator<OccurrenceInput> {
  const rand = rng(1);
  for (let i = 0; i < rows; i++) {
    const at = now - 365 * DAY + Math.floor((i / rows) * 365 * DAY);
    const recordId = pickRecord(rand);
    yield {
      recordId,
      source: "auto",
      teamId: "T1",
      channelId: `C${Math.floor(rand() * CHANNELS)}`,
      userId: `U${i % 300}`,
      messageTs: `${Math.floor(at / 1000)}.${String(i % 1_000_000).padStart(6, "0")}`,
      confidence: recordId ? 0.9 : null,
      matchKind: recordId ? "exact" : null,
      text: recordId ? paste(i, recordId) : `ERROR: lost lease on sst ${i % 200} kind${i % 200}`,
      occurredAt: at,
    };
  }
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)] ?? Number.NaN;
}

/** Where the PostgreSQL rows run: RWERROR_BENCH_PG_URL, else the tests' RWERROR_TEST_PG_URL. */
const PG_URL = process.env.RWERROR_BENCH_PG_URL?.trim() || process.env.RWERROR_TEST_PG_URL?.trim() || undefined;

interface Backend {
  kind: "sqlite" | "postgres";
  open(now: () => number): Promise<{ store: Store; cleanup: () => Promise<void> }>;
  /** Concurrent logging calls in flight: SQLite serialises writes anyway; PostgreSQL takes a pool's worth. */
  inFlight: number;
  targets: { insertsPerSecond: number; digestMs: number; reportMs: number };
}

const sqlite: Backend = {
  kind: "sqlite",
  inFlight: 1,
  targets: { insertsPerSecond: 20_000, digestMs: 100, reportMs: 100 },
  async open(now) {
    const dir = mkdtempSync(join(tmpdir(), "rwerror-bench-store-"));
    const store = await openStore(join(dir, "bench.sqlite"), { now });
    return {
      store,
      cleanup: async () => {
        await store.close();
        rmSync(dir, { recursive: true, force: true });
      },
    };
  },
};

const postgres: Backend = {
  kind: "postgres",
  inFlight: 32,
  targets: { insertsPerSecond: 5_000, digestMs: 300, reportMs: 300 },
  async open(now) {
    const schema = `bench_${process.pid}`;
    const store = await openStore(PG_URL ?? "", { now, postgres: { schema, max: 10 } });
    return {
      store,
      cleanup: async () => {
        await store.close();
        const { default: pg } = await import("pg");
        const admin = new pg.Client({ connectionString: PG_URL });
        await admin.connect();
        await admin.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
        await admin.end();
      },
    };
  },
};

async function benchBackend(
  backend: Backend,
  { rows, inserts, log }: { rows: number; inserts: number; log: (s: string) => void },
): Promise<StoreBenchRow[]> {
  const now = Date.parse("2026-11-30T09:00:00Z");
  let clock = now;
  const { store, cleanup } = await backend.open(() => clock);
  const label = backend.kind === "sqlite" ? "SQLite" : "PostgreSQL";
  try {
    const catalog = catalogFromRecords(Array.from({ length: RECORDS }, (_, i) => record(i)));
    let t0 = performance.now();
    await store.importOccurrences(history(rows, now));
    log(
      `store bench (${label}): loaded ${rows.toLocaleString("en-US")} rows in ${((performance.now() - t0) / 1000).toFixed(1)} s\n`,
    );

    // Logging: each call is its own autocommit INSERT, with redaction and (10%) fingerprinting.
    const rand = rng(2);
    const inputs = Array.from({ length: inserts }, (_, i) => {
      const recordId = pickRecord(rand);
      return {
        recordId,
        source: "auto" as const,
        teamId: "T1",
        channelId: `C${i % CHANNELS}`,
        userId: "U1",
        messageTs: `${1_800_000_000 + i}.000100`,
        confidence: recordId ? 0.9 : null,
        matchKind: recordId ? ("exact" as const) : null,
        text: paste(i, recordId),
      };
    });
    t0 = performance.now();
    const cpu0 = process.cpuUsage();
    let next = 0;
    const worker = async () => {
      while (next < inputs.length) {
        const input = inputs[next++];
        clock += 1;
        if (input) await store.recordOccurrence(input);
      }
    };
    await Promise.all(Array.from({ length: backend.inFlight }, worker));
    const perSecond = inserts / ((performance.now() - t0) / 1000);
    const cpu = process.cpuUsage(cpu0);
    // Wall-clock rate is the target; CPU time shows what contention on a shared machine hides.
    const perCpuSecond = inserts / ((cpu.user + cpu.system) / 1e6);

    // The weekly digest (everything the Monday post needs) and `rwerror report --since 7d`.
    const target = digestTargetAt(now, "UTC");
    const digestTimes: number[] = [];
    const reportTimes: number[] = [];
    let weekRows = 0;
    for (let i = 0; i < 15; i++) {
      t0 = performance.now();
      const d = await buildWeeklyDigest(store, catalog, target);
      digestTimes.push(performance.now() - t0);
      weekRows = d.total;
      t0 = performance.now();
      await buildErrorReport(store, catalog, sincePeriod("7d", now, "UTC"));
      reportTimes.push(performance.now() - t0);
    }
    // Not a target: the same report over the whole year, every row in range.
    t0 = performance.now();
    await buildErrorReport(store, catalog, sincePeriod("365d", now + DAY, "UTC"));
    const yearMs = performance.now() - t0;

    const digestMs = median(digestTimes);
    const reportMs = median(reportTimes);
    const { insertsPerSecond, digestMs: digestTarget, reportMs: reportTarget } = backend.targets;
    const results: StoreBenchRow[] = [
      {
        name: `${label}: log single occurrences into ${rows.toLocaleString("en-US")} rows (${backend.inFlight} in flight)`,
        measured: `${Math.round(perSecond).toLocaleString("en-US")}/s`,
        target: `≥ ${insertsPerSecond.toLocaleString("en-US")}/s`,
        pass: perSecond >= insertsPerSecond,
        value: perSecond,
        unit: "inserts/s",
      },
      {
        name: `${label}: weekly digest over ${rows.toLocaleString("en-US")} rows (${weekRows.toLocaleString("en-US")} in the week)`,
        measured: `${digestMs.toFixed(1)} ms`,
        target: `≤ ${digestTarget} ms`,
        pass: digestMs <= digestTarget,
        value: digestMs,
        unit: "ms",
      },
      {
        name: `${label}: report --since 7d (same DB)`,
        measured: `${reportMs.toFixed(1)} ms`,
        target: `≤ ${reportTarget} ms`,
        pass: reportMs <= reportTarget,
        value: reportMs,
        unit: "ms",
      },
    ];
    log(
      `(info) ${label} logging: ${Math.round(perCpuSecond).toLocaleString("en-US")} inserts per CPU-second of this process ` +
        `(${((cpu.user + cpu.system) / inserts).toFixed(0)} µs CPU each); ` +
        `load average ${loadavg()[0]?.toFixed(1)} on ${cpus().length} CPUs\n`,
    );
    log(`(info) ${label} report --since 365d over all ${rows.toLocaleString("en-US")} rows: ${yearMs.toFixed(0)} ms\n`);
    return results;
  } finally {
    await cleanup();
  }
}

export async function runStoreBench({
  rows = 1_000_000,
  inserts = 50_000,
  log = (s: string) => process.stdout.write(s),
}: {
  rows?: number;
  inserts?: number;
  log?: (s: string) => void;
} = {}): Promise<StoreBenchRow[]> {
  const results = await benchBackend(sqlite, { rows, inserts, log });
  if (!PG_URL) {
    log(
      "store bench: PostgreSQL rows skipped: set RWERROR_BENCH_PG_URL (or RWERROR_TEST_PG_URL) to a postgres:// URL\n",
    );
    return results;
  }
  return [...results, ...(await benchBackend(postgres, { rows, inserts, log }))];
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const rows = await runStoreBench();
  process.stdout.write(`${targetTable(rows)}\n`);
  process.exitCode = rows.every((r) => r.pass) ? 0 : 1;
}
