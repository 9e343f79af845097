/**
 * Untrusted text: redaction of a 256 KiB paste and the five catastrophic record patterns, each held
 * to the event-loop budget (≤ 50 ms per call at p99). Inputs are the adversarial shapes that froze
 * the bot before (`a.password.b-` × N took 37 s at 8 KB), not friendly ones.
 */
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { buildCatalog } from "../src/catalog/index.ts";
import { unsafePatternReason } from "../src/catalog/pattern-safety.ts";
import type { ErrorRecord } from "../src/catalog/schema.ts";
import { createMatcher } from "../src/matcher/index.ts";
import { redactSecrets } from "../src/redact/index.ts";
import { formatMs, sample } from "./measure.ts";
import { markdownTable, type TargetCheck } from "./table.ts";

const KIB256 = 256 * 1024;
const EVIL_PATTERNS = ["(a+)+$", "(a|aa)+$", "^(\\w+\\s?)*$", "(.*a){20}", "^(([a-z])+.)+[A-Z]([a-z])+$"];
const BUDGET_MS = 50;

const fill = (unit: string, prefix = ""): string =>
  (prefix + unit.repeat(Math.ceil(KIB256 / unit.length))).slice(0, KIB256);

const PASTES: Array<[string, string]> = [
  ["`ERROR: ` + `a.password.b-` × N", fill("a.password.b-", "ERROR: ")],
  ["`a://a:` × N (URL userinfo)", fill("a://a:")],
  ["blanks", fill(" ")],
  ["`password='\\` × N", fill("password='\\")],
  ["`mysql ` × N", fill("mysql ")],
  [
    "log with secrets",
    fill("2026-01-01T00:00:00Z ERROR connect failed url=postgres://rw:hunter2@db:5432/dev token=xoxb-1-2-abc\n"),
  ],
];

const EVIL_INPUTS = [fill("a"), `${"a".repeat(65)}!`, fill("ab "), fill("a", "Failed "), fill("xy", "Failed ")];

function seedRecord(): ErrorRecord {
  const file = fileURLToPath(new URL("../data/records.jsonl", import.meta.url));
  return JSON.parse(readFileSync(file, "utf8").split("\n")[0] ?? "").record as ErrorRecord;
}

export function runSafetyBench(log: (line: string) => void): { table: string; checks: TargetCheck[] } {
  const rows: string[][] = [];
  const checks: TargetCheck[] = [];
  const opts = { maxIterations: 40, budgetMs: 4000, minIterations: 5, warmup: 2 };

  log("safety: redaction of 256 KiB pastes");
  let worstRedact = 0;
  for (const [name, paste] of PASTES) {
    const t = sample([paste], redactSecrets, opts);
    worstRedact = Math.max(worstRedact, t.p99Ms);
    rows.push([
      `redact 256 KiB: ${name}`,
      String(t.iterations),
      formatMs(t.p50Ms),
      formatMs(t.p99Ms),
      formatMs(t.cpuP99Ms),
    ]);
  }
  checks.push({
    name: "redaction of a 256 KiB paste (worst input, p99)",
    measured: formatMs(worstRedact),
    target: `≤ ${BUDGET_MS} ms`,
    pass: worstRedact <= BUDGET_MS,
  });

  log("safety: the five evil record patterns");
  const rejected = EVIL_PATTERNS.filter((p) => unsafePatternReason(p) !== null).length;
  checks.push({
    name: "evil record patterns rejected by validate",
    measured: `${rejected}/${EVIL_PATTERNS.length}`,
    target: `${EVIL_PATTERNS.length}/${EVIL_PATTERNS.length}`,
    pass: rejected === EVIL_PATTERNS.length,
  });
  const seed = seedRecord();
  // Built around validation on purpose: the matcher's own guard and step budget are what is timed.
  const patterns = [...EVIL_PATTERNS, "Failed (.+?)x(.+?)y(.+?)x(.+?)y(.+?)z\\d+"];
  const entries = patterns.map((messagePattern, i) => ({
    record: { ...structuredClone(seed), id: `e${String(i).padStart(15, "0")}`, messagePattern },
    datasetVersion: null,
    file: "bench",
    line: i + 1,
  }));
  const matcher = createMatcher(
    buildCatalog([{ record: seed, datasetVersion: null, file: "bench", line: 0 }, ...entries]),
  );
  const t = sample(EVIL_INPUTS, (text) => matcher.match(text), opts);
  rows.push([
    "match 256 KiB adversarial pastes, catalog with the 5 evil patterns + a 5-hole pattern",
    String(t.iterations),
    formatMs(t.p50Ms),
    formatMs(t.p99Ms),
    formatMs(t.cpuP99Ms),
  ]);
  checks.push({
    name: "match with the five evil patterns served (p99)",
    measured: formatMs(t.p99Ms),
    target: `≤ ${BUDGET_MS} ms`,
    pass: t.p99Ms <= BUDGET_MS,
  });
  const table = `## untrusted text\n\n${markdownTable(["case", "calls", "p50", "p99", "cpu p99"], rows)}`;
  return { table, checks };
}
