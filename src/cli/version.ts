/**
 * `rwerror --version`: rwerror's own version, the Node running it, and what the shipped knowledge base
 * is: each built catalog's header (who built it, when, from which revisions), or the shipped files
 * when none is built. Reads headers and counts lines only; the catalog is never loaded.
 */
import { readFileSync } from "node:fs";
import { basename, join } from "node:path";
import { type DatasetHeader, listAnalysisFiles, listDatasetFiles, readDatasetHeader } from "../catalog/index.ts";
import { packageRoot } from "../setup/config.ts";

/** The built catalog the knowledge base ships when `rwerror catalog build` has run. */
export const BUILT_CATALOG = "risingwave.jsonl.gz";

function packageVersion(root: string): string {
  const pkg = JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as { version?: unknown };
  return typeof pkg.version === "string" ? pkg.version : "unknown";
}

function nonBlankLines(file: string): number {
  let n = 0;
  for (const line of readFileSync(file, "utf8").split("\n")) if (line.trim() !== "") n++;
  return n;
}

function plural(n: number, one: string, many = `${one}s`): string {
  return `${n.toLocaleString("en-US")} ${n === 1 ? one : many}`;
}

function describeBuild(file: string, h: DatasetHeader): string[] {
  const lines = [
    `knowledge base: ${file} built ${h.builtAt} by ${h.builtBy} from ${h.source}, ${plural(h.revisions.length, "revision")}:`,
  ];
  const width = Math.max(0, ...h.revisions.map((r) => r.rev.length));
  for (const r of h.revisions) lines.push(`  ${r.rev.padEnd(width)}  ${r.commit}  ${r.date.slice(0, 10)}`);
  return lines;
}

/** The lines `rwerror --version` prints for the package at `root` (default: this package). */
export function versionLines(root: string = packageRoot, node: string = process.version): string[] {
  const lines = [`rwerror ${packageVersion(root)} (Node ${node})`];
  const dataDir = join(root, "data");
  let files: string[];
  try {
    files = listDatasetFiles([dataDir]);
  } catch {
    files = [];
  }
  const shipped: string[] = [];
  let built = false;
  for (const file of files) {
    const name = `data/${basename(file)}`;
    const header = file.endsWith(".gz") ? readDatasetHeader(file) : null;
    if (header) {
      built = true;
      lines.push(...describeBuild(name, header));
    } else if (!file.endsWith(".gz")) {
      shipped.push(`${basename(file)} (${plural(nonBlankLines(file), "record")})`);
    }
  }
  const analyses = listAnalysisFiles([dataDir]);
  if (analyses.length > 0) {
    const count = analyses.reduce((sum, f) => sum + nonBlankLines(f), 0);
    shipped.push(`analysis/ (${plural(analyses.length, "file")}, ${plural(count, "analysis", "analyses")})`);
  }
  const summary = shipped.length > 0 ? shipped.join(", ") : "no data files";
  lines.push(
    built ? `also shipped: ${summary}` : `knowledge base: not built (no data/${BUILT_CATALOG}); shipped: ${summary}`,
  );
  return lines;
}
