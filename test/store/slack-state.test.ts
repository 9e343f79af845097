import { afterEach, expect, it } from "vitest";
import type { ReplyClaimRequest } from "../../src/store/index.ts";
import { type BackendEnv, describeEachBackend } from "./backends.ts";

let env: BackendEnv | undefined;
afterEach(async () => {
  await env?.cleanup();
  env = undefined;
});

const open: ReplyClaimRequest = { repeatSince: 0, cap: { cardsSince: 0, maxCards: 100 } };

describeEachBackend("event claims", (backend) => {
  it("claims an event id only once across connections while it is being handled or once handled", async () => {
    env = backend.fresh();
    const a = await env.open(() => 1_000);
    const b = await env.open(() => 1_000);
    expect(await a.claimEvent("Ev1")).toBe(true);
    expect(await b.claimEvent("Ev1")).toBe(false);
    await a.completeEvent("Ev1");
    expect(await b.claimEvent("Ev1")).toBe(false);
    expect(await b.claimEvent("Ev2")).toBe(true);
  });

  it("gives exactly one of many simultaneous claims of one event", async () => {
    env = backend.fresh();
    const a = await env.open();
    const b = await env.open();
    const wins = await Promise.all(Array.from({ length: 10 }, (_, i) => (i % 2 ? a : b).claimEvent("EvX")));
    expect(wins.filter(Boolean)).toHaveLength(1);
  });

  it("lets a redelivery claim an event whose handling failed (released) or died (stale), never a handled one", async () => {
    env = backend.fresh();
    let now = 1_000;
    const store = await env.open(() => now);
    await store.claimEvent("Ev1");
    await store.releaseEvent("Ev1");
    expect(await store.claimEvent("Ev1")).toBe(true);
    expect(await store.claimEvent("Ev1", { staleMs: 60_000 })).toBe(false);
    now += 60_001;
    expect(await store.claimEvent("Ev1", { staleMs: 60_000 })).toBe(true);
    await store.completeEvent("Ev1");
    await store.releaseEvent("Ev1");
    now += 120_000;
    expect(await store.claimEvent("Ev1", { staleMs: 60_000 })).toBe(false);
  });

  it("forgets event ids before the prune cut-off", async () => {
    env = backend.fresh();
    let now = 0;
    const store = await env.open(() => now);
    await store.claimEvent("Ev1");
    await store.completeEvent("Ev1");
    now = 86_400_001;
    expect((await store.prune({ occurrencesBefore: 0, eventsBefore: now - 86_400_000, repliesBefore: 0 })).events).toBe(
      1,
    );
    expect(await store.claimEvent("Ev1")).toBe(true);
  });
});

describeEachBackend("reply claims", (backend) => {
  it("gives one claim per thread and record, and a pointer to the latest full card elsewhere in the channel", async () => {
    env = backend.fresh();
    let now = 1_000;
    const store = await env.open(() => now);
    const key = { channelId: "C1", threadTs: "1.1", recordId: "r1" };
    expect(await store.claimReply(key, open)).toEqual({ kind: "card" });
    expect(await store.claimReply(key, open)).toEqual({ kind: "already-replied" });
    expect(await store.claimReply({ ...key, recordId: "r2" }, open)).toEqual({ kind: "card" });
    await store.setReplyTs(key, "1.2");
    now = 2_000;
    const later = { channelId: "C1", threadTs: "5.5", recordId: "r1" };
    expect(await store.claimReply(later, open)).toEqual({
      kind: "pointer",
      repeat: { threadTs: "1.1", replyTs: "1.2" },
    });
    await store.setReplyTs(later, "5.6");
    // The later reply was a one-line pointer: a repeat links to the card, not to the pointer.
    const third = { channelId: "C1", threadTs: "6.6", recordId: "r1" };
    expect(await store.claimReply(third, open)).toEqual({
      kind: "pointer",
      repeat: { threadTs: "1.1", replyTs: "1.2" },
    });
    // Outside the repeat window the record gets a card again; another channel is independent.
    expect(await store.claimReply({ ...third, threadTs: "7.7" }, { ...open, repeatSince: 1_500 })).toEqual({
      kind: "card",
    });
    expect(await store.claimReply({ ...key, channelId: "C2" }, open)).toEqual({ kind: "card" });
    expect(await store.countFullCardsSince("C1", 0)).toBe(3);
    expect(await store.countFullCardsSince("C1", 1_500)).toBe(1);
  });

  it("points at a card still being posted (reply ts unknown)", async () => {
    env = backend.fresh();
    const store = await env.open(() => 1_000);
    await store.claimReply({ channelId: "C1", threadTs: "1.1", recordId: "r1" }, open);
    expect(await store.claimReply({ channelId: "C1", threadTs: "2.2", recordId: "r1" }, open)).toEqual({
      kind: "pointer",
      repeat: { threadTs: "1.1", replyTs: null },
    });
  });

  it("holds the channel's card cap, counting cards from their claim until a failed post releases them", async () => {
    env = backend.fresh();
    const store = await env.open(() => 1_000);
    const cap = { ...open, cap: { cardsSince: 0, maxCards: 2 } };
    const k = (t: string, r: string) => ({ channelId: "C1", threadTs: t, recordId: r });
    expect((await store.claimReply(k("1", "a"), cap)).kind).toBe("card");
    expect((await store.claimReply(k("2", "b"), cap)).kind).toBe("card");
    expect(await store.claimReply(k("3", "c"), cap)).toEqual({ kind: "card-cap", cards: 2 });
    // A capped thread was not claimed: it can still get its card later.
    await store.releaseReply(k("1", "a"));
    expect((await store.claimReply(k("3", "c"), cap)).kind).toBe("card");
    await store.setReplyTs(k("3", "c"), "3.1");
    await store.releaseReply(k("3", "c"));
    expect(await store.countFullCardsSince("C1", 0)).toBe(2);
  });

  it("gives a card asked for by name (no repeat window, no cap) past the cap and a recent card, once per thread", async () => {
    env = backend.fresh();
    const store = await env.open(() => 1_000);
    const capped = { ...open, cap: { cardsSince: 0, maxCards: 1 } };
    const k = (t: string) => ({ channelId: "C1", threadTs: t, recordId: "a" });
    expect((await store.claimReply(k("1"), capped)).kind).toBe("card");
    expect((await store.claimReply(k("2"), capped)).kind).toBe("pointer");
    expect(await store.claimReply({ ...k("3"), recordId: "b" }, capped)).toEqual({ kind: "card-cap", cards: 1 });
    expect(await store.claimReply(k("4"), {})).toEqual({ kind: "card" });
    expect(await store.claimReply({ ...k("5"), recordId: "b" }, {})).toEqual({ kind: "card" });
    expect(await store.claimReply(k("4"), {})).toEqual({ kind: "already-replied" });
    expect(await store.countFullCardsSince("C1", 0)).toBe(3);
  });

  it("never exceeds the cap or answers a thread twice when 40 claims race from two connections", async () => {
    env = backend.fresh();
    const a = await env.open(() => 1_000);
    const b = await env.open(() => 1_000);
    const cap = { ...open, cap: { cardsSince: 0, maxCards: 5 } };
    const claims = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        (i % 2 ? a : b).claimReply({ channelId: "C1", threadTs: `t${i % 20}`, recordId: `r${i % 20}` }, cap),
      ),
    );
    expect(claims.filter((c) => c.kind === "card")).toHaveLength(5);
    expect(claims.filter((c) => c.kind === "already-replied").length).toBeLessThanOrEqual(20);
    expect(await a.countFullCardsSince("C1", 0)).toBe(5);
  });

  it("prunes reply bookkeeping before the cut-off", async () => {
    env = backend.fresh();
    let now = 1_000;
    const store = await env.open(() => now);
    await store.claimReply({ channelId: "C1", threadTs: "1.1", recordId: "r1" }, open);
    now = 5_000;
    expect((await store.prune({ occurrencesBefore: 0, eventsBefore: 0, repliesBefore: 2_000 })).replies).toBe(1);
    expect((await store.claimReply({ channelId: "C1", threadTs: "1.1", recordId: "r1" }, open)).kind).toBe("card");
  });
});

describeEachBackend("feedback", (backend) => {
  it("keeps one vote per user, record and message, the last one winning", async () => {
    env = backend.fresh();
    const store = await env.open(() => 10);
    const vote = { recordId: "r1", userId: "U1", channelId: "C1", messageTs: "1.1" };
    await store.recordFeedback({ ...vote, helpful: true });
    await store.recordFeedback({ ...vote, helpful: false });
    await store.recordFeedback({ ...vote, userId: "U2", helpful: false });
    await store.recordFeedback({ ...vote, userId: "U3", helpful: true });
    await store.recordFeedback({ recordId: "r2", userId: "U1", helpful: true });
    await store.recordFeedback({ recordId: "r2", userId: "U1", helpful: true });
    expect(await store.notHelpfulRecords({ from: 0, to: 100 })).toEqual([
      { recordId: "r1", helpful: 1, notHelpful: 2 },
    ]);
    expect(await store.notHelpfulRecords({ from: 11, to: 100 })).toEqual([]);
  });
});

describeEachBackend("digest claims", (backend) => {
  it("gives a period to exactly one of many simultaneous claimers, and lets a stale unposted claim be taken over", async () => {
    env = backend.fresh();
    let now = 1_000;
    const a = await env.open(() => now);
    const b = await env.open(() => now);
    const cover = { from: 0, to: 10, channel: "C9" };
    const claims = await Promise.all(
      Array.from({ length: 6 }, (_, i) => (i % 2 ? a : b).claimDigest("2026-W49", cover)),
    );
    const won = claims.filter((c) => c !== undefined);
    expect(won).toHaveLength(1);
    now += 15 * 60_000 + 1;
    const takeover = await b.claimDigest("2026-W49", cover);
    expect(takeover).toBeDefined();
    if (!takeover) return;
    await b.markDigestPosted(takeover, { channel: "C9", messageTs: "9.9" });
    now += 60 * 60_000;
    expect(await a.claimDigest("2026-W49", cover)).toBeUndefined();
    expect(await a.getDigest("2026-W49")).toMatchObject({
      postedAt: now - 60 * 60_000,
      channel: "C9",
      messageTs: "9.9",
    });
  });

  it("gives a released period back", async () => {
    env = backend.fresh();
    const store = await env.open(() => 1_000);
    const claim = await store.claimDigest("2026-W50", { from: 0, to: 1 });
    if (!claim) throw new Error("no claim");
    await store.releaseDigest(claim);
    expect(await store.getDigest("2026-W50")).toBeUndefined();
    expect(await store.claimDigest("2026-W50", { from: 0, to: 1 })).toBeDefined();
  });
});

describeEachBackend("health", (backend) => {
  it("reports its kind and that it accepts writes, and says why not once closed", async () => {
    env = backend.fresh();
    const store = await env.open();
    expect(await store.health()).toEqual({ kind: backend.kind, ok: true });
    await store.close();
    const after = await store.health();
    expect(after.ok).toBe(false);
    expect(after.error).toBeTruthy();
  });
});
