import type { ErrorRecord } from "../catalog/schema.ts";
import type { Matcher } from "../matcher/types.ts";
import { type Fingerprint, fingerprintError } from "../store/fingerprint.ts";
import { classifyBytes } from "./classify.ts";
import { EntryAssembler, type ErrorEntry } from "./entries.ts";
import { type LogInput, readLines } from "./lines.ts";
import { ShapeCache, shapeOf } from "./shape-cache.ts";
import type { ScannedRecord, ScanOptions, ScanReport, UnmatchedGroup } from "./types.ts";

const EXAMPLE_CHARS = 300;

/** What one entry shape resolved to: a record, or the fingerprint its unmatched entries group under. */
type Answer = { record: ErrorRecord } | { record: null; fingerprint: Fingerprint };

/**
 * Reads a whole log (a file stream, stdin, or any chunks) line by line and reports every known
 * error with counts and first/last lines, plus unmatched error entries grouped by fingerprint.
 * Only WARN/ERROR entries, panics and error text reach the matcher; memory stays flat.
 */
export async function scanLog(
  input: LogInput,
  matcher: Matcher,
  {
    maxLineChars = 16_384,
    maxEntryLines = 60,
    maxEntryChars = 16_384,
    maxUnmatchedGroups = 2000,
    cacheSize = 20_000,
    includeFuzzy = false,
  }: ScanOptions = {},
): Promise<ScanReport> {
  const records = new Map<string, ScannedRecord>();
  const unmatched = new Map<string, UnmatchedGroup>();
  const cache = new ShapeCache<Answer>(cacheSize);
  const report: ScanReport = {
    lines: 0,
    bytes: 0,
    errorEntries: 0,
    matchedEntries: 0,
    records: [],
    unmatched: [],
    unmatchedOverflow: 0,
  };

  const answer = (entry: ErrorEntry, text: string): Answer => {
    const best = matcher.match(text).matches.find((m) => includeFuzzy || m.kind === "exact");
    return best ? { record: best.record } : { record: null, fingerprint: fingerprintError(groupingText(entry)) };
  };

  const onEntry = (entry: ErrorEntry): void => {
    report.errorEntries++;
    const text = entry.lines.join("\n");
    let result: Answer;
    if (cache.enabled) {
      // The log header (timestamp, spans, target) never decides the answer: leave it out of the key.
      const key = shapeOf(
        entry.lines.length === 1
          ? messageOf(text)
          : `${messageOf(entry.lines[0] ?? "")}\n${entry.lines.slice(1).join("\n")}`,
      );
      const cached = cache.get(key);
      result = cached ?? answer(entry, text);
      if (!cached) cache.set(key, result);
    } else {
      result = answer(entry, text);
    }
    if (result.record) {
      countRecord(records, result.record, entry.firstLine);
      report.matchedEntries++;
      return;
    }
    const { fingerprint, template } = result.fingerprint;
    const group = unmatched.get(fingerprint);
    if (group) {
      group.count++;
      group.lastLine = entry.firstLine;
    } else if (unmatched.size < maxUnmatchedGroups) {
      unmatched.set(fingerprint, {
        fingerprint,
        template,
        count: 1,
        firstLine: entry.firstLine,
        lastLine: entry.firstLine,
        example: (entry.lines[0] ?? "").slice(0, EXAMPLE_CHARS),
      });
    } else {
      report.unmatchedOverflow++;
    }
  };

  const assembler = new EntryAssembler({ maxEntryLines, maxEntryChars }, onEntry);
  const totals = await readLines(input, maxLineChars, (buf, start, end, number) => {
    assembler.push(classifyBytes(buf, start, end), number, () => buf.toString("utf8", start, end));
  });
  assembler.finish();
  report.lines = totals.lines;
  report.bytes = totals.bytes;
  report.records = [...records.values()].sort((a, b) => b.count - a.count || a.firstLine - b.firstLine);
  report.unmatched = [...unmatched.values()].sort((a, b) => b.count - a.count || a.firstLine - b.firstLine);
  return report;
}

function countRecord(records: Map<string, ScannedRecord>, record: ErrorRecord, line: number): void {
  const seen = records.get(record.id);
  if (seen) {
    seen.count++;
    seen.lastLine = line;
    return;
  }
  records.set(record.id, {
    id: record.id,
    slug: record.slug,
    errorMessage: record.errorMessage,
    severity: record.severity,
    count: 1,
    firstLine: line,
    lastLine: line,
  });
}

/** The part of an unmatched entry that names it: the message after the log header, plus a panic's message line. */
function groupingText(entry: ErrorEntry): string {
  const first = messageOf(entry.lines[0] ?? "");
  return first.endsWith("panicked at") || /panicked at .*:\d+:\d+:$/.test(first)
    ? `${first}\n${entry.lines[1] ?? ""}`
    : first;
}

/**
 * Drops the tracing header (`<timestamp> <level> <spans>: <target>: `) so the same message under
 * different spans groups together.
 */
const TRACING_HEADER = /^\S*?\d{4}-\d{2}-\d{2}\S*\s+[A-Z]+\s+(?:[\w.-]+\{[^{}]*\}:?)*\s*(?:[a-z_][\w]*(?:::[\w]+)*: )?/;

export function messageOf(line: string): string {
  const m = TRACING_HEADER.exec(line);
  return m ? line.slice(m[0].length) : line;
}
