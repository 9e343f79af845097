import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { catalogFromRecords } from "../../src/catalog/index.ts";
import { AUTO_POST_MIN_CONFIDENCE, createMatcher } from "../../src/matcher/index.ts";
import { ACTION } from "../../src/render/index.ts";
import { BOT_TOKEN, blockKitProblems, botsCheckedAfterEach, type RunningBot, startBot } from "../support/bot.ts";
import { FAKE_BOT_USER } from "../support/fake-slack.ts";
import {
  CHATTER,
  DOWNSTREAM_ID,
  PANIC_ID,
  PASTE_DOWNSTREAM,
  PASTE_PANIC,
  PASTE_UNKNOWN,
  slackEscape,
} from "../support/pastes.ts";
import { blockAction, type MessageFields, messageEvent } from "../support/payloads.ts";
import { seedById, seedRecords } from "../support/seeds.ts";
import { postEvent, postInteraction, signature, TEST_SIGNING_SECRET } from "../support/signing.ts";

const INCIDENT = "C0INCIDENT1";

const startChecked = botsCheckedAfterEach();

async function start(env: Record<string, string> = {}, now?: () => number): Promise<RunningBot> {
  const bot = await startChecked({
    env: { RWERROR_AUTO_CHANNELS: `${INCIDENT},inc-*`, ...env },
    ...(now ? { now } : {}),
  });
  bot.fake.addChannel("C0INCDB0001", "inc-db");
  bot.fake.addChannel("C0RANDOM001", "random");
  return bot;
}

async function send(b: RunningBot, m: MessageFields, retryNum?: number) {
  const { envelope, eventId, ts } = messageEvent(m);
  const headers: Record<string, string> = retryNum
    ? { "x-slack-retry-num": String(retryNum), "x-slack-retry-reason": "http_timeout" }
    : {};
  const res = await postEvent(b.eventsUrl, envelope, { headers });
  expect(res.status).toBe(200);
  return { eventId, ts, envelope };
}

/** Waits for the handler to run its course: a reply, or time enough to have made one. */
const settle = (ms = 250) => new Promise((r) => setTimeout(r, ms));
const threadReplies = (b: RunningBot) =>
  b.fake.callsTo("chat.postMessage").filter((c) => c.args.thread_ts !== undefined);

describe("auto-replies in incident channels", () => {
  it("answers a pasted error once, in a thread under the message, with the matching card", async () => {
    const b = await start();
    const { ts } = await send(b, { channel: INCIDENT, text: slackEscape(PASTE_DOWNSTREAM) });
    await b.fake.waitFor(() => threadReplies(b).length === 1);
    const reply = threadReplies(b)[0];
    expect(reply?.args).toMatchObject({ channel: INCIDENT, thread_ts: ts });
    expect(reply?.token).toBe(BOT_TOKEN);
    expect(JSON.stringify(reply?.args.blocks)).toContain(DOWNSTREAM_ID);
    expect(await b.store.listOccurrences()).toContainEqual(
      expect.objectContaining({ source: "auto", recordId: DOWNSTREAM_ID, channelId: INCIDENT, messageTs: ts }),
    );
    expect(blockKitProblems(b)).toEqual([]);
  });

  it("replies inside the existing thread when the paste is itself a thread reply", async () => {
    const b = await start();
    await send(b, { channel: INCIDENT, text: slackEscape(PASTE_PANIC), threadTs: "1699999999.000100" });
    await b.fake.waitFor(() => threadReplies(b).length === 1);
    expect(threadReplies(b)[0]?.args.thread_ts).toBe("1699999999.000100");
  });

  it("gives a retried event (x-slack-retry-num) no second reply", async () => {
    const b = await start();
    const first = await send(b, { channel: INCIDENT, text: slackEscape(PASTE_DOWNSTREAM) });
    await b.fake.waitFor(() => threadReplies(b).length === 1);
    const retry = await postEvent(b.eventsUrl, first.envelope, {
      headers: { "x-slack-retry-num": "1", "x-slack-retry-reason": "http_timeout" },
    });
    expect(retry.status).toBe(200);
    await settle();
    expect(threadReplies(b)).toHaveLength(1);
  });

  it("gives an event redelivered after a restart no second reply (dedupe lives in SQLite)", async () => {
    const dbDir = mkdtempSync(join(tmpdir(), "rwerror-restart-"));
    try {
      const first = await startBot({ dbDir, env: { RWERROR_AUTO_CHANNELS: INCIDENT } });
      const delivered = await send(first, { channel: INCIDENT, text: slackEscape(PASTE_DOWNSTREAM) });
      await first.fake.waitFor(() => threadReplies(first).length === 1);
      await first.close();

      const b = await startChecked({ dbDir, env: { RWERROR_AUTO_CHANNELS: INCIDENT } });
      await postEvent(b.eventsUrl, delivered.envelope, { headers: { "x-slack-retry-num": "2" } });
      // Same thread and record under a new event id (a client re-sent the message): still no repeat.
      const resent = messageEvent({ channel: INCIDENT, text: slackEscape(PASTE_DOWNSTREAM), threadTs: delivered.ts });
      await postEvent(b.eventsUrl, resent.envelope);
      await settle();
      expect(threadReplies(b)).toEqual([]);
    } finally {
      rmSync(dbDir, { recursive: true, force: true });
    }
  });

  it("turns a burst of retried and repeated events into exactly one reply per thread and record", async () => {
    const b = await start();
    const a = messageEvent({ channel: INCIDENT, text: slackEscape(PASTE_DOWNSTREAM) });
    const again = messageEvent({ channel: INCIDENT, text: slackEscape(PASTE_DOWNSTREAM), threadTs: a.ts });
    const other = messageEvent({ channel: INCIDENT, text: slackEscape(PASTE_PANIC), threadTs: a.ts });
    const deliveries = [a, a, a, again, again, other, other, a].map((e, i) =>
      postEvent(b.eventsUrl, e.envelope, { headers: i > 0 ? { "x-slack-retry-num": String((i % 3) + 1) } : {} }),
    );
    await Promise.all(deliveries);
    await b.fake.waitFor(() => threadReplies(b).length >= 2);
    await settle(400);
    const replies = threadReplies(b);
    expect(replies).toHaveLength(2);
    expect(replies.every((r) => r.args.thread_ts === a.ts)).toBe(true);
    const texts = replies.map((r) => String(r.args.text));
    expect(texts.filter((t) => /downstream relation missing/i.test(t))).toHaveLength(1);
    expect(texts.filter((t) => /job fragments should exist/i.test(t))).toHaveLength(1);
  });

  it("stays silent on chatter and records nothing", async () => {
    const b = await start();
    await send(b, { channel: INCIDENT, text: CHATTER });
    await send(b, { channel: INCIDENT, text: "ok thanks, restarting the meta node now" });
    await settle();
    expect(b.fake.callsTo("chat.postMessage")).toEqual([]);
    expect(await b.store.listOccurrences()).toEqual([]);
  });

  it("records an error that matches nothing, without replying", async () => {
    const b = await start();
    await send(b, { channel: INCIDENT, text: slackEscape(PASTE_UNKNOWN) });
    await b.fake.waitFor(async () => (await b.store.listOccurrences()).length === 1);
    await settle(100);
    expect((await b.store.listOccurrences())[0]).toMatchObject({ source: "auto", recordId: null });
    expect(b.fake.callsTo("chat.postMessage")).toEqual([]);
  });

  it("counts a paste whose verdict is only candidates as unmatched, and does not reply", async () => {
    // A wrapper template around a long sentence: exact, but too vague (0.55) to post on its own.
    const wrapper = {
      ...seedById(DOWNSTREAM_ID),
      id: "00000000wrapper1",
      slug: "sink-backfill-stalled",
      errorMessage: "Sink backfill stalled: {}",
      messagePattern: "Sink backfill stalled: (.+?)",
    };
    const catalog = catalogFromRecords([...seedRecords(), wrapper]);
    const text = "ERROR: Sink backfill stalled: the upstream actor never acknowledged barrier 42 after many retries";
    const best = createMatcher(catalog).match(text).matches[0];
    expect(best).toMatchObject({ kind: "exact", record: { id: wrapper.id } });
    expect(best?.confidence).toBeLessThan(AUTO_POST_MIN_CONFIDENCE);

    const b = await startChecked({ catalog, env: { RWERROR_AUTO_CHANNELS: INCIDENT } });
    const { ts } = await send(b, { channel: INCIDENT, text });
    await b.fake.waitFor(async () => (await b.store.listOccurrences()).length === 1);
    await settle(100);
    // A guess never counts against a record: stats, Home and the digest count confident answers only.
    expect(createMatcher(catalog).match(text).verdict).toBe("candidates");
    const [row] = await b.store.listOccurrences();
    expect(row).toMatchObject({ source: "auto", recordId: null, messageTs: ts });
    expect(row?.fingerprint).toMatch(/^[0-9a-f]{12}$/);
    expect(b.fake.callsTo("chat.postMessage")).toEqual([]);
  });

  it("ignores other bots, its own posts, edits, deletions, joins and other subtypes", async () => {
    const b = await start();
    const text = slackEscape(PASTE_DOWNSTREAM);
    await send(b, { channel: INCIDENT, text, subtype: "bot_message", botId: "B0OTHER" });
    await send(b, { channel: INCIDENT, text, botId: "B0ALERTS" });
    await send(b, { channel: INCIDENT, text, user: FAKE_BOT_USER });
    await send(b, { channel: INCIDENT, text, subtype: "message_changed" });
    await send(b, { channel: INCIDENT, text, subtype: "message_deleted" });
    await send(b, { channel: INCIDENT, text, subtype: "channel_join" });
    await send(b, { channel: INCIDENT, text, subtype: "channel_topic" });
    await settle();
    expect(b.fake.callsTo("chat.postMessage")).toEqual([]);
  });

  it("survives malformed events and keeps answering", async () => {
    const b = await start();
    const ts = Math.floor(Date.now() / 1000);
    const garbage = "{not json";
    const raw = await fetch(b.eventsUrl, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        "x-slack-request-timestamp": String(ts),
        "x-slack-signature": signature(TEST_SIGNING_SECRET, ts, garbage),
      },
      body: garbage,
    });
    expect(raw.status).toBeGreaterThanOrEqual(400);
    const broken = messageEvent({ channel: INCIDENT, text: slackEscape(PASTE_DOWNSTREAM) });
    const event = broken.envelope.event as Record<string, unknown>;
    event.ts = 42;
    event.text = { not: "text" };
    await postEvent(b.eventsUrl, broken.envelope);
    await postEvent(b.eventsUrl, { ...broken.envelope, event: null, event_id: "EvNULL" });
    await send(b, { channel: INCIDENT, text: slackEscape(PASTE_PANIC) });
    await b.fake.waitFor(() => threadReplies(b).length === 1);
    expect(String(threadReplies(b)[0]?.args.text)).toMatch(/job fragments/);
  });

  it("answers thread_broadcast messages", async () => {
    const b = await start();
    await send(b, {
      channel: INCIDENT,
      text: slackEscape(PASTE_PANIC),
      subtype: "thread_broadcast",
      threadTs: "1699999999.000200",
    });
    await b.fake.waitFor(() => threadReplies(b).length === 1);
    expect(threadReplies(b)[0]?.args.thread_ts).toBe("1699999999.000200");
  });

  it("does not answer outside the configured channels", async () => {
    const b = await start();
    await send(b, { channel: "C0RANDOM001", text: slackEscape(PASTE_DOWNSTREAM) });
    await send(b, { channel: "C0UNKNOWN01", text: slackEscape(PASTE_DOWNSTREAM) });
    await settle();
    expect(b.fake.callsTo("chat.postMessage")).toEqual([]);
  });

  it("resolves channel names and globs with conversations.info, once per channel", async () => {
    const b = await start();
    await send(b, { channel: "C0INCDB0001", text: slackEscape(PASTE_DOWNSTREAM) });
    await send(b, { channel: "C0INCDB0001", text: slackEscape(PASTE_PANIC) });
    await b.fake.waitFor(() => threadReplies(b).length === 2);
    expect(b.fake.callsTo("conversations.info").filter((c) => c.args.channel === "C0INCDB0001")).toHaveLength(1);
  });

  it("reads a paste Slack turned into a text file, fetching it with the bot token", async () => {
    const b = await start();
    b.fake.addFile({
      id: "F0PASTE01",
      name: "error.txt",
      mimetype: "text/plain",
      filetype: "text",
      content: PASTE_PANIC,
    });
    await send(b, { channel: INCIDENT, text: "", subtype: "file_share", files: [{ id: "F0PASTE01" }] });
    await b.fake.waitFor(() => threadReplies(b).length === 1);
    expect(JSON.stringify(threadReplies(b)[0]?.args.blocks)).toContain(PANIC_ID);
    expect(b.fake.fileFetches).toEqual([{ id: "F0PASTE01", token: BOT_TOKEN }]);
  });

  it("rejects an HTML sign-in page and files that are not text", async () => {
    const b = await start();
    b.fake.addFile({
      id: "F0HTML001",
      name: "error.txt",
      mimetype: "text/plain",
      filetype: "text",
      content: PASTE_PANIC,
      servedBody: `<!DOCTYPE html><html><body>Sign in ${PASTE_PANIC}</body></html>`,
      servedContentType: "text/html",
    });
    b.fake.addFile({ id: "F0IMAGE01", name: "shot.png", mimetype: "image/png", filetype: "png", content: PASTE_PANIC });
    await send(b, {
      channel: INCIDENT,
      text: "",
      subtype: "file_share",
      files: [{ id: "F0HTML001" }, { id: "F0IMAGE01" }],
    });
    await settle();
    expect(b.fake.callsTo("chat.postMessage")).toEqual([]);
    expect(b.fake.fileFetches.map((f) => f.id)).toEqual(["F0HTML001"]);
  });

  it("caps file downloads by size", async () => {
    const b = await start();
    const big = `${PASTE_PANIC}\n${"x".repeat(300 * 1024)}`;
    b.fake.addFile({ id: "F0BIG0001", name: "huge.log", mimetype: "text/plain", filetype: "text", content: big });
    await send(b, { channel: INCIDENT, text: "", subtype: "file_share", files: [{ id: "F0BIG0001" }] });
    await settle();
    expect(b.fake.callsTo("chat.postMessage")).toEqual([]);
    expect(b.fake.fileFetches).toEqual([]);
  });

  it("links the earlier card instead of repeating it for the same error in another thread within 30 minutes", async () => {
    const b = await start();
    const first = await send(b, { channel: INCIDENT, text: slackEscape(PASTE_DOWNSTREAM) });
    await b.fake.waitFor(() => threadReplies(b).length === 1);
    const second = await send(b, { channel: INCIDENT, text: slackEscape(PASTE_DOWNSTREAM) });
    await b.fake.waitFor(() => threadReplies(b).length === 2);
    const pointer = threadReplies(b)[1];
    expect(pointer?.args.thread_ts).toBe(second.ts);
    expect(((pointer?.args.blocks as unknown[] | undefined) ?? []).length).toBe(1);
    const permalinkCall = b.fake.callsTo("chat.getPermalink")[0];
    expect(permalinkCall?.args.channel).toBe(INCIDENT);
    expect(String(pointer?.args.text)).toContain("https://fake.slack.test/archives/");
    expect(first.ts).not.toBe(second.ts);
  });

  it("sends a full card again once 30 minutes have passed", async () => {
    let t = Date.now();
    const b = await start({}, () => t);
    await send(b, { channel: INCIDENT, text: slackEscape(PASTE_DOWNSTREAM) });
    await b.fake.waitFor(() => threadReplies(b).length === 1);
    t += 31 * 60_000;
    await send(b, { channel: INCIDENT, text: slackEscape(PASTE_DOWNSTREAM) });
    await b.fake.waitFor(() => threadReplies(b).length === 2);
    const card = threadReplies(b)[1];
    expect(((card?.args.blocks as unknown[] | undefined) ?? []).length).toBeGreaterThan(1);
    // Not a pointer: the new card links the earlier thread as "seen before" instead.
    const firstReplyTs = threadReplies(b)[0]?.args.thread_ts;
    expect(b.fake.callsTo("chat.getPermalink").map((c) => c.args.message_ts)).not.toContain(undefined);
    expect(b.fake.callsTo("chat.getPermalink").length).toBe(1);
    expect(firstReplyTs).toBeDefined();
    expect(JSON.stringify(card?.args.blocks)).toMatch(
      /Seen once in <#C0INCIDENT1>.*earlier threads: <https:\/\/fake\.slack\.test\/archives\//,
    );
  });

  it("posts at most N full cards per channel per 10 minutes, then one line per paste with Show, never silence", async () => {
    const b = await start({ RWERROR_MAX_CARDS_PER_10MIN: "1" });
    await send(b, { channel: INCIDENT, text: slackEscape(PASTE_DOWNSTREAM) });
    await b.fake.waitFor(() => threadReplies(b).length === 1);
    const held = await send(b, { channel: INCIDENT, text: slackEscape(PASTE_PANIC) });
    await b.fake.waitFor(() => threadReplies(b).length === 2);
    const line = threadReplies(b)[1];
    expect(line?.args.thread_ts).toBe(held.ts);
    const blocks = line?.args.blocks as { text?: { text: string }; accessory?: { action_id: string; value: string } }[];
    expect(blocks).toHaveLength(1);
    expect(blocks[0]?.text?.text).toContain(
      "*job fragments should exist for streaming job* · card held back: this channel reached its cap of 1 full card in 10 min",
    );
    expect(blocks[0]?.accessory?.action_id).toBe(ACTION.showHeld);
    expect(b.logger.lines.join("\n")).toMatch(
      /card held back \(cap 1 in 10 min\) channel=C0INCIDENT1 record=b940132d377b6d0e/,
    );
    // The same paste again in that thread gets no second line.
    await send(b, { channel: INCIDENT, text: slackEscape(PASTE_PANIC), threadTs: held.ts });
    await settle();
    expect(threadReplies(b)).toHaveLength(2);
    // Show: the card held back, for the clicker only.
    await postInteraction(
      b.eventsUrl,
      blockAction({
        actionId: ACTION.showHeld,
        value: String(blocks[0]?.accessory?.value),
        responseUrl: b.fake.responseUrl("held"),
        channelId: INCIDENT,
        messageTs: String(held.ts),
      }),
    );
    await b.fake.waitFor(() => b.fake.responsesTo("held").length === 1);
    const card = b.fake.responsesTo("held")[0]?.body ?? {};
    expect(card.response_type).toBe("ephemeral");
    expect(JSON.stringify(card.blocks)).toContain("matched exactly");
    expect(JSON.stringify(card.blocks)).toContain(PANIC_ID);
    // Another channel has its own budget.
    await send(b, { channel: "C0INCDB0001", text: slackEscape(PASTE_PANIC) });
    await b.fake.waitFor(() => threadReplies(b).length === 3);
    expect(((threadReplies(b)[2]?.args.blocks ?? []) as unknown[]).length).toBeGreaterThan(1);
  });

  it("warns on a storm's cards that later errors will get one line each", async () => {
    const b = await start({ RWERROR_MAX_CARDS_PER_10MIN: "2" });
    await send(b, { channel: INCIDENT, text: slackEscape(PASTE_DOWNSTREAM) });
    await b.fake.waitFor(() => threadReplies(b).length === 1);
    await send(b, { channel: INCIDENT, text: slackEscape(PASTE_PANIC) });
    await b.fake.waitFor(() => threadReplies(b).length === 2);
    expect(JSON.stringify(threadReplies(b)[0]?.args.blocks)).not.toContain(":cyclone:");
    expect(JSON.stringify(threadReplies(b)[1]?.args.blocks)).toContain(
      ":cyclone: Full card 2 of 2 in this channel in 10 min: after that, each new error gets a one-line reply with *Show*",
    );
  });

  it("keeps the full-card cap when errors arrive in several threads at once", async () => {
    const b = await start({ RWERROR_MAX_CARDS_PER_10MIN: "1" });
    // Slow posts: every event has claimed its reply before the first card is acknowledged.
    b.fake.delay("chat.postMessage", 300);
    const pastes = [PASTE_DOWNSTREAM, PASTE_PANIC, PASTE_DOWNSTREAM, PASTE_PANIC];
    const events = pastes.map((p) => messageEvent({ channel: INCIDENT, text: slackEscape(p) }));
    await Promise.all(events.map((e) => postEvent(b.eventsUrl, e.envelope)));
    await b.fake.waitFor(() => threadReplies(b).length >= 4);
    await settle(400);
    const replies = threadReplies(b);
    const blockCount = (r: (typeof replies)[number]) => ((r.args.blocks as unknown[] | undefined) ?? []).length;
    const cards = replies.filter((r) => blockCount(r) > 1);
    expect(cards).toHaveLength(1);
    const cardIsDownstream = /downstream relation missing/i.test(String(cards[0]?.args.text));
    // The rest: a pointer for the same error as the card, a held-back line for each paste of the other one.
    const pointers = replies.filter((r) => /Same error pasted/.test(String(r.args.text)));
    expect(pointers).toHaveLength(1);
    expect(/downstream relation missing/i.test(String(pointers[0]?.args.text))).toBe(cardIsDownstream);
    const held = replies.filter((r) => /card held back/.test(String(r.args.text)));
    expect(held).toHaveLength(2);
    expect(held.every((r) => /downstream relation missing/i.test(String(r.args.text)) !== cardIsDownstream)).toBe(true);
    expect(new Set(replies.map((r) => r.args.thread_ts)).size).toBe(replies.length);
  });

  it("waits out a 429 with Retry-After on chat.postMessage and then replies once", async () => {
    const b = await start();
    b.fake.rateLimitOnce("chat.postMessage", 1);
    const started = Date.now();
    await send(b, { channel: INCIDENT, text: slackEscape(PASTE_DOWNSTREAM) });
    await b.fake.waitFor(() => threadReplies(b).length === 1, 8000);
    expect(Date.now() - started).toBeGreaterThanOrEqual(900);
    expect(b.fake.calls.filter((c) => c.method === "chat.postMessage" && c.rateLimited)).toHaveLength(1);
    await settle();
    expect(threadReplies(b)).toHaveLength(1);
  });
});
