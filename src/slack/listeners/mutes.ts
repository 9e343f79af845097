/**
 * Muting an error's auto-replies in one channel, and lifting it: `/rwerror mute|unmute|mutes`, the card's
 * *Mute in this channel ▾*, *Undo* on the channel's notice and *Unmute* in a list. Every change is said
 * in the channel with who made it and logged; RWERROR_ADMINS, when set, decides who may make it.
 */
import type { App, webApi } from "@slack/bolt";
import type { ErrorRecord } from "../../catalog/schema.ts";
import {
  ACTION,
  listTitle,
  MUTE_CHOICES,
  type MuteRow,
  renderMuteNotice,
  renderMutes,
  renderNotAllowed,
  renderPlain,
  renderUnmuteNotice,
  type SlackMessage,
} from "../../render/index.ts";
import type { ListenerDeps } from "../deps.ts";
import { blockActionSchema, buttonSchema, muteChoiceSchema, muteTargetSchema, selectSchema } from "../payloads.ts";
import { cannotPostWords } from "../post-errors.ts";
import { callSlack } from "../web-call.ts";
import { publishHome } from "./home.ts";

const UNITS: Record<string, string> = { m: "minute", h: "hour", d: "day", w: "week" };

/** `24h` → "24 hours", `1h` → "1 hour". */
export function durationWords(label: string): string {
  const m = /^(\d+)([mhdw])$/.exec(label);
  if (!m) return label;
  const n = Number(m[1]);
  return `${n} ${UNITS[m[2] ?? "h"]}${n === 1 ? "" : "s"}`;
}

/** Mutes in force that a reader in `here` may see: that channel's and public channels' (undefined: Home). */
export async function muteRows(deps: ListenerDeps, here: string | undefined): Promise<MuteRow[]> {
  const rows: MuteRow[] = [];
  for (const m of await deps.store.activeMutes(undefined, deps.now())) {
    if (!(await deps.access.visibleIn(here, m.channelId))) continue;
    const record = deps.catalog.byId(m.recordId);
    rows.push({ ...m, title: record ? listTitle(record) : m.recordId });
  }
  return rows;
}

async function recordFor(deps: ListenerDeps, key: string, channelId: string): Promise<ErrorRecord | undefined> {
  const id = key.toLowerCase() === "last" ? await deps.store.lastCardInChannel(channelId) : deps.catalog.find(key)?.id;
  return id ? deps.catalog.byId(id) : undefined;
}

function unknownRecord(key: string): SlackMessage {
  return renderPlain(
    key.toLowerCase() === "last"
      ? "rwerror has not replied in this channel yet, so there is nothing to call `last`."
      : `No record with id or slug \`${key.replace(/`/g, "ˋ").slice(0, 80)}\`. \`/rwerror search <words>\` finds it.`,
  );
}

/** Says a change in its channel; the one who made it hears whether the channel heard it. */
async function announce(client: webApi.WebClient, channelId: string, notice: SlackMessage, done: string) {
  const posted = await callSlack(client.chat.postMessage({ channel: channelId, unfurl_links: false, ...notice }));
  return renderPlain(
    posted.ok
      ? `${done} The channel was told.`
      : `${done} I could not tell the channel: ${cannotPostWords(posted.error)}.`,
  );
}

interface MuteRequest {
  channelId: string | undefined;
  record: ErrorRecord;
  userId: string;
  forMs: number;
  label: string;
}

async function mute(deps: ListenerDeps, client: webApi.WebClient, req: MuteRequest): Promise<SlackMessage> {
  const { channelId, record, userId } = req;
  if (!channelId || !/^[CG]/.test(channelId)) {
    return renderPlain("A mute quiets auto-replies in one channel: use it from a card or a command in that channel.");
  }
  if (!(await deps.access.mayChangeSettings(userId))) return renderNotAllowed("mute", deps.access.adminMentions);
  const until = deps.now() + req.forMs;
  const muted = { channelId, recordId: record.id, until, userId };
  // Held here at once, so it holds while the database is down; retried in the background when the
  // database is busy, and a mute that never lands is logged.
  deps.localMutes?.add(muted);
  await deps.guard.write(`mute record=${record.id}`, (store) => store.muteRecord(muted));
  deps.logger.info(
    `setting change: mute record=${record.id} channel=${channelId} by=${userId} until=${new Date(until).toISOString()}`,
  );
  const title = listTitle(record);
  const label = durationWords(req.label);
  const notice = renderMuteNotice({ recordId: record.id, channelId, title, userId, until, label });
  return announce(client, channelId, notice, `:mute: Muted for ${label}.`);
}

async function unmute(
  deps: ListenerDeps,
  client: webApi.WebClient,
  req: { channelId: string; record: ErrorRecord; userId: string; tell: boolean },
): Promise<{ lifted: boolean; reply: SlackMessage }> {
  const { channelId, record, userId } = req;
  if (!(await deps.access.mayChangeSettings(userId))) {
    return { lifted: false, reply: renderNotAllowed("mute", deps.access.adminMentions) };
  }
  const lifted = await deps.store.unmuteRecord(channelId, record.id, deps.now());
  if (lifted) deps.localMutes?.remove(channelId, record.id);
  if (!lifted) return { lifted, reply: renderPlain("That error is not muted in this channel.") };
  deps.logger.info(`setting change: unmute record=${record.id} channel=${channelId} by=${userId}`);
  // *Undo* rewrites the mute's own notice instead of adding another message.
  if (!req.tell) return { lifted, reply: renderPlain(":loud_sound: Mute lifted.") };
  const notice = renderUnmuteNotice({ title: listTitle(record), userId });
  return { lifted, reply: await announce(client, channelId, notice, ":loud_sound: Mute lifted.") };
}

export async function muteCommand(
  deps: ListenerDeps,
  client: webApi.WebClient,
  req: { key: string; forMs: number; label: string },
  channelId: string | undefined,
  userId: string,
): Promise<SlackMessage> {
  if (!channelId) return renderPlain("Run `/rwerror mute` in the channel whose auto-replies it should quiet.");
  const record = await recordFor(deps, req.key, channelId);
  if (!record) return unknownRecord(req.key);
  return mute(deps, client, { channelId, record, userId, forMs: req.forMs, label: req.label });
}

export async function unmuteCommand(
  deps: ListenerDeps,
  client: webApi.WebClient,
  key: string,
  channelId: string | undefined,
  userId: string,
): Promise<SlackMessage> {
  if (!channelId) return renderPlain("Run `/rwerror unmute` in the channel whose mute it should lift.");
  const record = await recordFor(deps, key, channelId);
  if (!record) return unknownRecord(key);
  return (await unmute(deps, client, { channelId, record, userId, tell: true })).reply;
}

export async function mutesCommand(deps: ListenerDeps, channelId: string | undefined): Promise<SlackMessage> {
  return renderMutes(await muteRows(deps, channelId), deps.now());
}

export function registerMuteActions(app: App, deps: ListenerDeps): void {
  // *Mute in this channel ▾* on a card.
  app.action(ACTION.muteMenu, async ({ ack, body, action, respond, client }) => {
    await ack();
    const b = blockActionSchema.safeParse(body);
    const a = selectSchema.safeParse(action);
    if (!b.success || !a.success) return;
    let choice: ReturnType<typeof muteChoiceSchema.safeParse>;
    try {
      choice = muteChoiceSchema.safeParse(JSON.parse(a.data.selected_option.value));
    } catch {
      return;
    }
    const record = choice.success ? deps.catalog.byId(choice.data.r) : undefined;
    const picked = MUTE_CHOICES.find((c) => c.value === (choice.success ? choice.data.d : ""));
    if (!record || !picked) return;
    const channelId = b.data.container?.channel_id ?? b.data.channel?.id;
    const reply = await mute(deps, client, {
      channelId,
      record,
      userId: b.data.user.id,
      forMs: picked.ms,
      label: picked.value,
    });
    await respond({ response_type: "ephemeral", replace_original: false, ...reply });
  });

  // *Undo* on the channel's notice: the notice becomes "lifted by …" for everyone.
  // *Unmute* in a list (`/rwerror mutes`, App Home): lifted, and said in the muted channel.
  const lift = (undo: boolean) =>
    app.action(
      undo ? ACTION.unmute : new RegExp(`^${ACTION.unmutePrefix}.+$`),
      async ({ ack, body, action, respond, client }) => {
        await ack();
        const b = blockActionSchema.safeParse(body);
        const a = buttonSchema.safeParse(action);
        if (!b.success || !a.success) return;
        let target: ReturnType<typeof muteTargetSchema.safeParse>;
        try {
          target = muteTargetSchema.safeParse(JSON.parse(a.data.value ?? ""));
        } catch {
          return;
        }
        const record = target.success ? deps.catalog.byId(target.data.r) : undefined;
        if (!target.success || !record) return;
        const userId = b.data.user.id;
        const { lifted, reply } = await unmute(deps, client, { channelId: target.data.c, record, userId, tell: !undo });
        if (undo && lifted) {
          await respond({ replace_original: true, ...renderUnmuteNotice({ title: listTitle(record), userId }) });
          return;
        }
        const inHome = b.data.container?.channel_id === undefined && b.data.channel === undefined;
        if (inHome) await publishHome(deps, client, userId);
        else await respond({ response_type: "ephemeral", replace_original: false, ...reply });
      },
    );
  lift(true);
  lift(false);
}
