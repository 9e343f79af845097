import { afterEach, describe, expect, it } from "vitest";
import { type RunningBot, startBot } from "../support/bot.ts";
import { PASTE_DOWNSTREAM, slackEscape } from "../support/pastes.ts";
import { messageEvent } from "../support/payloads.ts";
import { postEvent } from "../support/signing.ts";

const INCIDENT = "C0REDELIV1";

let bot: RunningBot | undefined;
afterEach(async () => {
  await bot?.close();
  bot = undefined;
});

const replies = (b: RunningBot) => b.fake.callsTo("chat.postMessage").filter((c) => c.args.thread_ts !== undefined);
const metric = async (b: RunningBot, pattern: RegExp) =>
  pattern.exec(await (await fetch(`${b.baseUrl}/metrics`)).text());

describe("answers Slack refused", () => {
  it("retries an answer Slack refused with internal_error by itself, posts it once, and ignores the redelivery", async () => {
    bot = await startBot({ env: { RWERROR_AUTO_CHANNELS: INCIDENT } });
    const b = bot;
    let failures = 1;
    b.fake.handle("chat.postMessage", (args) =>
      failures-- > 0
        ? { ok: false, error: "internal_error" }
        : { ok: true, channel: args.channel, ts: "1700000001.000200" },
    );
    const { envelope } = messageEvent({ channel: INCIDENT, text: slackEscape(PASTE_DOWNSTREAM) });
    expect((await postEvent(b.eventsUrl, envelope)).status).toBe(200);
    // No redelivery needed: the outbox tries again after its backoff.
    await b.fake.waitFor(() => replies(b).length === 2, 15_000);
    expect(replies(b)[1]?.args.blocks).toBeDefined();
    expect(replies(b)[1]?.args.metadata).toEqual({
      event_type: "rwerror_answer",
      event_payload: { key: `ev:${envelope.event_id}` },
    });
    // Handled: Slack's redelivery of the event is not answered again.
    expect((await postEvent(b.eventsUrl, envelope, { headers: { "x-slack-retry-num": "1" } })).status).toBe(200);
    await new Promise((r) => setTimeout(r, 300));
    expect(replies(b)).toHaveLength(2);
    expect(await b.store.listOccurrences()).toHaveLength(1);
    expect(await b.store.outboxDepth()).toBe(0);
    expect((await metric(b, /^rwerror_answers_posted_total (\d+)$/m))?.[1]).toBe("1");
  });

  it("gives up at once on a permanent error (not_in_channel): counted, logged with the channel, never retried", async () => {
    bot = await startBot({ env: { RWERROR_AUTO_CHANNELS: INCIDENT } });
    const b = bot;
    b.fake.handle("chat.postMessage", () => ({ ok: false, error: "not_in_channel" }));
    const { envelope } = messageEvent({ channel: INCIDENT, text: slackEscape(PASTE_DOWNSTREAM) });
    expect((await postEvent(b.eventsUrl, envelope)).status).toBe(200);
    await b.fake.waitFor(() => b.logger.lines.some((l) => /not delivered \(not_in_channel\)/.test(l)));
    const line = b.logger.lines.find((l) => /not delivered/.test(l)) ?? "";
    expect(line).toContain(`channel=${INCIDENT}`);
    // Several sweeps later: still the one attempt.
    await new Promise((r) => setTimeout(r, 4_500));
    expect(replies(b)).toHaveLength(1);
    expect(await b.store.outboxDepth()).toBe(0);
    expect((await metric(b, /^rwerror_answers_undelivered_total\{reason="not_in_channel"\} (\d+)$/m))?.[1]).toBe("1");
  });
});
