/**
 * `npm run bench`: the match, scan and store benches, one table each, then every target.
 * Progress goes to stderr, tables to stdout. About 2 minutes on a 2-core machine.
 */
import { runAnalysisJoinBench } from "./analysis-join.ts";
import { runMatchBench } from "./match.ts";
import { runSafetyBench } from "./safety.ts";
import { runScanBench } from "./scan.ts";
import { runStoreBench } from "./store.ts";
import { type TargetCheck, targetTable } from "./table.ts";

const progress = (line: string): void => {
  process.stderr.write(line.endsWith("\n") ? line : `${line}\n`);
};

const started = performance.now();
const checks: TargetCheck[] = [];

// Each part runs in a heap as fresh as the bot's: the store and the scan first, in this process (the
// match bench's generated catalogs and naive baseline would otherwise slow them through GC); the
// match bench times the matcher in child processes.
const store = await runStoreBench({ log: progress });
checks.push(...store);

const scan = await runScanBench(progress);
checks.push(...scan.checks);

const safety = runSafetyBench(progress);
checks.push(...safety.checks);

const join = runAnalysisJoinBench(progress);
checks.push(...join.checks);

const match = await runMatchBench(progress);
process.stdout.write(
  `${match.table}\n\n${scan.table}\n\n${safety.table}\n\n${join.table}\n\n## store\n\n${targetTable(store)}\n\n`,
);
checks.push(...match.checks);

const failed = checks.filter((c) => !c.pass);
process.stdout.write(
  `## all targets: ${checks.length - failed.length}/${checks.length} pass` +
    ` (${((performance.now() - started) / 1000).toFixed(0)} s)\n\n${targetTable(checks)}\n`,
);
