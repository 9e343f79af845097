/**
 * Issue 20 items 2, 14, 15, 16 through Bolt and the fake Slack: mutes that are seen and undone, a
 * private channel's history, notes and mutes that stay in it, RWERROR_ADMINS, and redacted note links.
 */
import { describe, expect, it } from "vitest";
import { ACTION, VIEW } from "../../src/render/index.ts";
import { buildWeeklyDigest, digestTargetAt } from "../../src/report/weekly.ts";
import { createDigestPost } from "../../src/slack/digest-poster.ts";
import { botsCheckedAfterEach, type RunningBot } from "../support/bot.ts";
import { FAKE_TEAM } from "../support/fake-slack.ts";
import { DOWNSTREAM_ID, PASTE_DOWNSTREAM, slackEscape } from "../support/pastes.ts";
import { blockAction, messageEvent, slashCommand } from "../support/payloads.ts";
import { postEvent, postForm, postInteraction } from "../support/signing.ts";

const PUBLIC = "C0INCIDENT1";
const SECRET = "C0SECRET01";

const startChecked = botsCheckedAfterEach();

async function start(env: Record<string, string> = {}): Promise<RunningBot> {
  const bot = await startChecked({ env: { RWERROR_AUTO_CHANNELS: `${PUBLIC},${SECRET}`, ...env } });
  bot.fake.addChannel(PUBLIC, "incidents");
  bot.fake.addChannel(SECRET, "secret-incident", { isPrivate: true });
  return bot;
}

type Json = Record<string, unknown>;
const cardsIn = (b: RunningBot, channel: string) =>
  b.fake.callsTo("chat.postMessage").filter((c) => c.args.channel === channel && c.args.thread_ts !== undefined);

async function paste(b: RunningBot, channel: string): Promise<Json[]> {
  const before = cardsIn(b, channel).length;
  const { envelope } = messageEvent({ channel, text: slackEscape(PASTE_DOWNSTREAM) });
  await postEvent(b.eventsUrl, envelope);
  await b.fake.waitFor(() => cardsIn(b, channel).length === before + 1);
  return (cardsIn(b, channel).at(-1)?.args.blocks ?? []) as Json[];
}

async function slash(b: RunningBot, text: string, id: string, channelId: string, userId = "U0ALICE"): Promise<string> {
  await postForm(b.eventsUrl, slashCommand({ text, responseUrl: b.fake.responseUrl(id), channelId, userId }));
  await b.fake.waitFor(() => b.fake.responsesTo(id).length === 1);
  return JSON.stringify(b.fake.responsesTo(id)[0]?.body);
}

async function click(b: RunningBot, payload: Json, id: string): Promise<Json> {
  await postInteraction(b.eventsUrl, payload);
  await b.fake.waitFor(() => b.fake.responsesTo(id).length === 1);
  return b.fake.responsesTo(id)[0]?.body ?? {};
}

/** A note written from a card's *Add what fixed it* modal, as Slack submits it. */
async function writeNote(b: RunningBot, fields: { channel: string; text: string; link?: string; share?: boolean }) {
  const values: Json = {
    [VIEW.noteTextBlock]: { [VIEW.noteTextAction]: { type: "plain_text_input", value: fields.text } },
    [VIEW.noteLinkBlock]: { [VIEW.noteLinkAction]: { type: "url_text_input", value: fields.link ?? null } },
  };
  if (fields.share !== undefined) {
    const selected = fields.share ? [{ value: "share", text: { type: "plain_text", text: "share" } }] : [];
    values[VIEW.noteShareBlock] = { [VIEW.noteShareAction]: { type: "checkboxes", selected_options: selected } };
  }
  const before = (await b.store.listNotes()).length;
  await postInteraction(b.eventsUrl, {
    type: "view_submission",
    team: { id: FAKE_TEAM, domain: "fake" },
    user: { id: "U0ALICE", username: "alice", team_id: FAKE_TEAM },
    api_app_id: "A0RWERROR",
    token: "legacy-verification-token",
    trigger_id: "1337.48.trigger",
    view: {
      id: "V0NOTE",
      type: "modal",
      callback_id: VIEW.noteModal,
      private_metadata: JSON.stringify({ r: DOWNSTREAM_ID, c: fields.channel, t: "1700000000.000001", p: 1 }),
      state: { values },
    },
  });
  await b.fake.waitFor(async () => (await b.store.listNotes()).length === before + 1);
}

function muteMenuOf(blocks: Json[]): { action_id: string; options: { value: string }[] } | undefined {
  for (const block of blocks) {
    for (const e of (block.elements ?? []) as Json[]) {
      if (e.action_id === ACTION.muteMenu) return e as unknown as { action_id: string; options: { value: string }[] };
    }
  }
  return undefined;
}

describe("mutes are seen by the channel and can be undone", () => {
  it("Mute in this channel on a card mutes for everyone, says who in the channel, and Undo lifts it", async () => {
    const b = await start();
    const card = await paste(b, PUBLIC);
    const menu = muteMenuOf(card);
    expect(menu?.options.map((o) => JSON.parse(o.value).d)).toEqual(["1h", "24h", "7d"]);
    const day = menu?.options[1]?.value ?? "";
    const select = blockAction({
      actionId: ACTION.muteMenu,
      value: "",
      responseUrl: b.fake.responseUrl("menu"),
      channelId: PUBLIC,
      messageTs: "1700000001.000001",
      userId: "U0BOB",
    });
    select.actions = [
      {
        type: "static_select",
        action_id: ACTION.muteMenu,
        block_id: "b",
        selected_option: { value: day },
        action_ts: "1",
      },
    ];
    const reply = await click(b, select, "menu");
    expect(reply.response_type).toBe("ephemeral");
    expect(String(reply.text)).toContain("Muted for 24 hours. The channel was told.");
    expect(await b.store.isMuted(PUBLIC, DOWNSTREAM_ID)).toBe(true);
    const notice = b.fake.callsTo("chat.postMessage").find((c) => c.args.channel === PUBLIC && !c.args.thread_ts);
    const noticeText = JSON.stringify(notice?.args.blocks);
    expect(noticeText).toContain(
      "<@U0BOB> muted *downstream relation missing for … -&gt; …* in this channel for 24 hours",
    );
    expect(b.logger.lines.join("\n")).toMatch(
      /setting change: mute record=3046ab48bd5b391a channel=C0INCIDENT1 by=U0BOB/,
    );

    // Muted: the next paste gets nothing.
    const replies = cardsIn(b, PUBLIC).length;
    await postEvent(b.eventsUrl, messageEvent({ channel: PUBLIC, text: slackEscape(PASTE_DOWNSTREAM) }).envelope);
    await new Promise((r) => setTimeout(r, 300));
    expect(cardsIn(b, PUBLIC)).toHaveLength(replies);

    const undo = ((notice?.args.blocks ?? []) as Json[]).flatMap((x) => (x.elements ?? []) as Json[])[0];
    expect(undo?.action_id).toBe(ACTION.unmute);
    const undone = await click(
      b,
      blockAction({
        actionId: ACTION.unmute,
        value: String(undo?.value),
        responseUrl: b.fake.responseUrl("undo"),
        channelId: PUBLIC,
        messageTs: String(notice?.args.ts ?? "1.9"),
        userId: "U0CAROL",
      }),
      "undo",
    );
    expect(undone.replace_original).toBe(true);
    expect(JSON.stringify(undone.blocks)).toContain("<@U0CAROL> lifted the mute on *downstream relation missing for");
    expect(await b.store.isMuted(PUBLIC, DOWNSTREAM_ID)).toBe(false);
  });

  it("/rwerror unmute last lifts the mute of the last card shown and tells the channel", async () => {
    const b = await start();
    await paste(b, PUBLIC);
    expect(await slash(b, "mute last", "mute", PUBLIC)).toContain("Muted for 24 hours");
    expect(await slash(b, "unmute last", "unmute", PUBLIC)).toContain("Mute lifted. The channel was told.");
    const told = b.fake.callsTo("chat.postMessage").filter((c) => c.args.channel === PUBLIC && !c.args.thread_ts);
    expect(JSON.stringify(told.at(-1)?.args.blocks)).toContain("<@U0ALICE> lifted the mute on");
    expect(await slash(b, "unmute last", "again", PUBLIC)).toContain("not muted in this channel");
  });
});

describe("a private channel's history, notes and mutes stay in it", () => {
  it("a public card does not show a private channel's sighting, thread or note; a shared note is shown, its link redacted", async () => {
    const b = await start();
    await paste(b, SECRET);
    await writeNote(b, { channel: SECRET, text: "Failed over the secret cluster db-7", share: false });
    expect(await slash(b, "mute last", "mute-secret", SECRET)).toContain("Muted");

    const card = JSON.stringify(await paste(b, PUBLIC));
    expect(card).not.toContain(SECRET);
    expect(card).not.toContain("secret cluster");
    expect(card).toContain("First time rwerror has seen this error");
    // The private channel itself still sees its own.
    expect(await slash(b, `show ${DOWNSTREAM_ID}`, "show-secret", SECRET)).toContain("secret cluster");
    expect(await slash(b, "mutes", "mutes-general", "C0GENERAL")).toContain("No muted errors");
    expect(await slash(b, "mutes", "mutes-secret", SECRET)).toContain(`<#${SECRET}>`);

    await writeNote(b, {
      channel: SECRET,
      text: "Raised the meta heartbeat timeout",
      link: "https://admin:pw@wiki.example/runbook?token=abc123&page=2",
      share: true,
    });
    const shown = await slash(b, `show ${DOWNSTREAM_ID}`, "show-public", PUBLIC);
    expect(shown).toContain("Raised the meta heartbeat timeout");
    expect(shown).toContain("https://admin:[REDACTED]@wiki.example/runbook?token=[REDACTED]");
    expect(shown).not.toMatch(/abc123|pw@|secret cluster/);
  });

  it("the weekly digest leaves out notes written in a private channel", async () => {
    const b = await start();
    await paste(b, SECRET);
    await writeNote(b, { channel: SECRET, text: "Failed over the secret cluster db-7", share: false });
    await writeNote(b, { channel: PUBLIC, text: "Restarted the compactor" });
    const { webApi } = await import("@slack/bolt");
    const post = createDigestPost(new webApi.WebClient("xoxb-test", { slackApiUrl: b.fake.apiUrl }));
    const digest = await buildWeeklyDigest(b.store, b.catalog, digestTargetAt(Date.now() + 60_000, "UTC"));
    await post("C0DIGEST1", digest);
    const posted = JSON.stringify(b.fake.callsTo("chat.postMessage").find((c) => c.args.channel === "C0DIGEST1")?.args);
    expect(posted).toContain("Restarted the compactor");
    expect(posted).not.toContain("secret cluster");
  });
});

describe("RWERROR_ADMINS decides who may change shared settings", () => {
  it("a member outside it is told whom to ask; a member of an admin user group mutes and sets the release, announced", async () => {
    const b = await start({ RWERROR_ADMINS: "U0BOSS,S0ONCALL" });
    b.fake.handle("usergroups.users.list", (a) => ({
      ok: true,
      users: a.usergroup === "S0ONCALL" ? ["U0CAROL"] : [],
    }));
    const denied = await slash(b, `mute ${DOWNSTREAM_ID}`, "m1", PUBLIC, "U0ALICE");
    expect(denied).toContain("Only rwerror's admins may mute errors here: ask <@U0BOSS>, <!subteam^S0ONCALL>.");
    expect(await b.store.isMuted(PUBLIC, DOWNSTREAM_ID)).toBe(false);
    expect(await slash(b, "version v2.4", "v1", PUBLIC, "U0ALICE")).toContain("Only rwerror's admins may change");
    expect(await b.store.getChannelVersion(PUBLIC)).toBeUndefined();

    expect(await slash(b, `mute ${DOWNSTREAM_ID} for 2h`, "m2", PUBLIC, "U0CAROL")).toContain("Muted for 2 hours");
    expect(await b.store.isMuted(PUBLIC, DOWNSTREAM_ID)).toBe(true);
    await slash(b, "version v2.3", "v2", PUBLIC, "U0BOSS");
    expect(await slash(b, "version v2.4", "v3", PUBLIC, "U0CAROL")).toContain("This channel runs RisingWave");
    expect(await b.store.getChannelVersion(PUBLIC)).toBe("v2.4");
    const told = b.fake.callsTo("chat.postMessage").filter((c) => c.args.channel === PUBLIC);
    expect(JSON.stringify(told.at(-1)?.args.blocks)).toContain(
      "<@U0CAROL> set this channel's RisingWave release to `v2.4` (was `v2.3`)",
    );
    expect(b.logger.lines.join("\n")).toMatch(
      /setting change: version channel=C0INCIDENT1 by=U0CAROL from=v2.3 to=v2.4/,
    );
  });

  it("without it every member may, and the change is still announced", async () => {
    const b = await start();
    expect(await slash(b, "version v2.4", "v", PUBLIC, "U0ANYONE")).toContain("This channel runs RisingWave");
    const told = b.fake.callsTo("chat.postMessage").filter((c) => c.args.channel === PUBLIC);
    expect(JSON.stringify(told.at(-1)?.args.blocks)).toContain("<@U0ANYONE> set this channel's RisingWave release");
  });
});
