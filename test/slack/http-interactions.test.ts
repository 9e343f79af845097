import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ACTION, encodeCardRef, SHORTCUT_EXPLAIN, VIEW } from "../../src/render/index.ts";
import { ALREADY_SHARED } from "../../src/slack/listeners/actions.ts";
import { blockKitProblems, type RunningBot, startBot } from "../support/bot.ts";
import { DOWNSTREAM_ID, PANIC_ID, PASTE_PANIC, slackEscape } from "../support/pastes.ts";
import { appHomeOpened, blockAction, messageShortcut } from "../support/payloads.ts";
import { postEvent, postInteraction } from "../support/signing.ts";

let bot: RunningBot;
beforeAll(async () => {
  bot = await startBot();
});
afterAll(async () => {
  await bot?.close();
});

const ref = (r: string) => encodeCardRef({ r, k: "e", c: 1, v: ["1001", "1002"] });

async function votes(): Promise<{ record_id: string; helpful: number; user_id: string }[]> {
  return (await bot.store.listFeedback()).map((v) => ({
    record_id: v.recordId,
    helpful: v.helpful ? 1 : 0,
    user_id: v.userId,
  }));
}

describe("HTTP mode: card buttons", () => {
  it("stores Helpful on an ephemeral card and replaces the card with a thank-you", async () => {
    const res = await postInteraction(
      bot.eventsUrl,
      blockAction({
        actionId: ACTION.helpful,
        value: ref(DOWNSTREAM_ID),
        responseUrl: bot.fake.responseUrl("vote-eph"),
        ephemeral: true,
        userId: "U0VOTER",
      }),
    );
    expect(res.status).toBe(200);
    await bot.fake.waitFor(() => bot.fake.responsesTo("vote-eph").length === 1);
    const body = bot.fake.responsesTo("vote-eph")[0]?.body ?? {};
    expect(body.replace_original).toBe(true);
    expect(JSON.stringify(body.blocks)).toMatch(/thanks/i);
    expect(JSON.stringify(body.blocks)).not.toContain(ACTION.helpful);
    expect(await votes()).toContainEqual({ record_id: DOWNSTREAM_ID, helpful: 1, user_id: "U0VOTER" });
  });

  it("marks a channel card for everyone with who found it helpful or not, keeping its buttons for the next voter", async () => {
    const blocks = [
      { type: "section", text: { type: "mrkdwn", text: "card" } },
      {
        type: "actions",
        block_id: "rwerror_card_actions",
        elements: [
          { type: "button", action_id: ACTION.helpful, text: { type: "plain_text", text: "Helpful" }, value: "x" },
          { type: "button", action_id: ACTION.notHelpful, text: { type: "plain_text", text: "Not" }, value: "x" },
          { type: "button", action_id: ACTION.details, text: { type: "plain_text", text: "Details" }, value: "x" },
        ],
      },
    ];
    const click = (actionId: string, userId: string, responseId: string, shown = blocks) =>
      postInteraction(
        bot.eventsUrl,
        blockAction({
          actionId,
          value: ref(PANIC_ID),
          responseUrl: bot.fake.responseUrl(responseId),
          channelId: "C0INCIDENT",
          messageTs: "1700000000.000777",
          blocks: shown,
          userId,
        }),
      );
    await click(ACTION.notHelpful, "U0GRUMPY", "vote-chan-1");
    await bot.fake.waitFor(() => bot.fake.callsTo("chat.update").length === 1);
    const first = bot.fake.callsTo("chat.update")[0]?.args ?? {};
    expect(first).toMatchObject({ channel: "C0INCIDENT", ts: "1700000000.000777" });
    await click(ACTION.helpful, "U0HAPPY", "vote-chan-2", first.blocks as typeof blocks);
    await bot.fake.waitFor(() => bot.fake.callsTo("chat.update").length === 2);
    const updated = bot.fake.callsTo("chat.update")[1]?.args.blocks as { type: string; block_id?: string }[];
    // One vote line (replaced, not added again), above the buttons, which stay.
    expect(updated.map((b) => b.block_id ?? b.type)).toEqual(["section", "rwerror_votes", "rwerror_card_actions"]);
    expect(JSON.stringify(updated[1])).toContain(
      ":white_check_mark: Marked helpful by <@U0HAPPY> · :x: Marked not helpful by <@U0GRUMPY>",
    );
    expect(JSON.stringify(updated[2])).toContain(ACTION.helpful);
    expect(bot.fake.responses.filter((r) => r.id.startsWith("vote-chan-"))).toEqual([]);
    expect(await votes()).toContainEqual({ record_id: PANIC_ID, helpful: 0, user_id: "U0GRUMPY" });
    expect(await votes()).toContainEqual({ record_id: PANIC_ID, helpful: 1, user_id: "U0HAPPY" });
  });

  it("opens the details modal for Show details", async () => {
    await postInteraction(
      bot.eventsUrl,
      blockAction({ actionId: ACTION.details, value: ref(DOWNSTREAM_ID), responseUrl: bot.fake.responseUrl("d") }),
    );
    await bot.fake.waitFor(() =>
      bot.fake
        .callsTo("views.open")
        .some((c) => (c.args.view as { callback_id?: string }).callback_id === VIEW.details),
    );
    const open = bot.fake
      .callsTo("views.open")
      .find((c) => (c.args.view as { callback_id?: string }).callback_id === VIEW.details);
    expect(open?.args.trigger_id).toBe("1337.43.trigger");
    expect(JSON.stringify(open?.args.view)).toMatch(/Trigger scenarios/);
  });

  it("posts the card in the channel for Post in channel and deletes the ephemeral one", async () => {
    await postInteraction(
      bot.eventsUrl,
      blockAction({
        actionId: ACTION.postInChannel,
        value: ref(DOWNSTREAM_ID),
        responseUrl: bot.fake.responseUrl("post"),
        channelId: "C0SHARE",
        ephemeral: true,
      }),
    );
    await bot.fake.waitFor(() => bot.fake.responsesTo("post").length === 1);
    const posted = bot.fake.callsTo("chat.postMessage").find((c) => c.args.channel === "C0SHARE");
    expect(JSON.stringify(posted?.args.blocks)).toContain(DOWNSTREAM_ID);
    expect(JSON.stringify(posted?.args.blocks)).not.toContain(ACTION.postInChannel);
    expect(bot.fake.responsesTo("post")[0]?.body).toEqual({ delete_original: true });
  });

  it("posts one public copy when Post in channel is clicked five times on one card", async () => {
    const clicks = Array.from({ length: 5 }, (_, i) =>
      postInteraction(
        bot.eventsUrl,
        blockAction({
          actionId: ACTION.postInChannel,
          value: ref(DOWNSTREAM_ID),
          responseUrl: bot.fake.responseUrl(`share5-${i}`),
          channelId: "C0SHARE5",
          messageTs: "1700000500.000100",
          ephemeral: true,
        }),
      ),
    );
    await Promise.all(clicks);
    const answered = () => [0, 1, 2, 3, 4].flatMap((i) => bot.fake.responsesTo(`share5-${i}`));
    await bot.fake.waitFor(() => answered().length === 5);
    expect(bot.fake.callsTo("chat.postMessage").filter((c) => c.args.channel === "C0SHARE5")).toHaveLength(1);
    const bodies = answered().map((r) => r.body);
    expect(bodies.filter((b) => b.delete_original === true)).toHaveLength(1);
    expect(bodies.filter((b) => b.text === ALREADY_SHARED)).toHaveLength(4);
    // Another card (another ephemeral message) of the same error may still be shared.
    await postInteraction(
      bot.eventsUrl,
      blockAction({
        actionId: ACTION.postInChannel,
        value: ref(DOWNSTREAM_ID),
        responseUrl: bot.fake.responseUrl("share5-other"),
        channelId: "C0SHARE5",
        messageTs: "1700000600.000100",
        ephemeral: true,
      }),
    );
    await bot.fake.waitFor(() => bot.fake.responsesTo("share5-other").length === 1);
    expect(bot.fake.callsTo("chat.postMessage").filter((c) => c.args.channel === "C0SHARE5")).toHaveLength(2);
  });

  it("lets the same card be shared again after a post that failed", async () => {
    const click = (name: string) =>
      postInteraction(
        bot.eventsUrl,
        blockAction({
          actionId: ACTION.postInChannel,
          value: ref(DOWNSTREAM_ID),
          responseUrl: bot.fake.responseUrl(name),
          channelId: "C0RETRY",
          messageTs: "1700000700.000100",
          ephemeral: true,
        }),
      );
    bot.fake.handle("chat.postMessage", () => ({ ok: false, error: "not_in_channel" }));
    try {
      await click("retry-1");
      await bot.fake.waitFor(() => bot.fake.responsesTo("retry-1").length === 1);
    } finally {
      bot.fake.handle("chat.postMessage", (a) => ({ ok: true, channel: a.channel, ts: "1700000001.000001" }));
    }
    await click("retry-2");
    await bot.fake.waitFor(() => bot.fake.responsesTo("retry-2").length === 1);
    expect(bot.fake.responsesTo("retry-2")[0]?.body).toEqual({ delete_original: true });
  });

  it("tells the user how to invite the bot when it cannot post in the channel", async () => {
    bot.fake.handle("chat.postMessage", () => ({ ok: false, error: "not_in_channel" }));
    try {
      await postInteraction(
        bot.eventsUrl,
        blockAction({
          actionId: ACTION.postInChannel,
          value: ref(DOWNSTREAM_ID),
          responseUrl: bot.fake.responseUrl("post-denied"),
          ephemeral: true,
        }),
      );
      await bot.fake.waitFor(() => bot.fake.responsesTo("post-denied").length === 1);
      expect(String(bot.fake.responsesTo("post-denied")[0]?.body.text)).toContain("/invite");
    } finally {
      bot.fake.handle("chat.postMessage", (a) => ({ ok: true, channel: a.channel, ts: "1700000001.000001" }));
    }
  });

  it("swaps the card for an alternative's record", async () => {
    await postInteraction(
      bot.eventsUrl,
      blockAction({
        actionId: `${ACTION.alternativePrefix}1`,
        value: ref(PANIC_ID),
        responseUrl: bot.fake.responseUrl("alt"),
        ephemeral: true,
      }),
    );
    await bot.fake.waitFor(() => bot.fake.responsesTo("alt").length === 1);
    const body = bot.fake.responsesTo("alt")[0]?.body ?? {};
    expect(body.replace_original).toBe(true);
    expect(JSON.stringify(body.blocks)).toContain(PANIC_ID);
  });

  it("ignores a button whose value is not a card reference", async () => {
    await postInteraction(
      bot.eventsUrl,
      blockAction({ actionId: ACTION.helpful, value: "garbage{", responseUrl: bot.fake.responseUrl("garbage") }),
    );
    await new Promise((r) => setTimeout(r, 150));
    expect(bot.fake.responsesTo("garbage")).toEqual([]);
  });
});

describe("HTTP mode: message shortcut and App Home", () => {
  it("explains any message ephemerally from the message shortcut and records it", async () => {
    await postInteraction(
      bot.eventsUrl,
      messageShortcut({
        callbackId: SHORTCUT_EXPLAIN,
        text: slackEscape(PASTE_PANIC),
        responseUrl: bot.fake.responseUrl("shortcut"),
        channelId: "C0ANYWHERE",
        messageTs: "1700000000.123456",
      }),
    );
    await bot.fake.waitFor(() => bot.fake.responsesTo("shortcut").length === 1);
    const body = bot.fake.responsesTo("shortcut")[0]?.body ?? {};
    expect(body.response_type).toBe("ephemeral");
    expect(JSON.stringify(body.blocks)).toContain(PANIC_ID);
    expect(await bot.store.listOccurrences()).toContainEqual(
      expect.objectContaining({
        source: "shortcut",
        recordId: PANIC_ID,
        channelId: "C0ANYWHERE",
        messageTs: "1700000000.123456",
      }),
    );
  });

  it("reads a snippet attached to the message the shortcut was used on", async () => {
    bot.fake.addFile({
      id: "F0SNIPPET",
      name: "panic.log",
      mimetype: "text/plain",
      filetype: "text",
      content: PASTE_PANIC,
    });
    await postInteraction(
      bot.eventsUrl,
      messageShortcut({
        callbackId: SHORTCUT_EXPLAIN,
        text: "see attached",
        responseUrl: bot.fake.responseUrl("shortcut-file"),
        files: [{ id: "F0SNIPPET" }],
      }),
    );
    await bot.fake.waitFor(() => bot.fake.responsesTo("shortcut-file").length === 1);
    expect(JSON.stringify(bot.fake.responsesTo("shortcut-file")[0]?.body.blocks)).toContain(PANIC_ID);
  });

  it("publishes the Home tab with the catalog size and this week's top errors", async () => {
    await postEvent(bot.eventsUrl, appHomeOpened("U0HOMER"));
    await bot.fake.waitFor(() => bot.fake.callsTo("views.publish").length === 1);
    const publish = bot.fake.callsTo("views.publish")[0];
    expect(publish?.args.user_id).toBe("U0HOMER");
    const view = JSON.stringify(publish?.args.view);
    const thirdParty = bot.catalog.records.filter((r) => r.errorType === "third_party").length;
    expect(view).toContain(
      `Knowledge base: ${(bot.catalog.records.length - thirdParty).toLocaleString("en-US")} RisingWave error${bot.catalog.records.length - thirdParty === 1 ? "" : "s"}`,
    );
    expect(view).toContain(`; ${thirdParty} third-party; `);
    expect(view).toMatch(/job fragments should exist/);
  });

  it("sends only payloads within Block Kit limits", () => {
    expect(blockKitProblems(bot)).toEqual([]);
  });
});
