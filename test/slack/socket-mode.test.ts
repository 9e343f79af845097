import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { NOT_SURE_TEXT } from "../../src/render/index.ts";
import { APP_TOKEN, BOT_TOKEN, blockKitProblems, HEALTH_TOKEN, type RunningBot, startBot } from "../support/bot.ts";
import { FAKE_BOT_USER, FAKE_TEAM } from "../support/fake-slack.ts";
import { DOWNSTREAM_ID, PASTE_DOWNSTREAM, slackEscape } from "../support/pastes.ts";
import { messageEvent, slashCommand } from "../support/payloads.ts";

const INCIDENT = "C0SOCKETINC";

let bot: RunningBot;
beforeAll(async () => {
  bot = await startBot({ mode: "socket", env: { RWERROR_AUTO_CHANNELS: INCIDENT } });
  await bot.socket?.waitForConnection();
});
afterAll(async () => {
  await bot?.close();
});

describe("Socket Mode", () => {
  it("opens the connection through apps.connections.open at SLACK_API_URL with the app token", () => {
    const open = bot.fake.callsTo("apps.connections.open");
    expect(open).toHaveLength(1);
    expect(open[0]?.token).toBe(APP_TOKEN);
  });

  it("serves GET /readyz, /healthz and /livez on PORT beside the socket", async () => {
    for (const path of ["/readyz", "/healthz"]) {
      const res = await fetch(`http://127.0.0.1:${bot.built.port()}${path}`, {
        headers: { authorization: `Bearer ${HEALTH_TOKEN}` },
      });
      expect(await res.json()).toMatchObject({ ok: true, records: bot.catalog.records.length, db: "ok" });
    }
    expect((await fetch(`http://127.0.0.1:${bot.built.port()}/livez`)).status).toBe(200);
  });

  it("is not ready while the socket to Slack is down, and still alive", async () => {
    const other = await startBot({ mode: "socket" });
    // Stopping the app while its socket client retries rejects the client's own reconnect promise
    // with no reason (inside @slack/socket-mode); the bot's start-up logs such lines instead of crashing.
    const rejections: unknown[] = [];
    const onRejection = (reason: unknown) => void rejections.push(reason);
    process.on("unhandledRejection", onRejection);
    try {
      await other.socket?.waitForConnection();
      const base = `http://127.0.0.1:${other.built.port()}`;
      expect((await fetch(`${base}/readyz`)).status).toBe(200);
      await other.socket?.close();
      let last: Response | undefined;
      await other.fake.waitFor(async () => {
        last = await fetch(`${base}/readyz`, { headers: { authorization: `Bearer ${HEALTH_TOKEN}` } });
        return last.status === 503;
      });
      expect(await last?.json()).toMatchObject({ ok: false, problems: ["Socket Mode is not connected"] });
      expect((await fetch(`${base}/livez`)).status).toBe(200);
    } finally {
      await other.close();
      await new Promise((r) => setTimeout(r, 200));
      process.off("unhandledRejection", onRejection);
    }
    expect(rejections.filter((r) => r !== undefined)).toEqual([]);
  });

  it("keeps running without the health endpoint when PORT is taken", async () => {
    const other = await startBot({ mode: "socket", env: { PORT: String(bot.built.port()) } });
    try {
      await other.socket?.waitForConnection();
      expect(other.built.port()).toBeUndefined();
      expect(other.logger.lines.join("\n")).toMatch(/health endpoint disabled/);
    } finally {
      await other.close();
    }
  });

  it("acks an events_api envelope and replies in the thread", async () => {
    const socket = bot.socket!;
    const { envelope, ts } = messageEvent({ channel: INCIDENT, text: slackEscape(PASTE_DOWNSTREAM) });
    const envelopeId = socket.sendEvent(envelope);
    await bot.fake.waitFor(() => socket.acks.some((a) => a.envelope_id === envelopeId));
    await bot.fake.waitFor(() => bot.fake.callsTo("chat.postMessage").length === 1);
    const reply = bot.fake.callsTo("chat.postMessage")[0];
    expect(reply?.args).toMatchObject({ channel: INCIDENT, thread_ts: ts });
    expect(reply?.token).toBe(BOT_TOKEN);
    expect(JSON.stringify(reply?.args.blocks)).toContain(DOWNSTREAM_ID);
  });

  it("acks a redelivered envelope (retry_attempt 1) without a second reply", async () => {
    const socket = bot.socket!;
    const { envelope } = messageEvent({ channel: INCIDENT, text: slackEscape(PASTE_DOWNSTREAM) });
    const first = socket.sendEvent(envelope);
    const retry = socket.sendEvent(envelope, 1);
    await bot.fake.waitFor(() => [first, retry].every((id) => socket.acks.some((a) => a.envelope_id === id)));
    await new Promise((r) => setTimeout(r, 300));
    // One more reply (for this new message's thread), not two.
    expect(bot.fake.callsTo("chat.postMessage")).toHaveLength(2);
  });

  it("answers a slash command envelope through its response_url", async () => {
    const socket = bot.socket!;
    const envelopeId = socket.sendEnvelope(
      "slash_commands",
      slashCommand({ text: slackEscape(PASTE_DOWNSTREAM), responseUrl: bot.fake.responseUrl("socket-cmd") }),
    );
    await bot.fake.waitFor(() => socket.acks.some((a) => a.envelope_id === envelopeId));
    await bot.fake.waitFor(() => bot.fake.responsesTo("socket-cmd").length === 1);
    expect(bot.fake.responsesTo("socket-cmd")[0]?.body.response_type).toBe("ephemeral");
    expect(blockKitProblems(bot)).toEqual([]);
  });

  it("answers a guess with not sure, and @rwerror in a thread, over the socket too", async () => {
    const socket = bot.socket!;
    const unsure = socket.sendEnvelope(
      "slash_commands",
      slashCommand({ text: "ERROR: job fragments should exist", responseUrl: bot.fake.responseUrl("socket-unsure") }),
    );
    await bot.fake.waitFor(() => socket.acks.some((a) => a.envelope_id === unsure));
    await bot.fake.waitFor(() => bot.fake.responsesTo("socket-unsure").length === 1);
    expect(JSON.stringify(bot.fake.responsesTo("socket-unsure")[0]?.body.blocks)).toContain(NOT_SURE_TEXT);

    const root = "1700000300.000100";
    bot.fake.handle("conversations.replies", () => ({
      ok: true,
      messages: [{ ts: root, user: "U0BOB", text: slackEscape(PASTE_DOWNSTREAM) }],
    }));
    const before = bot.fake.callsTo("chat.postMessage").length;
    socket.sendEvent({
      token: "t",
      team_id: FAKE_TEAM,
      api_app_id: "A0RWERROR",
      type: "event_callback",
      event_id: "EvSocketMention",
      event_time: 1,
      authorizations: [{ team_id: FAKE_TEAM, user_id: FAKE_BOT_USER, is_bot: true, is_enterprise_install: false }],
      event: {
        type: "app_mention",
        channel: "C0ELSEWHERE",
        user: "U0CAROL",
        text: "<@U0RWBOT>",
        ts: "1700000300.000200",
        thread_ts: root,
        event_ts: "1",
      },
    });
    await bot.fake.waitFor(() => bot.fake.callsTo("chat.postMessage").length === before + 1);
    expect(bot.fake.callsTo("chat.postMessage").at(-1)?.args).toMatchObject({
      channel: "C0ELSEWHERE",
      thread_ts: root,
    });
    expect(blockKitProblems(bot)).toEqual([]);
  });
});

describe("Socket Mode shutdown", () => {
  it("disconnects first, then waits for the running handler, which still answers", async () => {
    const own = await startBot({ mode: "socket", env: { RWERROR_AUTO_CHANNELS: "C0INCIDENT" } });
    try {
      await own.socket?.waitForConnection();
      own.fake.delay("chat.postMessage", 800);
      const { envelope, ts } = messageEvent({ channel: "C0INCIDENT", text: slackEscape(PASTE_DOWNSTREAM) });
      const id = own.socket?.sendEvent(envelope);
      await own.fake.waitFor(() => own.socket?.acks.some((a) => a.envelope_id === id) ?? false);
      await new Promise((r) => setTimeout(r, 100));
      const t0 = performance.now();
      const abandoned = await own.built.drain(5_000);
      expect(abandoned).toEqual([]);
      expect(performance.now() - t0).toBeGreaterThan(300); // it waited for the slow reply
      expect(own.fake.callsTo("chat.postMessage").some((c) => c.args.thread_ts === ts)).toBe(true);
    } finally {
      await own.close();
    }
  });
});
