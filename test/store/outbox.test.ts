import { afterEach, expect, it } from "vitest";
import type { ReplyClaimRequest } from "../../src/store/index.ts";
import type { NewOutboxEntry } from "../../src/store/outbox-types.ts";
import { type BackendEnv, describeEachBackend } from "./backends.ts";

let env: BackendEnv | undefined;
afterEach(async () => {
  await env?.cleanup();
  env = undefined;
});

const entry = (key: string): NewOutboxEntry => ({
  key,
  channelId: "C0OUTBOX",
  threadTs: "1700000000.000100",
  message: JSON.stringify({ text: "answer", blocks: [] }),
  replyKey: { channelId: "C0OUTBOX", threadTs: "1700000000.000100", recordId: "rec-1" },
});

describeEachBackend("answer outbox", (backend) => {
  it("writes an answer once per key, leased to its writer, and leases a due answer to one replica only", async () => {
    env = backend.fresh();
    let t = 1_000;
    const a = await env.open(() => t);
    const b = await env.open(() => t);
    expect(await a.enqueueAnswer(entry("ev:E1"), 30_000)).toBe(true);
    expect(await b.enqueueAnswer(entry("ev:E1"), 30_000)).toBe(false);
    expect(await a.outboxDepth()).toBe(1);
    // Leased to its writer: nobody else gets it until the lease runs out.
    expect(await b.leaseDueAnswers(30_000, 10)).toEqual([]);
    t += 31_000;
    const [first, second] = await Promise.all([a.leaseDueAnswers(30_000, 10), b.leaseDueAnswers(30_000, 10)]);
    expect([...(first ?? []), ...(second ?? [])]).toEqual([{ ...entry("ev:E1"), attempts: 2, createdAt: 1_000 }]);
  });

  it("keeps a retried answer back until its time, then delivers it; a posted or given-up answer leaves the queue", async () => {
    env = backend.fresh();
    let t = 5_000;
    const s = await env.open(() => t);
    await s.enqueueAnswer(entry("ev:E2"), 30_000);
    await s.enqueueAnswer(entry("ev:E3"), 30_000);
    await s.answerRetryAt("ev:E2", t + 10_000, "http_503");
    await s.answerRetryAt("ev:E3", t + 10_000, "ratelimited");
    expect(await s.leaseDueAnswers(30_000, 10)).toEqual([]);
    t += 10_000;
    expect((await s.leaseDueAnswers(30_000, 10)).map((e) => e.key).sort()).toEqual(["ev:E2", "ev:E3"]);
    await s.answerPosted("ev:E2", "1700000001.000200");
    await s.answerUndelivered("ev:E3", "channel_not_found");
    expect(await s.outboxDepth()).toBe(0);
    t += 60_000;
    expect(await s.leaseDueAnswers(30_000, 10)).toEqual([]);
    // A late retry of a posted answer changes nothing.
    await s.answerRetryAt("ev:E2", t, "late");
    expect(await s.outboxDepth()).toBe(0);
  });

  it("keeps an event's payload with its claim and lists the claims left unfinished past their lease", async () => {
    env = backend.fresh();
    let t = 10_000;
    const s = await env.open(() => t);
    expect(await s.claimEvent("Ev-dead", { payload: '{"kind":"message"}' })).toBe(true);
    expect(await s.claimEvent("Ev-done", { payload: '{"kind":"message"}' })).toBe(true);
    expect(await s.claimEvent("Ev-plain")).toBe(true);
    await s.completeEvent("Ev-done");
    expect(await s.unfinishedEvents(t - 1, 10)).toEqual([]);
    t += 60_001;
    expect(await s.unfinishedEvents(t - 60_000, 10)).toEqual([
      { eventId: "Ev-dead", payload: '{"kind":"message"}', claimedAt: 10_000 },
    ]);
    // The takeover is the same atomic claim as a redelivery's, and keeps the payload.
    expect(await s.claimEvent("Ev-dead", { staleMs: 60_000 })).toBe(true);
    expect(await s.claimEvent("Ev-dead", { staleMs: 60_000 })).toBe(false);
    t += 60_001;
    expect((await s.unfinishedEvents(t - 60_000, 10))[0]?.payload).toBe('{"kind":"message"}');
  });

  it("gives a reply claim back to the same key (a takeover), and to nobody else", async () => {
    env = backend.fresh();
    const s = await env.open(() => 50_000);
    const key = { channelId: "C0OWN", threadTs: "1.1", recordId: "rec-own" };
    const request: ReplyClaimRequest = { repeatSince: 0, cap: { cardsSince: 0, maxCards: 5 }, claimKey: "ev:Ev-own" };
    expect(await s.claimReply(key, request)).toEqual({ kind: "card" });
    expect(await s.claimReply(key, request)).toEqual({ kind: "card" });
    expect(await s.claimReply(key, { ...request, claimKey: "ev:other" })).toEqual({ kind: "already-replied" });
    expect(await s.claimReply(key, { repeatSince: 0 })).toEqual({ kind: "already-replied" });
    // A pointer claimed under a key is a pointer again for that key, to the same card.
    const other = { ...key, threadTs: "2.2" };
    const pointer = { ...request, claimKey: "ev:Ev-pointer" };
    expect(await s.claimReply(other, pointer)).toEqual({ kind: "pointer", repeat: { threadTs: "1.1", replyTs: null } });
    expect(await s.claimReply(other, pointer)).toEqual({ kind: "pointer", repeat: { threadTs: "1.1", replyTs: null } });
  });
});
