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

describe("Slack redeliveries after a failed answer", () => {
  it("answers the redelivery of an event whose answer failed, and ignores one whose answer was posted", async () => {
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
    await b.fake.waitFor(() => b.logger.lines.some((l) => /internal_error/.test(l)));
    // The failed attempt released the event (and its reply claim): Slack's retry gets a real answer.
    const retry = { headers: { "x-slack-retry-num": "1", "x-slack-retry-reason": "http_error" } };
    expect((await postEvent(b.eventsUrl, envelope, retry)).status).toBe(200);
    await b.fake.waitFor(() => replies(b).length === 2);
    expect(replies(b)[1]?.args.blocks).toBeDefined();
    // Handled now: a further redelivery is not answered again.
    expect((await postEvent(b.eventsUrl, envelope, { headers: { "x-slack-retry-num": "2" } })).status).toBe(200);
    await new Promise((r) => setTimeout(r, 300));
    expect(replies(b)).toHaveLength(2);
    expect(await b.store.listOccurrences()).toHaveLength(1);
  });
});
