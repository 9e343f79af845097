import { afterEach, expect, it } from "vitest";
import { EXCERPT_MAX_CHARS, type Store } from "../../src/store/index.ts";
import { type BackendEnv, describeEachBackend } from "./backends.ts";

let env: BackendEnv | undefined;
afterEach(async () => {
  await env?.cleanup();
  env = undefined;
});

async function count(store: Store): Promise<number> {
  return store.countOccurrences({ from: 0, to: Number.MAX_SAFE_INTEGER / 2048 });
}

const slackPaste = {
  recordId: "rec-1",
  source: "auto" as const,
  teamId: "T1",
  channelId: "C1",
  userId: "U1",
  messageTs: "1700000000.000100",
  threadTs: "1700000000.000100",
  confidence: 0.92,
  matchKind: "exact" as const,
  text: "ERROR:  Failed to run the query\n\nCaused by:\n  table not found: t1",
};

describeEachBackend("recordOccurrence", (backend) => {
  it("keeps each kind of match (exact, folded, fuzzy) and refuses one it does not know", async () => {
    env = backend.fresh();
    const store = await env.open();
    for (const [i, matchKind] of (["exact", "folded", "fuzzy"] as const).entries()) {
      await store.recordOccurrence({ ...slackPaste, messageTs: `18.${i}`, matchKind });
    }
    const kinds = (await store.listOccurrences()).map((o) => o.matchKind).sort();
    expect(kinds).toEqual(["exact", "folded", "fuzzy"]);
    const bogus = { ...slackPaste, messageTs: "18.9", matchKind: "guessed" as unknown as "exact" };
    await expect(store.recordOccurrence(bogus)).rejects.toThrow();
    expect(await count(store)).toBe(3);
  });

  it("logs a Slack message once however often it is retried, also from another connection at once", async () => {
    env = backend.fresh();
    const store = await env.open(() => 1_000);
    const other = await env.open(() => 1_000);
    const first = await store.recordOccurrence(slackPaste);
    const retries = await Promise.all([store, other, other, store].map((s) => s.recordOccurrence(slackPaste)));
    expect(first.inserted).toBe(true);
    expect(retries.every((r) => !r.inserted && r.id === first.id)).toBe(true);
    expect(await count(store)).toBe(1);
  });

  it("logs concurrent first deliveries of one message from two connections as one row", async () => {
    env = backend.fresh();
    const a = await env.open();
    const b = await env.open();
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        (i % 2 ? a : b).recordOccurrence({ ...slackPaste, messageTs: `17.${Math.floor(i / 2)}` }),
      ),
    );
    expect(results.filter((r) => r.inserted)).toHaveLength(10);
    expect(await count(a)).toBe(10);
  });

  it("logs the same unmatched message once, and each record matched in one message once", async () => {
    env = backend.fresh();
    const store = await env.open();
    await store.recordOccurrence({ ...slackPaste, recordId: null });
    await store.recordOccurrence({ ...slackPaste, recordId: null });
    await store.recordOccurrence({ ...slackPaste, recordId: "rec-2" });
    const ids = (await store.listOccurrences()).map((r) => r.recordId);
    expect(ids).toHaveLength(2);
    expect(ids).toEqual(expect.arrayContaining([null, "rec-2"]));
  });

  it("keeps different messages and channels apart, and counts a message once whichever entry point logs it", async () => {
    env = backend.fresh();
    const store = await env.open();
    const other = await env.open();
    const first = await store.recordOccurrence(slackPaste);
    await store.recordOccurrence({ ...slackPaste, messageTs: "1700000000.000200" });
    await store.recordOccurrence({ ...slackPaste, channelId: "C2" });
    // The shortcut (or a mention) on a message the auto-reply already counted, on another replica.
    const again = await other.recordOccurrence({ ...slackPaste, source: "shortcut" });
    expect(again).toEqual({ id: first.id, inserted: false });
    expect(await count(store)).toBe(3);
    expect((await store.recordHistory("rec-1")).count).toBe(3);
  });

  it("logs every console paste without a message ts as a new row", async () => {
    env = backend.fresh();
    const store = await env.open();
    const paste = { recordId: "rec-1", source: "console" as const, text: "table not found: t1" };
    const ids = [await store.recordOccurrence(paste), await store.recordOccurrence(paste)];
    expect(ids.map((r) => r.inserted)).toEqual([true, true]);
    expect(await count(store)).toBe(2);
  });

  it("keeps every row logged in the same millisecond, listed in time order whatever the insert order", async () => {
    env = backend.fresh();
    const store = await env.open();
    for (const at of [5_000, 1_000, 5_000, 5_000, 3_000]) {
      await store.recordOccurrence({ recordId: "a", source: "console", text: "x", occurredAt: at });
    }
    const rows = await store.listOccurrences();
    expect(rows.map((r) => r.occurredAt)).toEqual([5_000, 5_000, 5_000, 3_000, 1_000]);
    expect(new Set(rows.map((r) => r.id)).size).toBe(5);
  });

  it("stamps rows with the store clock unless the caller gives a time", async () => {
    env = backend.fresh();
    const store = await env.open(() => 42_000);
    await store.recordOccurrence({ recordId: "a", source: "console", text: "x" });
    await store.recordOccurrence({ recordId: "b", source: "console", text: "y", occurredAt: 7 });
    expect((await store.listOccurrences()).map((o) => [o.recordId, o.occurredAt]).sort()).toEqual([
      ["a", 42_000],
      ["b", 7],
    ]);
  });

  it("cuts the excerpt to 500 characters", async () => {
    env = backend.fresh();
    const store = await env.open();
    await store.recordOccurrence({ recordId: "a", source: "console", text: `boom ${"x".repeat(5000)}` });
    const [row] = await store.listOccurrences();
    expect(row?.excerpt.length).toBeLessThanOrEqual(EXCERPT_MAX_CHARS);
    expect(row?.excerpt.startsWith("boom x")).toBe(true);
  });

  it("fingerprints unmatched errors only, from the error text when given", async () => {
    env = backend.fresh();
    const store = await env.open();
    await store.recordOccurrence({ recordId: "a", source: "console", text: "table not found: t1" });
    await store.recordOccurrence({
      recordId: null,
      source: "console",
      text: "2026-11-30 prod-db | ERROR: something odd happened at epoch 12345",
      errorText: "something odd happened at epoch 12345",
    });
    const rows = await store.listOccurrences();
    const matched = rows.find((r) => r.recordId === "a");
    const unmatched = rows.find((r) => r.recordId === null);
    expect(matched?.fingerprint).toBeNull();
    expect(unmatched?.fingerprint).toMatch(/^[0-9a-f]{12}$/);
    expect(unmatched?.template).toBe("something odd happened at epoch <NUM>");
  });

  it("prunes occurrences older than the cut-off, twice at once without conflict", async () => {
    env = backend.fresh();
    const day = 86_400_000;
    const store = await env.open(() => 400 * day);
    const other = await env.open(() => 400 * day);
    await store.recordOccurrence({ recordId: "old", source: "console", text: "x", occurredAt: 400 * day - 366 * day });
    await store.recordOccurrence({ recordId: "kept", source: "console", text: "x", occurredAt: 400 * day - 364 * day });
    const cut = { occurrencesBefore: 400 * day - 365 * day, eventsBefore: 0, repliesBefore: 0 };
    const [a, b] = await Promise.all([store.prune(cut), other.prune(cut)]);
    expect((a?.occurrences ?? 0) + (b?.occurrences ?? 0)).toBe(1);
    expect((await store.listOccurrences()).map((r) => r.recordId)).toEqual(["kept"]);
    expect((await store.prune({ ...cut, occurrencesBefore: 400 * day - 30 * day })).occurrences).toBe(1);
  });

  it("tells whether anything was logged before an instant", async () => {
    env = backend.fresh();
    const store = await env.open();
    await store.recordOccurrence({ recordId: "a", source: "console", text: "x", occurredAt: 5_000 });
    expect(await store.anyOccurrenceBefore(5_000)).toBe(false);
    expect(await store.anyOccurrenceBefore(5_001)).toBe(true);
    expect(await store.countOccurrences({ from: 5_000, to: 5_001 })).toBe(1);
  });
});

describeEachBackend("importOccurrences", (backend) => {
  it("bulk-loads rows redacted and deduplicated like single logging, counting only new ones", async () => {
    env = backend.fresh();
    const store = await env.open();
    await store.recordOccurrence(slackPaste);
    const rows = [
      slackPaste,
      { ...slackPaste, messageTs: "2.2", text: "password=hunter2 boom" },
      { ...slackPaste, messageTs: "2.2", text: "password=hunter2 boom" },
      { recordId: null, source: "console" as const, text: "ERROR: zzqv failed for 12", occurredAt: 5 },
    ];
    expect(await store.importOccurrences(rows)).toBe(2);
    const listed = await store.listOccurrences();
    expect(listed).toHaveLength(3);
    expect(listed.map((o) => o.excerpt).join("\n")).not.toContain("hunter2");
    expect(listed.find((o) => o.recordId === null)?.fingerprint).toMatch(/^[0-9a-f]{12}$/);
  });
});

describeEachBackend("occurrence ids under concurrency", (backend) => {
  it("gives 200 rows inserted at once from two connections 200 distinct ids", async () => {
    env = backend.fresh();
    const a = await env.open(() => 9_000);
    const b = await env.open(() => 9_000);
    const results = await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        (i % 2 ? a : b).recordOccurrence({ recordId: "r", source: "console", text: "x" }),
      ),
    );
    expect(new Set(results.map((r) => r.id)).size).toBe(200);
    expect(await count(a)).toBe(200);
  });
});
