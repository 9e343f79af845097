/**
 * `npm run bench`: the match, scan and store benches, one table each, then every target.
 * Progress goes to stderr, tables to stdout. About 5 minutes on a 2-core machine.
 */
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { runMatchBench } from "./match.ts";
import { runScanBench } from "./scan.ts";
import { type TargetCheck, targetTable } from "./table.ts";

const progress = (line: string): void => {
  process.stderr.write(line.endsWith("\n") ? line : `${line}\n`);
};

const started = performance.now();
const checks: TargetCheck[] = [];

// The scan runs first, in a heap as fresh as the CLI's; the match bench times the matcher in child processes.
const scan = await runScanBench(progress);
checks.push(...scan.checks);

const match = await runMatchBench(progress);
process.stdout.write(`${match.table}\n\n${scan.table}\n\n`);
checks.push(...match.checks);

if (existsSync(fileURLToPath(new URL("./store.ts", import.meta.url)))) {
  const { runStoreBench } = await import("./store.ts");
  const store = await runStoreBench({ log: progress });
  process.stdout.write(`## store\n\n${targetTable(store)}\n\n`);
  checks.push(...store);
}

const failed = checks.filter((c) => !c.pass);
process.stdout.write(
  `## all targets: ${checks.length - failed.length}/${checks.length} pass` +
    ` (${((performance.now() - started) / 1000).toFixed(0)} s)\n\n${targetTable(checks)}\n`,
);
