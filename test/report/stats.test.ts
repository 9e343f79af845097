import { afterEach, expect, it } from "vitest";
import { periodTotals, topErrors, topUnmatched } from "../../src/report/stats.ts";
import { type BackendEnv, describeEachBackend } from "../store/backends.ts";
import { type Event, fakeCatalog, logEvents, prng } from "./fixtures.ts";

let env: BackendEnv | undefined;
afterEach(async () => {
  await env?.cleanup();
  env = undefined;
});

const DAY = 86_400_000;
const to = Date.parse("2026-11-30T00:00:00Z");
const from = to - 7 * DAY;

/** Random events over four weeks: answers are computed from the list, independently of SQL. */
function generate(n: number): Event[] {
  const rand = prng(7);
  const records = ["r-table", "r-barrier", "r-oom", "r-sink", "gone-from-catalog", null];
  const channels = ["C1", "C2", "C3", null];
  const events: Event[] = [];
  for (let i = 0; i < n; i++) {
    const recordId = records[Math.floor(rand() * rand() * records.length)] ?? null;
    const at = to - Math.floor(rand() * 28 * DAY);
    const channelId = channels[Math.floor(rand() * channels.length)] ?? null;
    const id = Math.floor(rand() * 1000);
    const text =
      recordId === null
        ? rand() < 0.6
          ? `actor ${id} exited: connection to 10.0.${id % 255}.1:5690 reset`
          : `compaction task ${id} failed: sst ${id}${id} missing`
        : `pasted ${recordId} #${i}`;
    events.push({ recordId, channelId, at, text });
  }
  return events;
}

describeEachBackend("topErrors", (backend) => {
  it("counts occurrences, distinct channels, first/last seen and change per record", async () => {
    env = backend.fresh();
    const store = await env.open();
    const events = generate(3000);
    await logEvents(store, events);
    const rows = await topErrors(store, { from, to, limit: 10, catalog: fakeCatalog() });

    const inRange = (e: Event, a: number, b: number) => e.at >= a && e.at < b;
    const matchedIds = [
      ...new Set(events.filter((e) => e.recordId !== null && inRange(e, from, to)).map((e) => e.recordId)),
    ];
    expect(rows.map((r) => r.recordId).sort()).toEqual(matchedIds.sort());
    for (const row of rows) {
      const mine = events.filter((e) => e.recordId === row.recordId);
      const cur = mine.filter((e) => inRange(e, from, to));
      const prev = mine.filter((e) => inRange(e, from - 7 * DAY, from));
      expect(row.count).toBe(cur.length);
      expect(row.channels).toBe(new Set(cur.map((e) => e.channelId).filter(Boolean)).size);
      expect(row.firstSeen).toBe(Math.min(...cur.map((e) => e.at)));
      expect(row.lastSeen).toBe(Math.max(...cur.map((e) => e.at)));
      expect(row.previousCount).toBe(prev.length);
      expect(row.change).toBeCloseTo((cur.length - prev.length) / prev.length, 10);
      expect(row.firstEver).toBe(Math.min(...mine.map((e) => e.at)));
    }
    expect(rows.map((r) => r.count)).toEqual([...rows.map((r) => r.count)].sort((a, b) => b - a));
    expect(rows.find((r) => r.recordId === "r-table")?.title).toBe("table not found: {name}");
    expect(rows.find((r) => r.recordId === "gone-from-catalog")?.title).toBeNull();
  });

  it("gives a known small answer, with a record that is new in the period", async () => {
    env = backend.fresh();
    const store = await env.open();
    await logEvents(store, [
      { recordId: "r-table", channelId: "C1", at: from + 1000, text: "a" },
      { recordId: "r-table", channelId: "C1", at: from + 2000, text: "b" },
      { recordId: "r-table", channelId: "C2", at: to - 1, text: "c" },
      { recordId: "r-table", channelId: null, at: from + 3000, text: "d" },
      { recordId: "r-table", channelId: "C1", at: from - 1, text: "previous week" },
      { recordId: "r-table", channelId: "C1", at: to, text: "next period, excluded" },
      { recordId: "r-new", channelId: "C9", at: from + 5000, text: "e" },
    ]);
    expect(await topErrors(store, { from, to })).toEqual([
      {
        recordId: "r-table",
        title: null,
        slug: null,
        count: 4,
        channels: 2,
        firstSeen: from + 1000,
        lastSeen: to - 1,
        previousCount: 1,
        change: 3,
        firstEver: from - 1,
      },
      {
        recordId: "r-new",
        title: null,
        slug: null,
        count: 1,
        channels: 1,
        firstSeen: from + 5000,
        lastSeen: from + 5000,
        previousCount: 0,
        change: null,
        firstEver: from + 5000,
      },
    ]);
    expect(await topErrors(store, { from, to, limit: 1 })).toHaveLength(1);
    expect(await periodTotals(store, { from, to })).toEqual({
      total: 5,
      matched: 5,
      unmatched: 0,
      channels: 3,
      records: 2,
    });
  });
});

describeEachBackend("topUnmatched", (backend) => {
  it("groups unmatched variants by fingerprint with counts and the latest example", async () => {
    env = backend.fresh();
    const store = await env.open();
    const events = generate(2000);
    await logEvents(store, events);
    const rows = await topUnmatched(store, { from, to, limit: 10 });
    const cur = events.filter((e) => e.recordId === null && e.at >= from && e.at < to);
    const actors = cur.filter((e) => e.text.startsWith("actor"));
    const compaction = cur.filter((e) => e.text.startsWith("compaction"));
    expect(rows).toHaveLength(2);
    const byTemplate = new Map(rows.map((r) => [r.template, r]));
    const actorRow = byTemplate.get("actor <NUM> exited: connection to <IP> reset");
    const compactionRow = byTemplate.get("compaction task <NUM> failed: sst <NUM> missing");
    expect(actorRow?.count).toBe(actors.length);
    expect(compactionRow?.count).toBe(compaction.length);
    const latestActor = actors.reduce((a, b) => (b.at > a.at ? b : a));
    expect(actorRow?.example).toBe(latestActor.text);
    expect(actorRow?.lastSeen).toBe(latestActor.at);
    expect(actorRow?.channels).toBe(new Set(actors.map((e) => e.channelId).filter(Boolean)).size);
  });
});
