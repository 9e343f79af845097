/**
 * What an operator sees of the real process (`rwerror serve`, Slack replaced at the network edge): one
 * info line per handled event with its id, team, channel, kind, verdict, record, outcome and time, and
 * /metrics with the process's own metrics, the ack latency and the answers posted (issue 19 item 7).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type BotProcess, startBotProcess } from "../support/bot-process.ts";
import { FAKE_TEAM, type FakeSlack, startFakeSlack } from "../support/fake-slack.ts";
import { DOWNSTREAM_ID, PASTE_DOWNSTREAM, slackEscape } from "../support/pastes.ts";
import { messageEvent, slashCommand } from "../support/payloads.ts";
import { postEvent, postForm } from "../support/signing.ts";

const CHANNEL = "C0OPSVIEW";
let fake: FakeSlack;
let bot: BotProcess;
beforeAll(async () => {
  fake = await startFakeSlack();
  bot = await startBotProcess(fake.apiUrl, { RWERROR_AUTO_CHANNELS: CHANNEL });
}, 40_000);
afterAll(async () => {
  bot?.child.kill("SIGKILL");
  await fake?.close();
});

type Line = Record<string, unknown> & { level: number; msg: string };
const handledLines = (): Line[] =>
  bot
    .stdout()
    .split("\n")
    .filter((l) => l.startsWith("{"))
    .map((l) => JSON.parse(l) as Line)
    .filter((l) => l.msg === "event handled");

describe("the operators' view", () => {
  it("logs one info line per handled event, a retry as a duplicate, chatter as not an error", async () => {
    const paste = messageEvent({ channel: CHANNEL, text: slackEscape(PASTE_DOWNSTREAM) });
    expect((await postEvent(bot.eventsUrl, paste.envelope)).status).toBe(200);
    await fake.waitFor(() => handledLines().some((l) => l.event_id === paste.eventId));
    const retry = await postEvent(bot.eventsUrl, paste.envelope, { headers: { "x-slack-retry-num": "1" } });
    expect(retry.status).toBe(200);
    const chatter = messageEvent({ channel: CHANNEL, text: "lunch at noon?" });
    await postEvent(bot.eventsUrl, chatter.envelope);
    await fake.waitFor(() => handledLines().length >= 3);

    const lines = handledLines();
    console.log("event lines", JSON.stringify(lines));
    const forPaste = lines.filter((l) => l.event_id === paste.eventId);
    expect(forPaste).toHaveLength(2);
    expect(forPaste[0]).toMatchObject({
      level: 30,
      team: FAKE_TEAM,
      channel: CHANNEL,
      kind: "message",
      verdict: "answer",
      record_id: DOWNSTREAM_ID,
      outcome: "card",
    });
    expect(forPaste[0]?.ms).toEqual(expect.any(Number));
    expect(forPaste[1]).toMatchObject({ outcome: "duplicate" });
    expect(lines.find((l) => l.event_id === chatter.eventId)).toMatchObject({
      outcome: "not-an-error",
      verdict: "none",
      record_id: null,
    });
    // The paste itself is never logged.
    expect(bot.stdout()).not.toContain("downstream relation missing");
  });

  it("/metrics has the process's metrics, the ack latency and the answers posted", async () => {
    await fake.waitFor(() => fake.callsTo("chat.postMessage").length >= 1);
    const text = await (await fetch(`${bot.baseUrl}/metrics`)).text();
    expect(text).toMatch(/^process_cpu_seconds_total \d/m);
    expect(text).toMatch(/^process_resident_memory_bytes \d/m);
    expect(text).toMatch(/^nodejs_eventloop_lag_seconds \d/m);
    const acks = Number(/^rwerror_ack_duration_seconds_count (\d+)$/m.exec(text)?.[1]);
    expect(acks).toBeGreaterThanOrEqual(3);
    const under3s = Number(/^rwerror_ack_duration_seconds_bucket\{le="3"\} (\d+)$/m.exec(text)?.[1]);
    expect(under3s).toBe(acks);
    expect(text).toMatch(/^rwerror_answers_posted_total 1$/m);
  });

  it("logs a listener that failed at error with `err`: its type, message and stack", async () => {
    // The command's reply goes to a response_url that has expired (404).
    await postForm(bot.eventsUrl, slashCommand({ text: "help", responseUrl: fake.responseUrl("expired-ops") }));
    const failed = () =>
      bot
        .stdout()
        .split("\n")
        .filter((l) => l.includes("listener failed"))
        .map((l) => JSON.parse(l) as Line & { err?: { type?: string; message?: string; stack?: string } });
    await fake.waitFor(() => failed().length === 1);
    const line = failed()[0];
    expect(line?.level).toBe(50);
    expect(line?.err?.type).toEqual(expect.any(String));
    expect(line?.err?.message).toEqual(expect.any(String));
    expect(line?.err?.stack).toMatch(/\n\s+at /);
  });
});
