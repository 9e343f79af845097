import { afterEach, describe, expect, it } from "vitest";
import { catalogFromRecords } from "../../src/catalog/index.ts";
import { DIGEST_LIMITS, renderDigestMessage, renderDigestText } from "../../src/render/digest.ts";
import { sparkline } from "../../src/render/digest-format.ts";
import { buildWeeklyDigest, digestTargetAt } from "../../src/report/weekly.ts";
import { type BackendEnv, describeEachBackend } from "../store/backends.ts";
import { type Event, fakeCatalog, fakeRecord, logEvents } from "./fixtures.ts";

let env: BackendEnv | undefined;
afterEach(async () => {
  await env?.cleanup();
  env = undefined;
});

const DAY = 86_400_000;
const run = Date.parse("2026-11-30T09:00:00Z"); // Monday 09:00 UTC
const from = run - 7 * DAY;

function repeat(n: number, e: Omit<Event, "at">, at: (i: number) => number): Event[] {
  return Array.from({ length: n }, (_, i) => ({ ...e, at: at(i) }));
}

function seedWeek(): Event[] {
  return [
    // r-table: 6 this week (4 on day 0, 2 on day 6), 3 the week before: ▲ 100%
    ...repeat(4, { recordId: "r-table", channelId: "C1", text: "table not found: t1" }, (i) => from + 1000 * (i + 1)),
    ...repeat(2, { recordId: "r-table", channelId: "C2", text: "table not found: t2" }, (i) => run - 1000 * (i + 1)),
    ...repeat(3, { recordId: "r-table", channelId: "C1", text: "old" }, (i) => from - DAY * (i + 1)),
    // r-barrier: 2 this week, 4 before: ▼ 50%
    ...repeat(2, { recordId: "r-barrier", channelId: "C1", text: "barrier" }, (i) => from + 3 * DAY + i),
    ...repeat(4, { recordId: "r-barrier", channelId: "C1", text: "barrier" }, (i) => from - 2 * DAY - i),
    // r-new: first ever this week
    { recordId: "r-new", channelId: "C3", text: "brand new failure", at: from + 2 * DAY },
    // unmatched, two variants of one error
    { recordId: null, channelId: "C1", text: "actor 12 exited: lease 0xdead expired", at: from + DAY },
    { recordId: null, channelId: "C2", text: "actor 99 exited: lease 0xbeef expired", at: from + 2 * DAY },
  ];
}

describeEachBackend("weekly digest model", (backend) => {
  it("has totals, change, top errors with sparklines, new errors, unmatched and Not helpful", async () => {
    env = backend.fresh();
    const store = await env.open(() => run);
    await logEvents(store, seedWeek());
    await store.recordFeedback({ recordId: "r-barrier", helpful: false, userId: "U1", at: from + DAY });
    await store.recordFeedback({ recordId: "r-barrier", helpful: true, userId: "U2", at: from + DAY });
    await store.recordFeedback({ recordId: "r-table", helpful: true, userId: "U1", at: from + DAY });
    const d = await buildWeeklyDigest(store, fakeCatalog(), digestTargetAt(run, "UTC"));

    expect(d.periodKey).toBe("2026-W49");
    expect(d.total).toBe(6 + 2 + 1 + 2);
    expect(d.previousTotal).toBe(3 + 4);
    expect(d.change).toBeCloseTo(4 / 7, 10);
    expect(d.daily).toEqual([4, 1, 2, 2, 0, 0, 2]);
    expect(d.top.map((r) => [r.recordId, r.count, r.change])).toEqual([
      ["r-table", 6, 1],
      ["r-barrier", 2, -0.5],
      ["r-new", 1, null],
    ]);
    expect(d.top[0]?.daily).toEqual([4, 0, 0, 0, 0, 0, 2]);
    expect(d.newThisPeriod.map((r) => r.recordId)).toEqual(["r-new"]);
    expect(d.unmatched).toHaveLength(1);
    expect(d.unmatched[0]).toMatchObject({ count: 2, template: "actor <NUM> exited: lease <HEX> expired" });
    expect(d.notHelpful).toEqual([
      {
        recordId: "r-barrier",
        helpful: 1,
        notHelpful: 1,
        title: "barrier collection failed",
        slug: "barrier-collection-failed",
      },
    ]);

    const text = renderDigestText(d);
    for (const piece of [
      "2026-W48",
      "11 errors",
      "▲ 57%",
      "▲ 100%",
      "▼ 50%",
      "new",
      "brand new failure",
      "actor <NUM> exited",
      "barrier collection failed",
    ]) {
      expect(text).toContain(piece);
    }
    expect(text).toContain(sparkline([4, 0, 0, 0, 0, 0, 2]));
  });
});

describeEachBackend("digest Block Kit", (backend) => {
  it("escapes & < > in every record and user string", async () => {
    env = backend.fresh();
    const store = await env.open(() => run);
    await logEvents(store, [
      { recordId: "r-oom", channelId: "C1", text: "x", at: from + 1 },
      { recordId: null, channelId: "C1", text: "weird <script> & <@U123> error 5", at: from + 2 },
    ]);
    const msg = renderDigestMessage(await buildWeeklyDigest(store, fakeCatalog(), digestTargetAt(run, "UTC")));
    const all = JSON.stringify(msg.blocks);
    expect(all).toContain("out of memory in &lt;hash agg&gt; &amp; friends");
    expect(all).toContain("&lt;script&gt; &amp; &lt;@U123&gt;");
    for (const b of msg.blocks) {
      if (b.type === "section") {
        expect(b.text?.text).not.toMatch(/[<>]/);
        expect(b.text?.text).not.toMatch(/&(?!amp;|lt;|gt;)/);
      }
    }
  });

  it("stays within Block Kit limits with a thousand records and enormous titles", async () => {
    env = backend.fresh();
    const store = await env.open(() => run);
    const records = Array.from({ length: 1000 }, (_, i) =>
      fakeRecord(`r${i}`, `${"<&>".repeat(400)} error ${i} ${"x".repeat(4000)}`),
    );
    const events: Event[] = [];
    records.forEach((r, i) => {
      for (let k = 0; k <= i % 5; k++)
        events.push({ recordId: r.id, channelId: `C${k}`, text: "x", at: from + 1 + i * 100 + k });
    });
    for (let i = 0; i < 50; i++)
      events.push({
        recordId: null,
        channelId: "C1",
        text: `${i}${"y".repeat(i)}<> ${"z".repeat(3000)}`,
        at: from + i,
      });
    await logEvents(store, events);
    for (const r of records.slice(0, 30))
      await store.recordFeedback({ recordId: r.id, helpful: false, userId: "U1", at: from + 5 });
    const msg = renderDigestMessage(
      await buildWeeklyDigest(store, catalogFromRecords(records), digestTargetAt(run, "UTC")),
    );

    expect(msg.blocks.length).toBeLessThanOrEqual(DIGEST_LIMITS.blocks);
    for (const b of msg.blocks) {
      if (b.type === "section") expect(b.text?.text.length ?? 0).toBeLessThanOrEqual(DIGEST_LIMITS.section);
      if (b.type === "header") expect(b.text.text.length).toBeLessThanOrEqual(DIGEST_LIMITS.header);
    }
    expect(JSON.stringify(msg.blocks).length).toBeLessThan(13_000);
    expect(msg.text.length).toBeGreaterThan(0);
    expect(msg.text.length).toBeLessThan(3000);
  });

  it("says so when a week had no errors", async () => {
    env = backend.fresh();
    const store = await env.open(() => run);
    const d = await buildWeeklyDigest(store, fakeCatalog(), digestTargetAt(run, "UTC"));
    expect(d.total).toBe(0);
    expect(JSON.stringify(renderDigestMessage(d).blocks)).toContain("No matched errors this week");
    expect(renderDigestText(d)).toContain("0 errors");
  });
});

describe("sparkline", () => {
  it("scales bars to the largest day", async () => {
    expect(sparkline([0, 1, 2, 3, 4, 5, 6, 7])).toBe("▁▂▃▄▅▆▇█");
    expect(sparkline([0, 0, 0])).toBe("▁▁▁");
    expect(sparkline([10, 5, 0])).toBe("█▅▁");
  });
});
