import { afterEach, describe, expect, it } from "vitest";
import {
  claimReply,
  countFullCardsSince,
  markEventSeen,
  notHelpfulRecords,
  pruneSeenEvents,
  recentReplyInChannel,
  recordFeedback,
  releaseReply,
  setReplyTs,
} from "../../src/store/index.ts";
import { tempDir } from "./temp-store.ts";

let env: ReturnType<typeof tempDir>;
afterEach(() => env?.cleanup());

describe("event and reply bookkeeping", () => {
  it("reports an event id as new only the first time, across connections", () => {
    env = tempDir();
    const a = env.open();
    const b = env.open();
    expect(markEventSeen(a, "Ev1")).toBe(true);
    expect(markEventSeen(b, "Ev1")).toBe(false);
    expect(markEventSeen(b, "Ev2")).toBe(true);
  });

  it("forgets event ids after a day", () => {
    env = tempDir();
    let now = 0;
    const store = env.open(() => now);
    markEventSeen(store, "Ev1");
    now = 86_400_001;
    expect(pruneSeenEvents(store)).toBe(1);
    expect(markEventSeen(store, "Ev1")).toBe(true);
  });

  it("gives one claim per thread and record, and finds the latest full card in a channel", () => {
    env = tempDir();
    let now = 1_000;
    const store = env.open(() => now);
    const key = { channelId: "C1", threadTs: "1.1", recordId: "r1" };
    expect(claimReply(store, key, { fullCard: true })).toBe(true);
    expect(claimReply(store, key, { fullCard: true })).toBe(false);
    expect(claimReply(store, { ...key, recordId: "r2" }, { fullCard: false })).toBe(true);
    setReplyTs(store, key, "1.2");
    now = 2_000;
    const later = { channelId: "C1", threadTs: "5.5", recordId: "r1" };
    claimReply(store, later, { fullCard: false });
    setReplyTs(store, later, "5.6");
    // The later reply was a one-line pointer: a repeat links to the card, not to the pointer.
    expect(recentReplyInChannel(store, "C1", "r1", 0)).toEqual({ threadTs: "1.1", replyTs: "1.2" });
    expect(recentReplyInChannel(store, "C1", "r1", 1_500)).toBeUndefined();
    now = 2_500;
    const pending = { channelId: "C1", threadTs: "7.7", recordId: "r1" };
    claimReply(store, pending, { fullCard: true });
    // A card still being posted counts, so two threads at once do not both get a full card.
    expect(recentReplyInChannel(store, "C1", "r1", 1_500)).toEqual({ threadTs: "7.7", replyTs: null });
    expect(recentReplyInChannel(store, "C2", "r1", 0)).toBeUndefined();
    expect(countFullCardsSince(store, "C1", 0)).toBe(2);
    expect(countFullCardsSince(store, "C1", 2_400)).toBe(1);
  });

  it("counts a full card against the channel cap from the moment it is claimed, until its post fails", () => {
    env = tempDir();
    const store = env.open(() => 1_000);
    const card = { channelId: "C1", threadTs: "1.1", recordId: "r1" };
    const pointer = { channelId: "C1", threadTs: "2.2", recordId: "r1" };
    expect(claimReply(store, card, { fullCard: true })).toBe(true);
    expect(claimReply(store, pointer, { fullCard: false })).toBe(true);
    // Both still being posted: only the card uses up the budget, and a repeat links to the card.
    expect(countFullCardsSince(store, "C1", 0)).toBe(1);
    expect(recentReplyInChannel(store, "C1", "r1", 0)).toEqual({ threadTs: "1.1", replyTs: null });
    releaseReply(store, card);
    expect(countFullCardsSince(store, "C1", 0)).toBe(0);
    expect(claimReply(store, card, { fullCard: true })).toBe(true);
    setReplyTs(store, card, "1.2");
    expect(countFullCardsSince(store, "C1", 0)).toBe(1);
    expect(recentReplyInChannel(store, "C1", "r1", 0)).toEqual({ threadTs: "1.1", replyTs: "1.2" });
  });

  it("releases a reply claim whose post failed so it can be retried", () => {
    env = tempDir();
    const store = env.open();
    const key = { channelId: "C1", threadTs: "1.1", recordId: "r1" };
    claimReply(store, key, { fullCard: true });
    releaseReply(store, key);
    expect(claimReply(store, key, { fullCard: true })).toBe(true);
  });
});

describe("feedback", () => {
  it("keeps one vote per user, record and message, the last one winning", () => {
    env = tempDir();
    const store = env.open(() => 10);
    const vote = { recordId: "r1", userId: "U1", channelId: "C1", messageTs: "1.1" };
    recordFeedback(store, { ...vote, helpful: true });
    recordFeedback(store, { ...vote, helpful: false });
    recordFeedback(store, { ...vote, userId: "U2", helpful: false });
    recordFeedback(store, { ...vote, userId: "U3", helpful: true });
    recordFeedback(store, { recordId: "r2", userId: "U1", helpful: true });
    expect(notHelpfulRecords(store, { from: 0, to: 100 })).toEqual([{ recordId: "r1", helpful: 1, notHelpful: 2 }]);
    expect(notHelpfulRecords(store, { from: 11, to: 100 })).toEqual([]);
  });
});
