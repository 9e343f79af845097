import { afterEach, expect, it } from "vitest";
import { defaultMigrationsDir, readMigrations } from "../../src/store/index.ts";
import { type BackendEnv, describeEachBackend } from "./backends.ts";

let env: BackendEnv | undefined;
afterEach(async () => {
  await env?.cleanup();
  env = undefined;
});
const T0 = Date.parse("2026-11-30T09:00:00Z");
const DAY = 86_400_000;

describeEachBackend("team knowledge", (backend) => {
  it("stores notes redacted, newest first per record, and lists a period's notes for the digest", async () => {
    env = backend.fresh();
    const store = await env.open(() => T0);
    await store.addNote({
      recordId: "r1",
      text: "used password=hunter2secret to log in, then restarted",
      userId: "U1",
      at: T0,
    });
    await store.addNote({ recordId: "r1", text: "second", link: "https://wiki.example/x", userId: "U2", at: T0 + 10 });
    await store.addNote({ recordId: "r2", text: "other", link: "javascript:alert(1)", userId: "U3", at: T0 + 20 });
    expect((await store.notesFor("r1")).map((n) => n.text)).toEqual([
      "second",
      expect.not.stringContaining("hunter2secret"),
    ]);
    expect((await store.notesFor("r2"))[0]?.link).toBeNull();
    expect((await store.listNotes({ from: T0 + 5, to: T0 + 30 })).map((n) => n.userId)).toEqual(["U2", "U3"]);
    expect((await store.listNotes()).map((n) => n.text)).toHaveLength(3);
    await expect(store.addNote({ recordId: "r1", text: "   ", userId: "U1" })).rejects.toThrow(/needs text/);
  });

  it("keeps a note's link without its credentials in what is stored, shown and exported", async () => {
    env = backend.fresh();
    const store = await env.open(() => T0);
    const link = "https://admin:pw@wiki.example/runbook?token=abc123&page=2";
    await store.addNote({ recordId: "r1", text: "see runbook", link, userId: "U1", at: T0 });
    const [note] = await store.notesFor("r1");
    expect(note?.link).toBe("https://admin:[REDACTED]@wiki.example/runbook?token=[REDACTED]&page=2");
    expect(JSON.stringify(await store.listNotes())).not.toMatch(/pw@|abc123/);
  });

  it("mutes until a time, re-mutes by moving the end, lifts a mute, and knows the channel's last reply", async () => {
    env = backend.fresh();
    let now = T0;
    const store = await env.open(() => now);
    const other = await env.open(() => now);
    await store.muteRecord({ channelId: "C1", recordId: "r1", until: T0 + 1000, userId: "U1" });
    expect(await other.isMuted("C1", "r1")).toBe(true);
    expect(await other.isMuted("C2", "r1")).toBe(false);
    now = T0 + 1000;
    expect(await store.isMuted("C1", "r1")).toBe(false);
    await other.muteRecord({ channelId: "C1", recordId: "r1", until: T0 + 5000, userId: "U2" });
    expect(await store.activeMutes()).toEqual([{ channelId: "C1", recordId: "r1", until: T0 + 5000, userId: "U2" }]);
    expect(await store.activeMutes("C2")).toEqual([]);
    expect(await other.unmuteRecord("C1", "r1")).toBe(true);
    expect(await store.isMuted("C1", "r1")).toBe(false);
    expect(await store.unmuteRecord("C1", "r1")).toBe(false);
    // `mute last` is the last reply rwerror posted, not the last paste: a paste held back was never seen.
    const key = (recordId: string, threadTs: string) => ({ channelId: "C1", threadTs, recordId });
    now = T0 + 2000;
    expect(await store.claimReply(key("r7", "1.1"), {})).toEqual({ kind: "card" });
    await store.setReplyTs(key("r7", "1.1"), "1.11");
    now = T0 + 3000;
    expect(await store.claimCompactReply(key("r8", "1.2"))).toBe(true);
    expect(await store.claimCompactReply(key("r8", "1.2"))).toBe(false);
    expect(await other.lastCardInChannel("C1")).toBe("r7");
    await store.setReplyTs(key("r8", "1.2"), "1.21");
    now = T0 + 4000;
    await store.claimReply(key("r9", "1.3"), {});
    await store.recordOccurrence({ recordId: "r9", source: "auto", channelId: "C1", messageTs: "1.3", text: "x" });
    expect(await other.lastCardInChannel("C1")).toBe("r8");
    expect(await other.lastCardInChannel("C9")).toBeUndefined();
    expect(await store.countFullCardsSince("C1", T0)).toBe(2);
  });

  it("lists the votes on one posted card, a changed vote once", async () => {
    env = backend.fresh();
    const store = await env.open(() => T0);
    const vote = (userId: string, helpful: boolean, at: number, messageTs = "1.5") =>
      store.recordFeedback({ recordId: "r1", helpful, userId, channelId: "C1", messageTs, at });
    await vote("U1", false, T0);
    await vote("U2", true, T0 + 1);
    await vote("U1", true, T0 + 2);
    await vote("U3", false, T0 + 3, "9.9");
    const votes = await store.votesOnMessage({ recordId: "r1", channelId: "C1", messageTs: "1.5" });
    expect(votes.map((v) => [v.userId, v.helpful])).toEqual([
      ["U2", true],
      ["U1", true],
    ]);
  });

  it("counts a record's occurrences with first, last and channels, most used channel first, all-time", async () => {
    env = backend.fresh();
    let now = T0;
    const store = await env.open(() => now);
    const log = (channelId: string | null, messageTs: string | null, at: number) =>
      store.recordOccurrence({ recordId: "r1", source: "auto", channelId, messageTs, text: "x", occurredAt: at });
    await log("C1", "1.1", T0 - 3000);
    await log("C2", null, T0 - 2000);
    await log("C1", "1.3", T0 - 1000);
    await log(null, null, T0 - 500);
    await log("C1", "1.3", T0 - 1000); // a retry of the same message: one occurrence
    expect(await store.recordHistory("r1")).toEqual({
      count: 4,
      firstAt: T0 - 3000,
      lastAt: T0 - 500,
      channels: ["C1", "C2"],
      byChannel: [
        { channelId: "C1", count: 2, firstAt: T0 - 3000, lastAt: T0 - 1000 },
        { channelId: "", count: 1, firstAt: T0 - 500, lastAt: T0 - 500 },
        { channelId: "C2", count: 1, firstAt: T0 - 2000, lastAt: T0 - 2000 },
      ],
    });
    expect(await store.recordHistory("nope")).toMatchObject({ count: 0, channels: [], byChannel: [] });
    now = T0 + 400 * DAY;
    const pruned = await store.prune({
      occurrencesBefore: now - 365 * DAY,
      eventsBefore: now - DAY,
      repliesBefore: now - DAY,
    });
    expect(pruned.occurrences).toBe(4);
    expect((await store.recordHistory("r1")).count).toBe(4);
  });

  it("keeps history counts exact when two connections log the same record at once", async () => {
    env = backend.fresh();
    const a = await env.open(() => T0);
    const b = await env.open(() => T0);
    await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        (i % 2 ? a : b).recordOccurrence({
          recordId: "r1",
          source: "auto",
          channelId: "C1",
          messageTs: `${Math.floor(i / 2)}.0`, // each message delivered to both: one occurrence
          text: "x",
          occurredAt: T0 + i,
        }),
      ),
    );
    expect((await a.recordHistory("r1")).count).toBe(20);
    expect(await b.countInChannelSince("C1", "r1", T0)).toBe(20);
  });

  it("lists earlier answered threads, Helpful-voted or noted first, without the current thread", async () => {
    env = backend.fresh();
    let now = T0;
    const store = await env.open(() => now);
    for (const [i, thread] of ["10.1", "10.2", "10.3", "10.4"].entries()) {
      now = T0 + i * 1000;
      const key = { channelId: "C1", threadTs: thread, recordId: "r1" };
      // Asked for by name: a full card each time, no pointer and no cap.
      expect(await store.claimReply(key, {})).toEqual({ kind: "card" });
      await store.setReplyTs(key, `${thread}9`);
    }
    await store.recordFeedback({ recordId: "r1", helpful: true, userId: "U1", channelId: "C1", messageTs: "10.19" });
    await store.addNote({ recordId: "r1", text: "fixed by restart", userId: "U2", channelId: "C1", threadTs: "10.2" });
    const threads = await store.answeredThreads("r1", { exclude: { channelId: "C1", threadTs: "10.4" } });
    expect(threads.map((t) => [t.threadTs, t.helpful, t.noted])).toEqual([
      ["10.2", false, true],
      ["10.1", true, false],
      ["10.3", false, false],
    ]);
    expect(threads[0]).toMatchObject({ channelId: "C1", replyTs: "10.29", at: T0 + 1000 });
  });

  it("removes a message counted twice under two entry points when migrating to one occurrence per message", async () => {
    env = backend.fresh();
    const upTo5 = readMigrations(defaultMigrationsDir(backend.kind)).filter((m) => m.version <= 5);
    const old = await env.open(() => T0, { migrations: upTo5 });
    const paste = { recordId: "r1", channelId: "C1", messageTs: "5.5", text: "x", occurredAt: T0 };
    await old.recordOccurrence({ ...paste, source: "auto" });
    await old.recordOccurrence({ ...paste, source: "shortcut", occurredAt: T0 + 1 });
    await old.recordOccurrence({ ...paste, messageTs: "5.6", source: "auto" });
    expect((await old.recordHistory("r1")).count).toBe(3);
    await old.close();

    const store = await env.open(() => T0);
    expect(await store.schemaVersion()).toBeGreaterThanOrEqual(6);
    expect((await store.listOccurrences()).map((o) => [o.messageTs, o.source]).sort()).toEqual([
      ["5.5", "auto"],
      ["5.6", "auto"],
    ]);
    expect((await store.recordHistory("r1")).count).toBe(2);
    expect((await store.recordOccurrence({ ...paste, source: "shortcut" })).inserted).toBe(false);
  });

  it("groups reports of one unknown error by fingerprint and redacts them", async () => {
    env = backend.fresh();
    const store = await env.open(() => T0);
    await store.reportGap({ errorText: "quantum flux misaligned on shard 1007", userId: "U1", at: T0 });
    await store.reportGap({ errorText: "quantum flux misaligned on shard 1009", userId: "U2", at: T0 + 1 });
    await store.reportGap({
      errorText: "something else broke, token xoxb-1234567890-abcdefabcdef",
      userId: "U1",
      at: T0 + 2,
    });
    const gaps = await store.gapReports({ from: T0, to: T0 + 10 });
    expect(gaps[0]).toMatchObject({ reports: 2, reporters: 2, template: "quantum flux misaligned on shard <NUM>" });
    expect(JSON.stringify(gaps)).not.toContain("xoxb-1234567890");
    expect(gaps).toHaveLength(2);
    expect(await store.gapReports({ from: T0 + 10, to: T0 + 20 })).toEqual([]);
  });
});
