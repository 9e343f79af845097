import { Readable } from "node:stream";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { loadCatalog } from "../../src/catalog/index.ts";
import { createMatcher } from "../../src/matcher/index.ts";
import type { Matcher } from "../../src/matcher/types.ts";
import { formatScanJson, formatScanTable, type ScanReport, scanLog } from "../../src/scan/index.ts";

const seeds = fileURLToPath(new URL("../../data/records.jsonl", import.meta.url));
const matcher = createMatcher(loadCatalog([seeds]).catalog);

const ts = (n: number): string => `2026-11-30T08:00:${String(n).padStart(2, "0")}.000001Z`;

/** 14 lines; known answers noted per line. */
const LOG = [
  `${ts(1)}  INFO risingwave_meta::barrier: new barrier injected`,
  `${ts(2)} ERROR risingwave_meta::stream::scale: rescale failed error=downstream relation missing for 12 -> 13`, // seed 1
  `${ts(3)}  INFO risingwave_meta::barrier: new barrier injected`,
  `${ts(4)}  WARN risingwave_meta::rpc::metrics: heartbeat lag grew to 1234 ms for worker 7`, // unmatched A
  `${ts(5)} ERROR risingwave_meta::stream::scale: rescale failed error=downstream relation missing for 99 -> 100`, // seed 1
  "thread 'rw-streaming' panicked at src/meta/src/stream/stream_graph.rs:10:5:", // seed 2 (message on the next line)
  "job fragments should exist for streaming job",
  "note: run with `RUST_BACKTRACE=1` environment variable to display a backtrace",
  `${ts(9)} ERROR pgwire::pg_protocol: error when process message error=Failed to run the query`, // seed 1 via Caused by
  "",
  "Caused by:",
  "  downstream relation missing for 5 -> 6",
  `${ts(13)}  INFO risingwave_meta::barrier: new barrier injected`,
  `${ts(14)}  WARN risingwave_meta::rpc::metrics: heartbeat lag grew to 98 ms for worker 3`, // unmatched A
].join("\n");

const bySlug = (report: ScanReport, slug: string) => report.records.find((r) => r.slug === slug);

/** Counts match() calls, to see which lines the pre-filter lets through. */
function countingMatcher(inner: Matcher): Matcher & { calls: string[] } {
  const calls: string[] = [];
  return {
    calls,
    match: (text) => {
      calls.push(text);
      return inner.match(text);
    },
    search: (q, l) => inner.search(q, l),
    facts: (k, c) => inner.facts(k, c),
  };
}

describe("scanLog", () => {
  it("counts every known error with the lines of its first and last occurrence", async () => {
    const report = await scanLog([`${LOG}\n`], matcher);
    expect(report.lines).toBe(14);
    expect(bySlug(report, "downstream-relation-missing-for")).toMatchObject({ count: 3, firstLine: 2, lastLine: 9 });
    expect(bySlug(report, "job-fragments-should-exist-for-streaming-job")).toMatchObject({
      count: 1,
      firstLine: 6,
      lastLine: 6,
    });
    expect(report.records.map((r) => r.slug)).toEqual([
      "downstream-relation-missing-for",
      "job-fragments-should-exist-for-streaming-job",
    ]);
    expect(report.errorEntries).toBe(6);
    expect(report.matchedEntries).toBe(4);
  });

  it("reads a Caused by chain and a panic's message line as part of the entry that opened them", async () => {
    const counting = countingMatcher(matcher);
    await scanLog([LOG], counting);
    expect(counting.calls).toContain(
      [
        "thread 'rw-streaming' panicked at src/meta/src/stream/stream_graph.rs:10:5:",
        "job fragments should exist for streaming job",
        "note: run with `RUST_BACKTRACE=1` environment variable to display a backtrace",
      ].join("\n"),
    );
    expect(counting.calls).toContain(
      `${ts(9)} ERROR pgwire::pg_protocol: error when process message error=Failed to run the query\n\nCaused by:\n  downstream relation missing for 5 -> 6`,
    );
  });

  it("takes the line above a bare `Caused by:` chain as the head of that error", async () => {
    const counting = countingMatcher(matcher);
    const log = [
      `${ts(1)}  INFO a: started`,
      "Failed to bind expression: v1 + 1",
      "",
      "Caused by:",
      "  downstream relation missing for 1 -> 2",
    ].join("\n");
    const report = await scanLog([log], counting);
    expect(counting.calls).toEqual([
      "Failed to bind expression: v1 + 1\n\nCaused by:\n  downstream relation missing for 1 -> 2",
    ]);
    expect(bySlug(report, "downstream-relation-missing-for")).toMatchObject({ count: 1, firstLine: 2 });
  });

  it("never sends INFO lines or their continuation lines to the matcher", async () => {
    const counting = countingMatcher(matcher);
    const log = `${ts(1)}  INFO a: started\n  detail: downstream relation missing for 1 -> 2\n${ts(2)}  INFO a: done\n`;
    const report = await scanLog([log], counting);
    expect(counting.calls).toEqual([]);
    expect(report.errorEntries).toBe(0);
  });

  it("groups unmatched error lines by fingerprint, whatever their numbers", async () => {
    const report = await scanLog([LOG], matcher);
    expect(report.unmatched).toHaveLength(1);
    expect(report.unmatched[0]).toMatchObject({ count: 2, firstLine: 4, lastLine: 14 });
    expect(report.unmatched[0]?.template).toContain("heartbeat lag grew to");
    expect(report.unmatched[0]?.template).not.toMatch(/1234|98/);
    expect(report.unmatched[0]?.example).toContain("1234 ms for worker 7");
  });

  it("keeps at most maxUnmatchedGroups groups and counts the rest", async () => {
    const lines = ["alpha", "beta", "gamma", "delta"].map((w, i) => `${ts(i)}  WARN a: ${w} went wrong`);
    const report = await scanLog([lines.join("\n")], matcher, { maxUnmatchedGroups: 2 });
    expect(report.unmatched).toHaveLength(2);
    expect(report.unmatchedOverflow).toBe(2);
  });

  it("reads a byte stream (stdin for `-`) split anywhere, even inside a multi-byte character", async () => {
    const text = `${LOG.replace("heartbeat lag", "heartbeat lag ⏱")}\n`;
    const bytes = Buffer.from(text, "utf8");
    const chunks: Buffer[] = [];
    for (let i = 0; i < bytes.length; i += 7) chunks.push(bytes.subarray(i, i + 7));
    const fromStream = await scanLog(Readable.from(chunks), matcher);
    const fromString = await scanLog([text], matcher);
    expect(fromStream).toEqual(fromString);
    expect(fromStream.bytes).toBe(bytes.length);
    expect(fromStream.unmatched[0]?.template).toContain("⏱");
  });

  it("gives the same report for CRLF line endings", async () => {
    const lf = await scanLog([LOG], matcher);
    const crlf = await scanLog([LOG.replace(/\n/g, "\r\n")], matcher);
    expect({ ...crlf, bytes: 0 }).toEqual({ ...lf, bytes: 0 });
  });

  it("survives binary garbage and an endless line, and still counts lines after them", async () => {
    const garbage = Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 37 + 11) % 256));
    const endless = Buffer.alloc(3 * 1024 * 1024, 0x41);
    const after = Buffer.from(
      `\n${ts(1)} ERROR a: failed error=downstream relation missing for 1 -> 2\n${ts(2)} ERROR\u0000 a: \u0000\u0000 error=\ufffd\n`,
    );
    const report = await scanLog(Readable.from([garbage, endless, after]), matcher, { maxLineChars: 1024 });
    const known = bySlug(report, "downstream-relation-missing-for");
    // The garbage holds (4096 * 37) / 256 ≈ 16 newlines: the known error comes right after them.
    const garbageLines = garbage.filter((b) => b === 10).length;
    expect(known).toMatchObject({ count: 1, firstLine: garbageLines + 2 });
    expect(report.lines).toBe(garbageLines + 3);
  });

  it("matches each entry shape once when the cache is on, and every entry when it is off", async () => {
    const lines = Array.from(
      { length: 50 },
      (_, i) => `${ts(i % 60)} ERROR a: failed error=downstream relation missing for ${i} -> ${i + 1}`,
    ).join("\n");
    const cached = countingMatcher(matcher);
    const uncached = countingMatcher(matcher);
    const a = await scanLog([lines], cached);
    const b = await scanLog([lines], uncached, { cacheSize: 0 });
    expect(cached.calls.length).toBeLessThan(5);
    expect(uncached.calls).toHaveLength(50);
    expect(a.records).toEqual(b.records);
    expect(a.records[0]).toMatchObject({ count: 50, firstLine: 1, lastLine: 50 });
  });
});

describe("scan report output", () => {
  it("prints known errors and unmatched groups as tables", async () => {
    const text = formatScanTable(await scanLog([LOG], matcher));
    expect(text).toMatch(/^Scanned 14 lines .*6 error entries, 4 matched 2 known errors, 2 unmatched in 1 groups\./);
    expect(text).toMatch(/\| 3 +\| 2 +\| 9 +\| error +\| downstream-relation-missing-for /);
    expect(text).toMatch(/\| 2 +\| 4 +\| 14 +\| [0-9a-f]{12} \| heartbeat lag grew to/);
  });

  it("gives a versioned JSON document with every record and group", async () => {
    const report = await scanLog([LOG], matcher);
    const json = JSON.parse(formatScanJson(report)) as { version: number } & ScanReport;
    expect(json.version).toBe(1);
    expect(json.records).toEqual(report.records);
    expect(json.unmatched).toEqual(report.unmatched);
  });
});
