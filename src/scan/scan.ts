import type { ErrorRecord } from "../catalog/schema.ts";
import type { Matcher } from "../matcher/types.ts";
import { fingerprintError } from "../store/fingerprint.ts";
import { EntryAssembler, type ErrorEntry } from "./entries.ts";
import { type LogInput, splitLines } from "./lines.ts";
import { ShapeCache } from "./shape-cache.ts";
import type { ScannedRecord, ScanOptions, ScanReport, UnmatchedGroup } from "./types.ts";

const EXAMPLE_CHARS = 300;

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
    maxUnmatchedGroups = 1000,
    cacheSize = 4096,
    includeFuzzy = false,
  }: ScanOptions = {},
): Promise<ScanReport> {
  const records = new Map<string, ScannedRecord>();
  const unmatched = new Map<string, UnmatchedGroup>();
  const cache = new ShapeCache<ErrorRecord | null>(cacheSize);
  const report: ScanReport = {
    lines: 0,
    bytes: 0,
    errorEntries: 0,
    matchedEntries: 0,
    records: [],
    unmatched: [],
    unmatchedOverflow: 0,
  };

  const bestRecord = (text: string): ErrorRecord | null => {
    const best = matcher.match(text).matches.find((m) => includeFuzzy || m.kind === "exact");
    return best?.record ?? null;
  };

  const onEntry = (entry: ErrorEntry): void => {
    report.errorEntries++;
    const text = entry.lines.join("\n");
    const record = cache.getOrCompute(text, bestRecord);
    if (record) {
      report.matchedEntries++;
      const seen = records.get(record.id);
      if (seen) {
        seen.count++;
        seen.lastLine = entry.firstLine;
      } else {
        records.set(record.id, {
          id: record.id,
          slug: record.slug,
          errorMessage: record.errorMessage,
          severity: record.severity,
          count: 1,
          firstLine: entry.firstLine,
          lastLine: entry.firstLine,
        });
      }
      return;
    }
    const { fingerprint, template } = fingerprintError(groupingText(entry));
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
  for await (const batch of splitLines(countBytes(input, report), maxLineChars)) {
    for (const line of batch) assembler.push(line);
    const last = batch[batch.length - 1];
    if (last) report.lines = last.number;
  }
  assembler.finish();

  report.records = [...records.values()].sort((a, b) => b.count - a.count || a.firstLine - b.firstLine);
  report.unmatched = [...unmatched.values()].sort((a, b) => b.count - a.count || a.firstLine - b.firstLine);
  return report;
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

async function* countBytes(input: LogInput, report: ScanReport): AsyncGenerator<string | Uint8Array> {
  for await (const chunk of input) {
    report.bytes += typeof chunk === "string" ? Buffer.byteLength(chunk) : chunk.byteLength;
    yield chunk;
  }
}
