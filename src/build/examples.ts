/**
 * "RisingWave's own tests raise it with: …": the test cases whose expected error the matcher answers
 * with a record, exactly, on the root cause. Read at every minor release and main (newest first, so
 * a record keeps the newest tests that raise it), each test file parsed once per blob.
 */
import { catalogFromRecords, type ErrorRecord } from "../catalog/index.ts";
import { createMatcher } from "../matcher/index.ts";
import { type BlobReader, listTree } from "./git.ts";
import { type ErrorCase, isPlannerTestPath, isSltPath, plannerErrorCases, sltErrorCases } from "./test-cases.ts";
import type { RecordExample, Revision } from "./types.ts";

/** Examples a record keeps. */
const PER_RECORD = 3;
/** A statement longer than this is cut: the card shows the gist. */
const MAX_SQL = 600;

/** Minor releases (`vX.Y.0`) and main: patch releases add few tests and would only repeat them. */
function examplesRevisions(revisions: readonly Revision[]): Revision[] {
  return revisions.filter((r) => r.rev === "main" || /^v\d+\.\d+\.0$/.test(r.rev)).reverse();
}

export async function findExamples(
  repo: string,
  reader: BlobReader,
  revisions: readonly Revision[],
  records: ReadonlyMap<string, ErrorRecord>,
  log: (line: string) => void = () => {},
): Promise<Map<string, RecordExample[]>> {
  const keyById = new Map<string, string>();
  for (const [key, record] of records) keyById.set(record.id, key);
  const matcher = createMatcher(catalogFromRecords([...records.values()]), { fuzzy: false });
  const answerOf = new Map<string, string | null>();
  const keyFor = (error: string): string | null => {
    let key = answerOf.get(error);
    if (key !== undefined) return key;
    const result = matcher.match(error);
    const best = result.matches[0];
    key =
      result.verdict === "answer" && best?.kind === "exact" && best.rootCause
        ? (keyById.get(best.record.id) ?? null)
        : null;
    answerOf.set(error, key);
    return key;
  };
  const casesOf = new Map<string, ErrorCase[]>();
  const out = new Map<string, RecordExample[]>();
  for (const rev of examplesRevisions(revisions)) {
    const found = new Map<string, RecordExample[]>();
    for (const entry of await listTree(repo, rev.commit)) {
      const slt = isSltPath(entry.path);
      if (!slt && !isPlannerTestPath(entry.path)) continue;
      let cases = casesOf.get(entry.blob);
      if (!cases) {
        const text = await reader.text(entry.blob);
        cases = slt ? sltErrorCases(text) : plannerErrorCases(text);
        casesOf.set(entry.blob, cases);
      }
      for (const c of cases) {
        const key = keyFor(c.error);
        if (!key || out.has(key)) continue;
        const list = found.get(key) ?? [];
        if (list.length >= PER_RECORD || list.some((e) => e.sql === c.sql)) continue;
        list.push({
          sql: c.sql.length > MAX_SQL ? `${c.sql.slice(0, MAX_SQL)}…` : c.sql,
          source: `${entry.path}:${c.line}`,
          release: rev.rev,
        });
        found.set(key, list);
      }
    }
    for (const [key, list] of found) out.set(key, list);
    log(`examples: ${rev.rev}: ${found.size} more records raised by tests (${out.size} in all)`);
  }
  return out;
}
