/**
 * The analysis join at load: 50,000 records (the releases corpus, then generated variants of it) joined
 * with the shipped `data/analysis/*.jsonl` (record analyses, the cross-release join, every family rule).
 * `npx tsx bench/analysis-join.ts` alone, or a part of `npm run bench`.
 */
import { fileURLToPath } from "node:url";
import { joinAnalyses, listAnalysisFiles, parseAnalysisFiles } from "../src/catalog/index.ts";
import type { ErrorRecord } from "../src/catalog/schema.ts";
import { corpusAvailable, readRecords, releasesFile } from "./corpus.ts";
import { generateCatalogRecords } from "./generate-catalog.ts";
import { formatMs } from "./measure.ts";
import { markdownTable, type TargetCheck } from "./table.ts";

const SIZE = 50_000;
const RUNS = 7;
const LIMIT_MS = 300;

export function runAnalysisJoinBench(log: (line: string) => void): { table: string; checks: TargetCheck[] } {
  if (!corpusAvailable()) {
    log("analysis join: the corpus is absent (../shared/corpus): skipped");
    return { table: "## analysis join\n\nskipped: no corpus", checks: [] };
  }
  const corpus = readRecords(releasesFile);
  const records: ErrorRecord[] = [...corpus, ...generateCatalogRecords(corpus, SIZE - corpus.length)].slice(0, SIZE);
  const data = fileURLToPath(new URL("../data", import.meta.url));
  const analyses = parseAnalysisFiles(listAnalysisFiles([data]));
  log(
    `analysis join: ${records.length} records × ${analyses.records.length} record analyses, ${analyses.families.length} families…`,
  );
  const times: number[] = [];
  let covered = 0;
  for (let i = 0; i < RUNS; i++) {
    const started = performance.now();
    const join = joinAnalyses(records, analyses);
    times.push(performance.now() - started);
    covered = join.coverage.analysed.record + join.coverage.analysed.family;
  }
  times.sort((a, b) => a - b);
  const median = times[Math.floor(RUNS / 2)] ?? 0;
  const worst = times[RUNS - 1] ?? 0;
  const table = `## analysis join\n\n${markdownTable(
    ["records", "record analyses", "families", "covered", "median", "worst"],
    [
      [
        String(records.length),
        String(analyses.records.length),
        String(analyses.families.length),
        String(covered),
        formatMs(median),
        formatMs(worst),
      ],
    ],
  )}`;
  return {
    table,
    checks: [
      {
        name: `analysis join of ${records.length} records (median of ${RUNS})`,
        measured: formatMs(median),
        target: `≤ ${LIMIT_MS} ms`,
        pass: median <= LIMIT_MS,
      },
    ],
  };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { table, checks } = runAnalysisJoinBench((l) => process.stderr.write(`${l}\n`));
  process.stdout.write(
    `${table}\n\n${markdownTable(
      ["target", "measured", "limit", "pass"],
      checks.map((c) => [c.name, c.measured, c.target, c.pass ? "PASS" : "FAIL"]),
    )}\n`,
  );
}
