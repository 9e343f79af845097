import { afterEach, describe, expect, it } from "vitest";
import {
  EXCERPT_MAX_CHARS,
  listOccurrences,
  pruneOccurrences,
  recordOccurrence,
  type Store,
} from "../../src/store/index.ts";
import { tempDir } from "./temp-store.ts";

let env: ReturnType<typeof tempDir>;
afterEach(() => env?.cleanup());

function count(store: Store): number {
  return (store.db.prepare("SELECT count(*) AS n FROM occurrences").get() as { n: number }).n;
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

describe("recordOccurrence", () => {
  it("logs a Slack message once however often it is retried", () => {
    env = tempDir();
    const store = env.open(() => 1_000);
    const first = recordOccurrence(store, slackPaste);
    const retries = [1, 2, 3].map(() => recordOccurrence(store, slackPaste));
    expect(first.inserted).toBe(true);
    expect(retries.every((r) => !r.inserted && r.id === first.id)).toBe(true);
    expect(count(store)).toBe(1);
  });

  it("logs the same unmatched message once, and each record matched in one message once", () => {
    env = tempDir();
    const store = env.open();
    recordOccurrence(store, { ...slackPaste, recordId: null });
    recordOccurrence(store, { ...slackPaste, recordId: null });
    recordOccurrence(store, { ...slackPaste, recordId: "rec-2" });
    const ids = listOccurrences(store).map((r) => r.recordId);
    expect(ids).toHaveLength(2);
    expect(ids).toEqual(expect.arrayContaining([null, "rec-2"]));
  });

  it("keeps different messages, channels and sources apart", () => {
    env = tempDir();
    const store = env.open();
    recordOccurrence(store, slackPaste);
    recordOccurrence(store, { ...slackPaste, messageTs: "1700000000.000200" });
    recordOccurrence(store, { ...slackPaste, channelId: "C2" });
    recordOccurrence(store, { ...slackPaste, source: "shortcut" });
    expect(count(store)).toBe(4);
  });

  it("logs every console paste without a message ts as a new row", () => {
    env = tempDir();
    const store = env.open();
    const console = { recordId: "rec-1", source: "console" as const, text: "table not found: t1" };
    const ids = [recordOccurrence(store, console), recordOccurrence(store, console)];
    expect(ids.map((r) => r.inserted)).toEqual([true, true]);
    expect(count(store)).toBe(2);
  });

  it("keeps every row logged in the same millisecond, stored in time order whatever the insert order", () => {
    env = tempDir();
    const store = env.open();
    for (const at of [5_000, 1_000, 5_000, 5_000, 3_000]) {
      recordOccurrence(store, { recordId: "a", source: "console", text: "x", occurredAt: at });
    }
    const rows = listOccurrences(store);
    expect(rows.map((r) => r.occurredAt)).toEqual([5_000, 5_000, 5_000, 3_000, 1_000]);
    expect(new Set(rows.map((r) => r.id)).size).toBe(5);
  });

  it("spills past 1024 occurrences in one millisecond into the next one, and refuses clearly when that is taken", () => {
    env = tempDir();
    const store = env.open(() => 77);
    recordOccurrence(store, { recordId: "a", source: "console", text: "x", occurredAt: 79 });
    for (let i = 0; i < 1024; i++) recordOccurrence(store, { recordId: "a", source: "console", text: "x" });
    expect(recordOccurrence(store, { recordId: "a", source: "console", text: "x" }).inserted).toBe(true);
    expect(() =>
      recordOccurrence(store, { recordId: "a", source: "console", text: "x", occurredAt: 78 }),
    ).not.toThrow();
    for (let i = 0; i < 1022; i++)
      recordOccurrence(store, { recordId: "a", source: "console", text: "x", occurredAt: 78 });
    expect(() => recordOccurrence(store, { recordId: "a", source: "console", text: "x", occurredAt: 78 })).toThrow(
      /same millisecond/,
    );
    expect(listOccurrences(store, { limit: 5000 })).toHaveLength(1 + 1024 + 1 + 1 + 1022);
  });

  it("stamps rows with the store clock unless the caller gives a time", () => {
    env = tempDir();
    const store = env.open(() => 42_000);
    recordOccurrence(store, { recordId: "a", source: "console", text: "x" });
    recordOccurrence(store, { recordId: "b", source: "console", text: "y", occurredAt: 7 });
    expect(
      listOccurrences(store)
        .map((o) => [o.recordId, o.occurredAt])
        .sort(),
    ).toEqual([
      ["a", 42_000],
      ["b", 7],
    ]);
  });

  it("cuts the excerpt to 500 characters", () => {
    env = tempDir();
    const store = env.open();
    recordOccurrence(store, { recordId: "a", source: "console", text: `boom ${"x".repeat(5000)}` });
    const [row] = listOccurrences(store);
    expect(row?.excerpt.length).toBeLessThanOrEqual(EXCERPT_MAX_CHARS);
    expect(row?.excerpt.startsWith("boom x")).toBe(true);
  });

  it("fingerprints unmatched errors only, from the error text when given", () => {
    env = tempDir();
    const store = env.open();
    recordOccurrence(store, { recordId: "a", source: "console", text: "table not found: t1" });
    recordOccurrence(store, {
      recordId: null,
      source: "console",
      text: "2026-11-30 prod-db | ERROR: something odd happened at epoch 12345",
      errorText: "something odd happened at epoch 12345",
    });
    const rows = listOccurrences(store);
    const matched = rows.find((r) => r.recordId === "a");
    const unmatched = rows.find((r) => r.recordId === null);
    expect(matched?.fingerprint).toBeNull();
    expect(unmatched?.fingerprint).toMatch(/^[0-9a-f]{12}$/);
    expect(unmatched?.template).toBe("something odd happened at epoch <NUM>");
  });

  it("prunes occurrences older than the retention window", () => {
    env = tempDir();
    const day = 86_400_000;
    const store = env.open(() => 400 * day);
    recordOccurrence(store, { recordId: "old", source: "console", text: "x", occurredAt: 400 * day - 366 * day });
    recordOccurrence(store, { recordId: "kept", source: "console", text: "x", occurredAt: 400 * day - 364 * day });
    expect(pruneOccurrences(store)).toBe(1);
    expect(listOccurrences(store).map((r) => r.recordId)).toEqual(["kept"]);
    expect(pruneOccurrences(store, 30)).toBe(1);
  });
});
