/**
 * Store benchmark: logging single occurrences (one autocommit statement each, as in production)
 * into a DB already holding 1,000,000 rows, and the weekly digest/report queries over it.
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
import { fingerprintError, IDS_PER_MS, openStore, recordOccurrence, type Store } from "../src/store/index.ts";
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

/** 1M rows over the last year in one transaction with one prepared statement (times are distinct, so id = ms block start). */
export function fill(store: Store, rows: number, now: number): void {
  const rand = rng(1);
  const templates = Array.from({ length: 200 }, (_, k) => fingerprintError(`lost lease on sst ${k} kind${k}`));
  const insert = store.db.prepare(
    `INSERT INTO occurrences (id, record_id, source, team_id, channel_id, user_id, message_ts, confidence, match_kind,
       excerpt, fingerprint, template, occurred_at) VALUES (? * ${IDS_PER_MS}, ?, 'auto', 'T1', ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  store.db.transaction(() => {
    for (let i = 0; i < rows; i++) {
      const at = now - 365 * DAY + Math.floor((i / rows) * 365 * DAY);
      const recordId = pickRecord(rand);
      const t = recordId === null ? templates[Math.floor(rand() * templates.length)] : undefined;
      insert.run(
        at,
        recordId,
        `C${Math.floor(rand() * CHANNELS)}`,
        `U${i % 300}`,
        `${Math.floor(at / 1000)}.${String(i % 1_000_000).padStart(6, "0")}`,
        recordId ? 0.9 : null,
        recordId ? "exact" : null,
        paste(i, recordId).slice(0, 500),
        t?.fingerprint ?? null,
        t?.template ?? null,
        at,
      );
    }
  })();
  store.db.pragma("wal_checkpoint(TRUNCATE)");
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)] ?? Number.NaN;
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
  const dir = mkdtempSync(join(tmpdir(), "rwerror-bench-store-"));
  const now = Date.parse("2026-11-30T09:00:00Z");
  let clock = now;
  const store = openStore(join(dir, "bench.sqlite"), { now: () => clock });
  try {
    const catalog = catalogFromRecords(Array.from({ length: RECORDS }, (_, i) => record(i)));
    let t0 = performance.now();
    fill(store, rows, now);
    log(
      `store bench: filled ${rows.toLocaleString("en-US")} rows in ${((performance.now() - t0) / 1000).toFixed(1)} s\n`,
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
    for (const input of inputs) {
      clock += 1;
      recordOccurrence(store, input);
    }
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
      const d = buildWeeklyDigest(store, catalog, target);
      digestTimes.push(performance.now() - t0);
      weekRows = d.total;
      t0 = performance.now();
      buildErrorReport(store, catalog, sincePeriod("7d", now, "UTC"));
      reportTimes.push(performance.now() - t0);
    }
    // Not a target: the same report over the whole year, every row in range.
    t0 = performance.now();
    buildErrorReport(store, catalog, sincePeriod("365d", now + DAY, "UTC"));
    const yearMs = performance.now() - t0;

    const digestMs = median(digestTimes);
    const reportMs = median(reportTimes);
    const results: StoreBenchRow[] = [
      {
        name: `log single occurrences into ${rows.toLocaleString("en-US")} rows`,
        measured: `${Math.round(perSecond).toLocaleString("en-US")}/s`,
        target: "≥ 20,000/s",
        pass: perSecond >= 20_000,
        value: perSecond,
        unit: "inserts/s",
      },
      {
        name: `weekly digest over ${rows.toLocaleString("en-US")} rows (${weekRows.toLocaleString("en-US")} in the week)`,
        measured: `${digestMs.toFixed(1)} ms`,
        target: "≤ 100 ms",
        pass: digestMs <= 100,
        value: digestMs,
        unit: "ms",
      },
      {
        name: "report --since 7d (same DB)",
        measured: `${reportMs.toFixed(1)} ms`,
        target: "≤ 100 ms",
        pass: reportMs <= 100,
        value: reportMs,
        unit: "ms",
      },
    ];
    log(
      `(info) logging: ${Math.round(perCpuSecond).toLocaleString("en-US")} inserts per CPU-second ` +
        `(${((cpu.user + cpu.system) / inserts).toFixed(0)} µs CPU each, ${(cpu.system / inserts).toFixed(0)} µs of it in the kernel); ` +
        `load average ${loadavg()[0]?.toFixed(1)} on ${cpus().length} CPUs\n`,
    );
    log(`(info) report --since 365d over all ${rows.toLocaleString("en-US")} rows: ${yearMs.toFixed(0)} ms\n`);
    return results;
  } finally {
    store.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const rows = await runStoreBench();
  process.stdout.write(`${targetTable(rows)}\n`);
  process.exitCode = rows.every((r) => r.pass) ? 0 : 1;
}
