/**
 * What the analyses cover:
 * `npx tsx scripts/analysis-coverage.ts [PATH…] [--corpus DIR] [--pastes FILE] [--samples N] [--family NAME]`.
 * Loads a catalog (default: data/ plus, until the shipped catalog lands, the corpus stand-in: every
 * release's templates and main's log messages) with the analyses of each folder's `analysis/`, and
 * prints: record analyses (ids found / missing), the records each family covers, the total covered, and
 * the share of the labelled pastes' expected templates that have an analysis. `--samples N` prints N
 * members of each family (spread over the family), to read whether the family's text fits them.
 */
import { existsSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { type ErrorRecord, formatProblem, loadCatalog } from "../src/catalog/index.ts";

const root = fileURLToPath(new URL("../", import.meta.url));

const { values, positionals } = parseArgs({
  options: {
    corpus: { type: "string", default: `${root}../shared/corpus` },
    pastes: { type: "string" },
    samples: { type: "string", default: "0" },
    family: { type: "string" },
  },
  allowPositionals: true,
});

const corpus = `${values.corpus}/`;
const STAND_IN = ["risingwave-releases.jsonl", "risingwave-log-messages.jsonl"].map((f) => corpus + f);
const paths = positionals.length > 0 ? positionals : [`${root}data`, ...STAND_IN.filter((f) => existsSync(f))];
const started = performance.now();
const result = loadCatalog(paths);
const loadMs = performance.now() - started;
const { catalog, analysis } = result;
const out = (line = "") => process.stdout.write(`${line}\n`);
const pct = (n: number, d: number) => (d === 0 ? "–" : `${((100 * n) / d).toFixed(1)}%`);

out(
  `catalog: ${catalog.records.length} records from ${paths.join(", ")} (loaded and joined in ${loadMs.toFixed(0)} ms)`,
);
for (const p of result.problems) out(`problem: ${formatProblem(p)}`);
const { found, missing } = analysis.recordAnalyses;
out(
  `\nrecord analyses: ${found.length + missing.length} in ${result.analysisFiles.length} file(s); ids found ${found.length}, missing ${missing.length}`,
);
if (missing.length > 0) out(`  missing: ${missing.join(" ")}`);
out(`  records given a record analysis through another wording (cross-release join): ${analysis.carried}`);

out(`\nfamilies (join order): records covered`);
const members = new Map<string, ErrorRecord[]>();
for (const r of catalog.records) {
  if (r.analysis?.kind !== "family") continue;
  const list = members.get(r.analysis.from);
  if (list) list.push(r);
  else members.set(r.analysis.from, [r]);
}
const samples = Number(values.samples);
for (const f of analysis.families) {
  out(`  ${String(f.records).padStart(6)}  ${f.name}  (${f.title})`);
  if (values.family !== undefined && values.family !== f.name) continue;
  const list = members.get(f.name) ?? [];
  const n = values.family === f.name && samples === 0 ? list.length : Math.min(samples, list.length);
  for (let i = 0; i < n; i++) {
    const r = list[Math.floor((i * list.length) / n)] as ErrorRecord;
    out(`          ${r.id} ${r.filePath ?? "-"}: ${r.errorMessage.split("\n")[0]?.slice(0, 140)}`);
  }
}
const { record, family, none } = analysis.analysed;
const total = record + family + none;
out(
  `\ncovered: ${record + family} of ${total} records (${pct(record + family, total)}): record ${record}, family ${family}, none ${none}`,
);
const rwOwn = catalog.records.filter((r) => r.errorType !== "third_party");
const rwCovered = rwOwn.filter((r) => r.analysis);
out(`  RisingWave's own records: ${rwCovered.length} of ${rwOwn.length} (${pct(rwCovered.length, rwOwn.length)})`);

const pastesFile = values.pastes ?? `${corpus}real-pastes-dev.jsonl`;
if (existsSync(pastesFile)) {
  const byMessage = new Map<string, ErrorRecord[]>();
  for (const r of catalog.records) {
    const list = byMessage.get(r.errorMessage);
    if (list) list.push(r);
    else byMessage.set(r.errorMessage, [r]);
  }
  const kindOf = (message: string): "record" | "family" | "none" | "unknown" => {
    const rs = byMessage.get(message);
    if (!rs) return "unknown";
    if (rs.some((r) => r.analysis?.kind === "record")) return "record";
    return rs.some((r) => r.analysis?.kind === "family") ? "family" : "none";
  };
  const templates = new Map<string, ReturnType<typeof kindOf>>();
  let pastes = 0;
  let pastesAnalysed = 0;
  for (const line of readFileSync(pastesFile, "utf8").split("\n")) {
    if (line.trim() === "") continue;
    const p = JSON.parse(line) as { expected?: string[]; expectedAnyRelease?: string[] };
    const expected = [...(p.expected ?? []), ...(p.expectedAnyRelease ?? [])];
    if (expected.length === 0) continue;
    pastes++;
    const kinds = expected.map(kindOf);
    for (const [i, m] of expected.entries()) templates.set(m, kinds[i] as ReturnType<typeof kindOf>);
    if (kinds.some((k) => k === "record" || k === "family")) pastesAnalysed++;
  }
  const count = (k: string) => [...templates.values()].filter((v) => v === k).length;
  const analysed = count("record") + count("family");
  out(
    `\n${pastesFile}: ${templates.size} distinct expected templates, ${analysed} with an analysis (${pct(analysed, templates.size)}): ` +
      `record ${count("record")}, family ${count("family")}, none ${count("none")}, not in the catalog ${count("unknown")}`,
  );
  out(
    `  pastes with an expected template: ${pastes}, of which ${pastesAnalysed} (${pct(pastesAnalysed, pastes)}) have one analysed`,
  );
  const unanalysed = [...templates.entries()].filter(([, k]) => k === "none").map(([m]) => m);
  for (const m of unanalysed) out(`  no analysis: ${m.split("\n")[0]?.slice(0, 140)}`);
}
