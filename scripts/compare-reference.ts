/**
 * Checks a built catalog against the reference extraction (../shared/corpus/risingwave-releases.jsonl):
 * for every tag the reference has, the (filePath, errorMessage) pairs and ids the build has at that tag.
 *
 *   npx tsx scripts/compare-reference.ts [BUILT.jsonl.gz] [REFERENCE.jsonl] [LOG-MESSAGES.jsonl]
 *
 * Log lines (`errorType: "log"`, tracing's error!/warn!) are compared with the reference's log-message
 * file, which holds main only; error records with the releases file.
 *
 * Prints one line per tag (reference count, built count, missing, extra) and the differences, each
 * named; exits 1 when an id differs for the same pair (the id scheme must never drift).
 */
import { readFileSync } from "node:fs";
import { gunzipSync } from "node:zlib";

interface Rec {
  id: string;
  errorType: string;
  filePath: string;
  errorMessage: string;
  releases?: string[];
  lineNumber: number | null;
}

const [
  builtPath = "data/risingwave.jsonl.gz",
  refPath = "../shared/corpus/risingwave-releases.jsonl",
  logPath = "../shared/corpus/risingwave-log-messages.jsonl",
] = process.argv.slice(2);

function records(text: string): Rec[] {
  return text
    .split("\n")
    .filter((l) => l.trim() !== "")
    .map((l) => JSON.parse(l) as { record?: Rec })
    .flatMap((l) => (l.record ? [l.record] : []));
}

const everything = records(gunzipSync(readFileSync(builtPath)).toString("utf8"));
const built = everything.filter((r) => r.errorType !== "log");
const reference = records(readFileSync(refPath, "utf8"));
const key = (r: Rec) => `${r.filePath}\u0000${r.errorMessage}`;
const tags = [...new Set(reference.flatMap((r) => r.releases ?? []))];
let idDrift = 0;
const builtByKey = new Map(built.map((r) => [key(r), r]));
for (const r of reference) {
  const b = builtByKey.get(key(r));
  if (b && b.id !== r.id) idDrift++;
}
let totalMissing = 0;
let totalExtra = 0;
const differences = new Map<string, string[]>();
console.log("tag\treference\tbuilt\tmissing\textra");
for (const tag of tags) {
  const want = new Set(reference.filter((r) => r.releases?.includes(tag)).map(key));
  const have = new Set(built.filter((r) => r.releases?.includes(tag)).map(key));
  const missing = [...want].filter((k) => !have.has(k));
  const extra = [...have].filter((k) => !want.has(k));
  totalMissing += missing.length;
  totalExtra += extra.length;
  console.log(`${tag}\t${want.size}\t${have.size}\t${missing.length}\t${extra.length}`);
  for (const k of missing) differences.set(`missing ${k}`, [...(differences.get(`missing ${k}`) ?? []), tag]);
  for (const k of extra) differences.set(`extra ${k}`, [...(differences.get(`extra ${k}`) ?? []), tag]);
}
console.log(`\nin all: ${totalMissing} missing and ${totalExtra} extra (tag, pair) entries; ${idDrift} ids differ`);
for (const [what, at] of differences) {
  const [kind, rest = ""] = what.split(/ (.*)/s);
  const [file, message] = rest.split("\u0000");
  console.log(`${kind}\t${file}\t${JSON.stringify(message).slice(0, 100)}\t${at.join(",")}`);
}
const logKeys = new Set(records(readFileSync(logPath, "utf8")).map(key));
// A log line whose words an error record of the same file holds is that record (one id per pair).
const builtLogs = new Set(everything.filter((r) => r.releases?.includes("main")).map(key));
const logsMissing = [...logKeys].filter((k) => !builtLogs.has(k));
const logsExtra = everything
  .filter((r) => r.errorType === "log" && r.releases?.includes("main") && !logKeys.has(key(r)))
  .map(key);
console.log(`\nlog lines at main: reference ${logKeys.size}, missing ${logsMissing.length}, extra ${logsExtra.length}`);
for (const k of [...logsMissing, ...logsExtra])
  console.log(`log ${logsMissing.includes(k) ? "missing" : "extra"}\t${k.replace("\u0000", "\t")}`);
process.exitCode = idDrift > 0 ? 1 : 0;
