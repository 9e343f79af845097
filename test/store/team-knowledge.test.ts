import { afterEach, describe, expect, it } from "vitest";
import {
  activeMutes,
  addNote,
  answeredThreads,
  claimReply,
  gapReports,
  isMuted,
  lastRecordInChannel,
  listNotes,
  messageAlreadyCounted,
  muteRecord,
  notesFor,
  pruneOccurrences,
  recordFeedback,
  recordHistory,
  recordOccurrence,
  reportGap,
  setReplyTs,
} from "../../src/store/index.ts";
import { tempDir } from "./temp-store.ts";

let env: ReturnType<typeof tempDir>;
afterEach(() => env?.cleanup());
const T0 = Date.parse("2026-11-30T09:00:00Z");

describe("team notes", () => {
  it("stores notes redacted, newest first per record, and lists a period's notes for the digest", () => {
    env = tempDir();
    const store = env.open(() => T0);
    addNote(store, {
      recordId: "r1",
      text: "used password=hunter2secret to log in, then restarted",
      userId: "U1",
      at: T0,
    });
    addNote(store, { recordId: "r1", text: "second", link: "https://wiki.example/x", userId: "U2", at: T0 + 10 });
    addNote(store, { recordId: "r2", text: "other", link: "javascript:alert(1)", userId: "U3", at: T0 + 20 });
    expect(notesFor(store, "r1").map((n) => n.text)).toEqual(["second", expect.not.stringContaining("hunter2secret")]);
    expect(notesFor(store, "r2")[0]?.link).toBeNull();
    expect(listNotes(store, { from: T0 + 5, to: T0 + 30 }).map((n) => n.userId)).toEqual(["U2", "U3"]);
    expect(() => addNote(store, { recordId: "r1", text: "   ", userId: "U1" })).toThrow(/needs text/);
  });
});

describe("mutes", () => {
  it("mutes until a time, re-mutes by moving the end, and knows the channel's last answered record", () => {
    env = tempDir();
    let now = T0;
    const store = env.open(() => now);
    muteRecord(store, { channelId: "C1", recordId: "r1", until: T0 + 1000, userId: "U1" });
    expect(isMuted(store, "C1", "r1")).toBe(true);
    expect(isMuted(store, "C2", "r1")).toBe(false);
    now = T0 + 1000;
    expect(isMuted(store, "C1", "r1")).toBe(false);
    muteRecord(store, { channelId: "C1", recordId: "r1", until: T0 + 5000, userId: "U2" });
    expect(activeMutes(store)).toEqual([{ channelId: "C1", recordId: "r1", until: T0 + 5000, userId: "U2" }]);
    recordOccurrence(store, {
      recordId: "r7",
      source: "auto",
      channelId: "C1",
      messageTs: "1.1",
      text: "x",
      occurredAt: T0,
    });
    recordOccurrence(store, {
      recordId: "r8",
      source: "auto",
      channelId: "C1",
      messageTs: "1.2",
      text: "y",
      occurredAt: T0 + 1,
    });
    expect(lastRecordInChannel(store, "C1")).toBe("r8");
    expect(lastRecordInChannel(store, "C9")).toBeUndefined();
  });
});

describe("seen before", () => {
  it("counts a record's occurrences with first, last and channels, most used channel first, all-time", () => {
    env = tempDir();
    let now = T0;
    const store = env.open(() => now);
    const log = (channelId: string | null, messageTs: string | null, at: number) =>
      recordOccurrence(store, { recordId: "r1", source: "auto", channelId, messageTs, text: "x", occurredAt: at });
    log("C1", "1.1", T0 - 3000);
    log("C2", null, T0 - 2000);
    log("C1", "1.3", T0 - 1000);
    log(null, null, T0 - 500);
    log("C1", "1.3", T0 - 1000); // a retry of the same message: one occurrence
    expect(recordHistory(store, "r1")).toEqual({
      count: 4,
      firstAt: T0 - 3000,
      lastAt: T0 - 500,
      channels: ["C1", "C2"],
    });
    expect(recordHistory(store, "nope")).toMatchObject({ count: 0, channels: [] });
    now = T0 + 400 * 86_400_000;
    expect(pruneOccurrences(store, 365)).toBe(4);
    expect(recordHistory(store, "r1").count).toBe(4);
  });

  it("lists earlier answered threads, Helpful-voted or noted first, without the current thread", () => {
    env = tempDir();
    let now = T0;
    const store = env.open(() => now);
    for (const [i, thread] of ["10.1", "10.2", "10.3", "10.4"].entries()) {
      now = T0 + i * 1000;
      const key = { channelId: "C1", threadTs: thread, recordId: "r1" };
      claimReply(store, key, { fullCard: true });
      setReplyTs(store, key, `${thread}9`);
    }
    recordFeedback(store, { recordId: "r1", helpful: true, userId: "U1", channelId: "C1", messageTs: "10.19" });
    addNote(store, { recordId: "r1", text: "fixed by restart", userId: "U2", channelId: "C1", threadTs: "10.2" });
    const threads = answeredThreads(store, "r1", { exclude: { channelId: "C1", threadTs: "10.4" } });
    expect(threads.map((t) => [t.threadTs, t.helpful, t.noted])).toEqual([
      ["10.2", false, true],
      ["10.1", true, false],
      ["10.3", false, false],
    ]);
  });

  it("knows a message already counted, from any entry point", () => {
    env = tempDir();
    const store = env.open(() => T0);
    recordOccurrence(store, { recordId: "r1", source: "auto", channelId: "C1", messageTs: "5.5", text: "x" });
    expect(messageAlreadyCounted(store, "C1", "5.5", "r1")).toBe(true);
    expect(messageAlreadyCounted(store, "C1", "5.5", null)).toBe(false);
    expect(messageAlreadyCounted(store, "C1", null, "r1")).toBe(false);
  });
});

describe("gap reports", () => {
  it("groups reports of one unknown error by fingerprint and redacts them", () => {
    env = tempDir();
    const store = env.open(() => T0);
    reportGap(store, {
      errorText: "quantum flux misaligned on shard 1007",
      userId: "U1",
      at: T0,
    });
    reportGap(store, { errorText: "quantum flux misaligned on shard 1009", userId: "U2", at: T0 + 1 });
    reportGap(store, {
      errorText: "something else broke, token xoxb-1234567890-abcdefabcdef",
      userId: "U1",
      at: T0 + 2,
    });
    const gaps = gapReports(store, { from: T0, to: T0 + 10 });
    expect(gaps[0]).toMatchObject({ reports: 2, reporters: 2, template: "quantum flux misaligned on shard <NUM>" });
    expect(JSON.stringify(gaps)).not.toContain("xoxb-1234567890");
    expect(gaps).toHaveLength(2);
  });
});
