/** Slack request bodies as Slack sends them, trimmed to the fields Bolt and rwerror read. */
import { VIEW } from "../../src/render/index.ts";
import { FAKE_BOT_USER, FAKE_TEAM } from "./fake-slack.ts";

let counter = 0;
const nextId = (prefix: string) => {
  counter += 1;
  return `${prefix}${Date.now().toString(36)}${counter}`;
};

export function slashCommand(fields: {
  text: string;
  responseUrl: string;
  channelId?: string;
  userId?: string;
  triggerId?: string;
}): Record<string, string> {
  return {
    token: "legacy-verification-token",
    team_id: FAKE_TEAM,
    team_domain: "fake",
    channel_id: fields.channelId ?? "C0GENERAL",
    channel_name: "general",
    user_id: fields.userId ?? "U0ALICE",
    user_name: "alice",
    command: "/rwerror",
    text: fields.text,
    api_app_id: "A0RWERROR",
    is_enterprise_install: "false",
    response_url: fields.responseUrl,
    // Slack gives every invocation its own trigger_id; a repeated one is a replay (answered once).
    trigger_id: fields.triggerId ?? nextId("1337.42."),
  };
}

export interface MessageFields {
  channel: string;
  text: string;
  user?: string;
  ts?: string;
  threadTs?: string;
  subtype?: string;
  botId?: string;
  files?: { id: string; name?: string; mimetype?: string }[];
  eventId?: string;
}

export function messageEvent(m: MessageFields): { envelope: Record<string, unknown>; eventId: string; ts: string } {
  const ts = m.ts ?? `${Math.floor(Date.now() / 1000)}.${String(++counter).padStart(6, "0")}`;
  const eventId = m.eventId ?? nextId("Ev");
  const event: Record<string, unknown> = {
    type: "message",
    channel: m.channel,
    channel_type: "channel",
    user: m.user ?? "U0ALICE",
    text: m.text,
    ts,
    event_ts: ts,
  };
  if (m.threadTs !== undefined) event.thread_ts = m.threadTs;
  if (m.subtype !== undefined) event.subtype = m.subtype;
  if (m.botId !== undefined) event.bot_id = m.botId;
  if (m.files !== undefined) event.files = m.files;
  return {
    eventId,
    ts,
    envelope: {
      token: "legacy-verification-token",
      team_id: FAKE_TEAM,
      api_app_id: "A0RWERROR",
      event,
      type: "event_callback",
      event_id: eventId,
      event_time: Math.floor(Date.now() / 1000),
      authorizations: [{ team_id: FAKE_TEAM, user_id: FAKE_BOT_USER, is_bot: true, is_enterprise_install: false }],
    },
  };
}

/** An @-mention of the bot in a thread, as the Events API delivers it. */
export function appMention(m: {
  channel: string;
  user: string;
  text: string;
  ts: string;
  threadTs: string;
}): Record<string, unknown> {
  return {
    token: "legacy-verification-token",
    team_id: FAKE_TEAM,
    api_app_id: "A0RWERROR",
    type: "event_callback",
    event_id: nextId("EvMention"),
    event_time: Math.floor(Date.now() / 1000),
    authorizations: [{ team_id: FAKE_TEAM, user_id: FAKE_BOT_USER, is_bot: true, is_enterprise_install: false }],
    event: {
      type: "app_mention",
      channel: m.channel,
      user: m.user,
      text: m.text,
      ts: m.ts,
      thread_ts: m.threadTs,
      event_ts: m.ts,
    },
  };
}

export function appHomeOpened(user = "U0ALICE"): Record<string, unknown> {
  return {
    token: "legacy-verification-token",
    team_id: FAKE_TEAM,
    api_app_id: "A0RWERROR",
    type: "event_callback",
    event_id: nextId("Ev"),
    event_time: Math.floor(Date.now() / 1000),
    event: { type: "app_home_opened", user, channel: "D0HOME", tab: "home", event_ts: "1.1" },
    authorizations: [{ team_id: FAKE_TEAM, user_id: FAKE_BOT_USER, is_bot: true, is_enterprise_install: false }],
  };
}

export function blockAction(fields: {
  actionId: string;
  value: string;
  responseUrl: string;
  channelId?: string;
  messageTs?: string;
  blocks?: unknown[];
  ephemeral?: boolean;
  userId?: string;
}): Record<string, unknown> {
  const container = {
    type: "message",
    message_ts: fields.messageTs ?? "1.2",
    channel_id: fields.channelId ?? "C0GENERAL",
    is_ephemeral: fields.ephemeral === true,
  };
  return {
    type: "block_actions",
    team: { id: FAKE_TEAM, domain: "fake" },
    user: { id: fields.userId ?? "U0ALICE", username: "alice", team_id: FAKE_TEAM },
    api_app_id: "A0RWERROR",
    token: "legacy-verification-token",
    container,
    trigger_id: "1337.43.trigger",
    channel: { id: fields.channelId ?? "C0GENERAL", name: "general" },
    ...(fields.ephemeral
      ? {}
      : { message: { type: "message", ts: fields.messageTs ?? "1.2", text: "card", blocks: fields.blocks ?? [] } }),
    response_url: fields.responseUrl,
    actions: [
      {
        type: "button",
        action_id: fields.actionId,
        block_id: "b1",
        value: fields.value,
        text: { type: "plain_text", text: "x" },
        action_ts: "1.3",
      },
    ],
  };
}

export function viewSubmission(fields: {
  callbackId: string;
  blockId: string;
  actionId: string;
  value: string;
  privateMetadata: string;
  userId?: string;
}): Record<string, unknown> {
  return {
    type: "view_submission",
    team: { id: FAKE_TEAM, domain: "fake" },
    user: { id: fields.userId ?? "U0ALICE", username: "alice", team_id: FAKE_TEAM },
    api_app_id: "A0RWERROR",
    token: "legacy-verification-token",
    trigger_id: "1337.44.trigger",
    view: {
      id: "V0PASTE",
      team_id: FAKE_TEAM,
      type: "modal",
      callback_id: fields.callbackId,
      private_metadata: fields.privateMetadata,
      state: { values: { [fields.blockId]: { [fields.actionId]: { type: "plain_text_input", value: fields.value } } } },
      hash: "1.abc",
      title: { type: "plain_text", text: "Explain" },
      blocks: [],
    },
    response_urls: [],
  };
}

/** The paste modal (`/rwerror` alone) submitted with `value` in its one input. */
export function pasteModalSubmission(fields: {
  value: string;
  privateMetadata: string;
  userId?: string;
}): Record<string, unknown> {
  return viewSubmission({
    callbackId: VIEW.pasteModal,
    blockId: VIEW.pasteInputBlock,
    actionId: VIEW.pasteInputAction,
    ...fields,
  });
}

export function messageShortcut(fields: {
  callbackId: string;
  text: string;
  responseUrl: string;
  channelId?: string;
  messageTs?: string;
  userId?: string;
  files?: { id: string }[];
}): Record<string, unknown> {
  const ts = fields.messageTs ?? "1700000000.000100";
  return {
    type: "message_action",
    token: "legacy-verification-token",
    action_ts: "1.5",
    team: { id: FAKE_TEAM, domain: "fake" },
    user: { id: fields.userId ?? "U0ALICE", name: "alice", team_id: FAKE_TEAM },
    channel: { id: fields.channelId ?? "C0RANDOM", name: "random" },
    callback_id: fields.callbackId,
    trigger_id: "1337.45.trigger",
    message_ts: ts,
    message: {
      type: "message",
      user: "U0BOB",
      ts,
      text: fields.text,
      ...(fields.files ? { files: fields.files } : {}),
    },
    response_url: fields.responseUrl,
  };
}
