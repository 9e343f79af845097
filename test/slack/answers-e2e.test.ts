/**
 * Issue 9 end to end: every surface through Bolt's HTTP receiver (signed requests) and the local
 * fake Web API. Payloads are asserted by field, and every one must fit Block Kit's limits.
 */
import type { AnyBlock, KnownBlock } from "@slack/types";
import { describe, expect, it } from "vitest";
import {
  ACTION,
  CARD_FIRST_SCREEN,
  encodeCardRef,
  NOT_SURE_TEXT,
  SHORTCUT_EXPLAIN,
  VIEW,
  visibleChars,
} from "../../src/render/index.ts";
import { buildWeeklyDigest, digestTargetAt } from "../../src/report/weekly.ts";
import { botsCheckedAfterEach, type RunningBot } from "../support/bot.ts";
import { FAKE_BOT_ID, FAKE_BOT_USER, FAKE_TEAM } from "../support/fake-slack.ts";
import { DOWNSTREAM_ID, PASTE_DOWNSTREAM, PASTE_UNKNOWN, slackEscape } from "../support/pastes.ts";
import {
  appHomeOpened,
  appMention,
  blockAction,
  messageEvent,
  messageShortcut,
  pasteModalSubmission,
  slashCommand,
} from "../support/payloads.ts";
import { postEvent, postForm, postInteraction } from "../support/signing.ts";

const INCIDENT = "C0INCIDENT9";
const PSQL_WITH_HINT = `ERROR:  Failed to run the query

Caused by these errors (recent errors listed first):
  1: gRPC request to meta service failed: Internal error
  2: downstream relation missing for 1002 -> 1004
HINT:  retry once the rescale in flight completes`;

const startChecked = botsCheckedAfterEach();

function start(env: Record<string, string> = {}): Promise<RunningBot> {
  return startChecked({ env: { RWERROR_AUTO_CHANNELS: INCIDENT, ...env } });
}

const known = (blocks: unknown) => (blocks ?? []) as KnownBlock[];
function texts(blocks: unknown): string[] {
  const out: string[] = [];
  for (const b of known(blocks)) {
    if (b.type === "header") out.push(b.text.text);
    if (b.type === "section" && b.text) out.push(b.text.text);
    if (b.type === "context") for (const e of b.elements) if ("text" in e) out.push(e.text);
    if (b.type === "actions") for (const e of b.elements) if (e.type === "button") out.push(e.text.text);
  }
  return out;
}
function buttonsOf(blocks: unknown) {
  return known(blocks).flatMap((b) => {
    if (b.type === "actions") return b.elements.filter((e) => e.type === "button");
    if (b.type === "section" && b.accessory?.type === "button") return [b.accessory];
    return [];
  });
}
function firstScreen(blocks: unknown): KnownBlock[] {
  const all = known(blocks);
  const at = all.findIndex((b) => b.type === "actions");
  return all.slice(0, at);
}

async function slash(b: RunningBot, text: string, id: string, channelId = "C0GENERAL") {
  await postForm(b.eventsUrl, slashCommand({ text, responseUrl: b.fake.responseUrl(id), channelId }));
  await b.fake.waitFor(() => b.fake.responsesTo(id).length === 1);
  return b.fake.responsesTo(id)[0]?.body ?? {};
}

async function click(b: RunningBot, fields: Parameters<typeof blockAction>[0]) {
  const res = await postInteraction(b.eventsUrl, blockAction(fields));
  expect(res.status).toBe(200);
}

/** Clicks a button that answers at its response_url, as `slash` does for a command: that answer. */
async function clickForAnswer(
  b: RunningBot,
  id: string,
  fields: Omit<Parameters<typeof blockAction>[0], "responseUrl">,
) {
  await click(b, { ...fields, responseUrl: b.fake.responseUrl(id) });
  await b.fake.waitFor(() => b.fake.responsesTo(id).length === 1);
  return b.fake.responsesTo(id)[0]?.body ?? {};
}

async function paste(b: RunningBot, text: string, extra: { threadTs?: string; user?: string } = {}) {
  const m = messageEvent({ channel: INCIDENT, text: slackEscape(text), ...extra });
  await postEvent(b.eventsUrl, m.envelope);
  return m;
}

const threadPosts = (b: RunningBot) => b.fake.callsTo("chat.postMessage").filter((c) => c.args.thread_ts !== undefined);
const settle = (ms = 200) => new Promise((r) => setTimeout(r, ms));

describe("the slash command's card", () => {
  it("shows the error as it happened, a compact first screen, first steps from the paste's HINT, and seen-before", async () => {
    const b = await start();
    const body = await slash(b, slackEscape(PSQL_WITH_HINT), "card");
    const all = texts(body.blocks);
    // A header is plain text: no mrkdwn escaping.
    expect(all[0]).toBe("downstream relation missing for 1002 -> 1004");
    expect(all[1]).toContain("inside: Failed to run the query › gRPC request to meta service failed: Internal error");
    expect(all[1]).toContain("fragment id: *1002* · downstream fragment id: *1004*");
    expect(all[2]).toContain("1. HINT: retry once the rescale in flight completes");
    expect(all.join("\n")).toContain("First time rwerror has seen this error.");
    const screen = firstScreen(body.blocks);
    expect(screen.length).toBeLessThanOrEqual(CARD_FIRST_SCREEN.blocks);
    expect(visibleChars(screen)).toBeLessThanOrEqual(CARD_FIRST_SCREEN.chars);
    expect(buttonsOf(body.blocks).map((x) => x.action_id)).toEqual([
      ACTION.details,
      ACTION.addNote,
      ACTION.helpful,
      ACTION.notHelpful,
      ACTION.postInChannel,
    ]);
    expect(await b.store.listOccurrences()).toHaveLength(1);
  });

  it("answers a guess with not sure: no severity, no Post in channel, a Report button that feeds the digest's gaps", async () => {
    const b = await start();
    const body = await slash(b, "ERROR: job fragments should exist", "unsure");
    expect(texts(body.blocks)[0]).toContain(NOT_SURE_TEXT);
    const ids = buttonsOf(body.blocks).map((x) => x.action_id);
    expect(ids).not.toContain(ACTION.postInChannel);
    expect(ids).toContain(`${ACTION.alternativePrefix}0`);
    const report = buttonsOf(body.blocks).find((x) => x.action_id === ACTION.reportGap);
    expect(report?.value).toBeDefined();
    const reported = await clickForAnswer(b, "gap", {
      actionId: ACTION.reportGap,
      value: report?.value ?? "",
      ephemeral: true,
    });
    expect(String(reported.text)).toContain("Reported as a new error");
    const digest = await buildWeeklyDigest(b.store, b.catalog, digestTargetAt(Date.now() + 1000, "UTC"));
    expect(digest.gaps).toEqual([expect.objectContaining({ reports: 1, example: "job fragments should exist" })]);
    // A guess counts as unmatched, never against the record it resembles.
    expect((await b.store.listOccurrences()).map((o) => o.recordId)).toEqual([null]);
  });

  it("says so when nothing matches, with the same report button", async () => {
    const b = await start();
    const body = await slash(b, slackEscape(PASTE_UNKNOWN), "none");
    expect(texts(body.blocks)[0]).toContain("This error is not in the knowledge base.");
    expect(buttonsOf(body.blocks).map((x) => x.action_id)).toContain(ACTION.reportGap);
  });
});

describe("counting what happened", () => {
  it("does not count lookups: search, show, stats 90d, a keyword query, Show buttons, Explain this error on a bot message", async () => {
    const b = await start();
    const search = await slash(b, "search downstream relation", "search");
    const show = buttonsOf(search.blocks).find((x) => x.action_id === `${ACTION.showPrefix}0`);
    expect(show?.value).toBe(DOWNSTREAM_ID);
    expect(texts(search.blocks).join()).not.toMatch(/\b[0-9a-f]{16}\b/);
    const shown = await clickForAnswer(b, "show-btn", {
      actionId: `${ACTION.showPrefix}0`,
      value: DOWNSTREAM_ID,
      ephemeral: true,
    });
    expect(texts(shown.blocks)[0]).toBe("downstream relation missing for … -> …");

    const stats = await slash(b, "stats 90d", "stats");
    expect(texts(stats.blocks)[0]).toContain("the last 90 days");
    await slash(b, `show ${DOWNSTREAM_ID}`, "show");
    await slash(b, "downstream relation missing", "keywords");

    const res = await postInteraction(b.eventsUrl, {
      ...messageShortcut({
        callbackId: SHORTCUT_EXPLAIN,
        text: slackEscape(PASTE_DOWNSTREAM),
        responseUrl: b.fake.responseUrl("bot-msg"),
      }),
      message: {
        type: "message",
        bot_id: FAKE_BOT_ID,
        user: FAKE_BOT_USER,
        ts: "1700000000.000900",
        text: slackEscape(PASTE_DOWNSTREAM),
      },
    });
    expect(res.status).toBe(200);
    await b.fake.waitFor(() => b.fake.responsesTo("bot-msg").length === 1);
    expect(await b.store.listOccurrences()).toEqual([]);
  });

  it("does not count a keyword query typed into the paste box", async () => {
    const b = await start();
    const res = await postInteraction(
      b.eventsUrl,
      pasteModalSubmission({
        value: "downstream relation missing",
        privateMetadata: JSON.stringify({ channel: "C0GENERAL" }),
      }),
    );
    expect(res.status).toBe(200);
    await b.fake.waitFor(() => b.fake.callsTo("chat.postEphemeral").length === 1);
    expect(texts(b.fake.callsTo("chat.postEphemeral")[0]?.args.blocks)[0]).toContain(
      "No known RisingWave error matches this.",
    );
    expect(await b.store.listOccurrences()).toEqual([]);
  });

  it("counts a pasted message once, whether auto-replied, explained from the menu or mentioned", async () => {
    const b = await start();
    const m = await paste(b, PASTE_DOWNSTREAM);
    await b.fake.waitFor(() => threadPosts(b).length === 1);
    await postInteraction(b.eventsUrl, {
      ...messageShortcut({
        callbackId: SHORTCUT_EXPLAIN,
        text: slackEscape(PASTE_DOWNSTREAM),
        responseUrl: b.fake.responseUrl("menu"),
        channelId: INCIDENT,
        messageTs: m.ts,
      }),
    });
    await b.fake.waitFor(() => b.fake.responsesTo("menu").length === 1);
    expect((await b.store.listOccurrences()).map((o) => [o.recordId, o.messageTs])).toEqual([[DOWNSTREAM_ID, m.ts]]);
  });
});

describe("seen before and the repeat pointer", () => {
  it("links the earlier thread where the same record was answered, Helpful-voted first", async () => {
    const b = await start();
    // A public channel: its history may be shown in other channels.
    b.fake.addChannel(INCIDENT, "incidents");
    await paste(b, PASTE_DOWNSTREAM);
    await b.fake.waitFor(() => threadPosts(b).length === 1);
    // The auto-reply card the vote lands on.
    const replyTs = String(b.fake.messages[0]?.ts);
    // Marked on the card itself, for everyone in the channel.
    await click(b, {
      actionId: ACTION.helpful,
      value: encodeCardRef({ r: DOWNSTREAM_ID, k: "e", c: 1, v: [] }),
      channelId: INCIDENT,
      messageTs: replyTs,
      responseUrl: b.fake.responseUrl("vote"),
    });
    await b.fake.waitFor(() => b.fake.callsTo("chat.update").length === 1);
    const body = await slash(b, slackEscape(PASTE_DOWNSTREAM), "again", "C0OTHER");
    const footer = texts(firstScreen(body.blocks)).join("\n");
    expect(footer).toContain(`Seen once in <#${INCIDENT}>`);
    expect(footer).toMatch(
      /earlier threads: <https:\/\/fake\.slack\.test\/archives\/[^|]+\|(just now|\d+ (min|h) ago) ✓ helpful>/,
    );
    expect(b.fake.callsTo("chat.getPermalink").at(-1)?.args).toMatchObject({ channel: INCIDENT, message_ts: replyTs });
  });

  it("the 30-minute pointer says how often and links the card", async () => {
    const b = await start();
    await paste(b, PASTE_DOWNSTREAM);
    await b.fake.waitFor(() => threadPosts(b).length === 1);
    await paste(b, PASTE_DOWNSTREAM);
    await b.fake.waitFor(() => threadPosts(b).length === 2);
    const pointer = String(threadPosts(b)[1]?.args.text);
    expect(pointer).toContain("pasted twice in this channel in the last 30 minutes");
    expect(pointer).toMatch(/<https:\/\/fake\.slack\.test\/archives\/[^|]+\|the card posted there>/);
    expect(pointer).toContain("downstream relation missing for 1001 -&gt; 1002");
  });
});

describe("auto-replies stay honest", () => {
  it("never posts a guess; reacts :grey_question: only when turned on", async () => {
    const off = await start();
    await paste(off, "ERROR: job fragments should exist");
    await settle();
    expect(off.fake.callsTo("chat.postMessage")).toEqual([]);
    expect(off.fake.callsTo("reactions.add")).toEqual([]);
    await off.close();

    const on = await start({ RWERROR_UNSURE_REACTION: "on" });
    on.fake.handle("reactions.add", () => ({ ok: true }));
    const m = await paste(on, "ERROR: job fragments should exist");
    await on.fake.waitFor(() => on.fake.callsTo("reactions.add").length === 1);
    expect(on.fake.callsTo("reactions.add")[0]?.args).toMatchObject({
      channel: INCIDENT,
      timestamp: m.ts,
      name: "grey_question",
    });
    expect(on.fake.callsTo("chat.postMessage")).toEqual([]);
  });
});

describe("team knowledge: Add what fixed it", () => {
  it("opens a modal, stores the note, and shows it on the next card of that record", async () => {
    const b = await start();
    const card = await slash(b, slackEscape(PASTE_DOWNSTREAM), "card");
    const add = buttonsOf(card.blocks).find((x) => x.action_id === ACTION.addNote);
    await click(b, {
      actionId: ACTION.addNote,
      value: add?.value ?? "",
      responseUrl: b.fake.responseUrl("add"),
      ephemeral: true,
    });
    await b.fake.waitFor(() => b.fake.callsTo("views.open").length === 1);
    const view = b.fake.callsTo("views.open")[0]?.args.view as { callback_id: string; private_metadata: string };
    expect(view.callback_id).toBe(VIEW.noteModal);
    const submit = await postInteraction(b.eventsUrl, {
      type: "view_submission",
      team: { id: FAKE_TEAM, domain: "fake" },
      user: { id: "U0ALICE", username: "alice", team_id: FAKE_TEAM },
      api_app_id: "A0RWERROR",
      token: "legacy-verification-token",
      trigger_id: "1337.46.trigger",
      view: {
        id: "V0NOTE",
        type: "modal",
        callback_id: VIEW.noteModal,
        private_metadata: view.private_metadata,
        state: {
          values: {
            [VIEW.noteTextBlock]: {
              [VIEW.noteTextAction]: {
                type: "plain_text_input",
                value: "Restarted meta after the failover; rescale then passed",
              },
            },
            [VIEW.noteLinkBlock]: {
              [VIEW.noteLinkAction]: { type: "url_text_input", value: "https://wiki.example/runbooks/rescale" },
            },
          },
        },
      },
    });
    expect(submit.status).toBe(200);
    await b.fake.waitFor(() => b.fake.callsTo("chat.postEphemeral").length === 1);
    expect(String(b.fake.callsTo("chat.postEphemeral")[0]?.args.text)).toContain("Saved your note");
    const later = await slash(b, slackEscape(PASTE_DOWNSTREAM), "later");
    const footer = texts(firstScreen(later.blocks)).join("\n");
    expect(footer).toContain(
      "*What fixed it last time:* Restarted meta after the failover; rescale then passed (<https://wiki.example/runbooks/rescale|link>) — <@U0ALICE>",
    );
    const digest = await buildWeeklyDigest(b.store, b.catalog, digestTargetAt(Date.now() + 1000, "UTC"));
    expect(digest.notes).toEqual([expect.objectContaining({ recordId: DOWNSTREAM_ID, userId: "U0ALICE" })]);
  });

  it("refuses an empty note with an inline error", async () => {
    const b = await start();
    const res = await postInteraction(b.eventsUrl, {
      type: "view_submission",
      team: { id: FAKE_TEAM },
      user: { id: "U0ALICE", team_id: FAKE_TEAM },
      api_app_id: "A0RWERROR",
      token: "legacy-verification-token",
      view: {
        id: "V0NOTE",
        type: "modal",
        callback_id: VIEW.noteModal,
        private_metadata: JSON.stringify({ r: DOWNSTREAM_ID }),
        state: { values: { [VIEW.noteTextBlock]: { [VIEW.noteTextAction]: { value: "  " } } } },
      },
    });
    expect(res.status).toBe(200);
    expect(JSON.parse(res.body)).toMatchObject({ response_action: "errors" });
  });
});

describe("mute", () => {
  it("mutes the last answered record in a channel, lists it, shows it on Home, and stops its auto-replies", async () => {
    const b = await start();
    b.fake.addChannel(INCIDENT, "incidents");
    await paste(b, PASTE_DOWNSTREAM);
    await b.fake.waitFor(() => threadPosts(b).length === 1);
    const muted = await slash(b, "mute last for 2h", "mute", INCIDENT);
    expect(texts(muted.blocks)[0]).toBe(":mute: Muted for 2 hours. The channel was told.");
    const notice = b.fake.callsTo("chat.postMessage").at(-1)?.args;
    expect(notice?.channel).toBe(INCIDENT);
    expect(JSON.stringify(notice?.blocks)).toContain(
      "<@U0ALICE> muted *downstream relation missing for … -&gt; …* in this channel for 2 hours, until <!date^",
    );
    const list = await slash(b, "mutes", "mutes");
    expect(texts(list.blocks).join("\n")).toContain(`<#${INCIDENT}>: *downstream relation missing for`);
    await paste(b, PASTE_DOWNSTREAM);
    await settle(300);
    expect(threadPosts(b)).toHaveLength(1);

    await postEvent(b.eventsUrl, appHomeOpened());
    await b.fake.waitFor(() => b.fake.callsTo("views.publish").length === 1);
    const home = b.fake.callsTo("views.publish")[0]?.args.view as { blocks: AnyBlock[] };
    const all = texts(home.blocks).join("\n");
    expect(all).toMatch(/Knowledge base: [\d,]+ RisingWave errors?[^;]*; [\d,]+ third-party; [\d,]+ with an analysis/);
    expect(all).toContain(`Auto-replies in <#${INCIDENT}>`);
    expect(all).toContain(`<#${INCIDENT}>: *downstream relation missing for`);
  });

  it("App Home's Show answers in the app's DM (a Home view has no response_url)", async () => {
    const b = await start();
    await paste(b, PASTE_DOWNSTREAM);
    await b.fake.waitFor(() => threadPosts(b).length === 1);
    await postEvent(b.eventsUrl, appHomeOpened("U0ALICE"));
    await b.fake.waitFor(() => b.fake.callsTo("views.publish").length === 1);
    const home = b.fake.callsTo("views.publish")[0]?.args.view as { blocks: AnyBlock[] };
    const show = buttonsOf(home.blocks).find((x) => x.action_id === `${ACTION.showPrefix}0`);
    expect(show?.value).toBe(DOWNSTREAM_ID);
    const res = await postInteraction(b.eventsUrl, {
      type: "block_actions",
      team: { id: FAKE_TEAM, domain: "fake" },
      user: { id: "U0ALICE", username: "alice", team_id: FAKE_TEAM },
      api_app_id: "A0RWERROR",
      token: "legacy-verification-token",
      container: { type: "view", view_id: "VHOME" },
      trigger_id: "1337.47.trigger",
      view: { id: "VHOME", type: "home", blocks: [] },
      actions: [
        {
          type: "button",
          action_id: show?.action_id,
          block_id: "b",
          value: show?.value,
          text: { type: "plain_text", text: "Show" },
          action_ts: "1.1",
        },
      ],
    });
    expect(res.status).toBe(200);
    await b.fake.waitFor(() => b.fake.callsTo("chat.postMessage").some((c) => c.args.channel === "U0ALICE"));
    const dm = b.fake.callsTo("chat.postMessage").find((c) => c.args.channel === "U0ALICE");
    expect(texts(dm?.args.blocks)[0]).toBe("downstream relation missing for … -> …");
    expect(await b.store.listOccurrences()).toHaveLength(1);
  });

  it("explains what went wrong for an unknown key", async () => {
    const b = await start();
    const body = await slash(b, "mute no-such-record", "mute-bad", INCIDENT);
    expect(texts(body.blocks)[0]).toContain("No record with id or slug `no-such-record`");
  });
});

describe("@rwerror in a thread", () => {
  it("explains the thread's first error-looking message, answered in the thread", async () => {
    const b = await start();
    const root = "1700000100.000100";
    b.fake.handle("conversations.replies", () => ({
      ok: true,
      messages: [
        { ts: root, user: "U0BOB", text: "prod is slow again" },
        { ts: "1700000100.000200", user: "U0BOB", text: slackEscape(PASTE_DOWNSTREAM) },
        { ts: "1700000100.000300", user: "U0CAROL", text: "<@U0RWBOT> what is this?" },
      ],
    }));
    const envelope = appMention({
      channel: "C0RANDOM",
      user: "U0CAROL",
      text: "<@U0RWBOT> what is this?",
      ts: "1700000100.000300",
      threadTs: root,
    });
    expect((await postEvent(b.eventsUrl, envelope)).status).toBe(200);
    await b.fake.waitFor(() => b.fake.callsTo("chat.postMessage").length === 1);
    const post = b.fake.callsTo("chat.postMessage")[0]?.args ?? {};
    expect(post).toMatchObject({ channel: "C0RANDOM", thread_ts: root });
    expect(texts(post.blocks)[0]).toBe("downstream relation missing for 1001 -> 1002");
    expect(b.fake.callsTo("conversations.replies")[0]?.args).toMatchObject({ channel: "C0RANDOM", ts: root });
    expect((await b.store.listOccurrences()).map((o) => o.messageTs)).toEqual(["1700000100.000200"]);
    // Slack's redelivery of the same event is handled already: no second answer.
    expect((await postEvent(b.eventsUrl, envelope)).status).toBe(200);
    await settle();
    expect(b.fake.callsTo("chat.postMessage")).toHaveLength(1);
  });

  it("does not repeat a card the thread already has", async () => {
    const b = await start();
    const m = await paste(b, PASTE_DOWNSTREAM);
    await b.fake.waitFor(() => threadPosts(b).length === 1);
    b.fake.handle("conversations.replies", () => ({
      ok: true,
      messages: [{ ts: m.ts, user: "U0ALICE", text: slackEscape(PASTE_DOWNSTREAM) }],
    }));
    await postEvent(
      b.eventsUrl,
      appMention({ channel: INCIDENT, user: "U0CAROL", text: "<@U0RWBOT> ?", ts: "1700000200.000001", threadTs: m.ts }),
    );
    await b.fake.waitFor(() => threadPosts(b).length === 2);
    expect(String(threadPosts(b)[1]?.args.text)).toContain("I already answered this error in this thread");
    expect(await b.store.listOccurrences()).toHaveLength(1);
  });

  it("says so in the thread when no message looks like an error", async () => {
    const b = await start();
    b.fake.handle("conversations.replies", () => ({
      ok: true,
      messages: [{ ts: "1.1", user: "U0BOB", text: "lunch?" }],
    }));
    await postEvent(
      b.eventsUrl,
      appMention({ channel: "C0RANDOM", user: "U0CAROL", text: "<@U0RWBOT> ?", ts: "1.2", threadTs: "1.1" }),
    );
    await b.fake.waitFor(() => b.fake.callsTo("chat.postMessage").length === 1);
    expect(String(b.fake.callsTo("chat.postMessage")[0]?.args.text)).toContain(
      "no error-looking message in this thread",
    );
  });
});
