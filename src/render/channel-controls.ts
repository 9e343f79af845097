/**
 * What a channel hears when its shared settings change (mutes, its RisingWave release), the mute menu
 * on a card, the mute list with its Unmute buttons, and the answer to someone who may not change them.
 * Every change is said in the channel with who made it, so nobody silences an error unnoticed.
 */
import type { StaticSelect } from "@slack/types";
import { ACTION } from "./actions.ts";
import { actions, type Block, button, context, LIMITS, plain, type SlackMessage, section } from "./blocks.ts";
import { relativeTime, slackDate } from "./dates.ts";
import { cutWords, escapeText, inlineCode } from "./mrkdwn.ts";

/** A mute's target, carried in an Unmute button or a menu option (Slack allows 150 characters there). */
export interface MuteTarget {
  /** record id */
  r: string;
  /** channel id */
  c: string;
}

export const MUTE_CHOICES = [
  { value: "1h", label: "for 1 hour", ms: 3_600_000 },
  { value: "24h", label: "for 24 hours", ms: 86_400_000 },
  { value: "7d", label: "for 7 days", ms: 7 * 86_400_000 },
] as const;

/** *Mute in this channel ▾* on a card: the menu's value says which record and for how long. */
export function muteMenu(recordId: string): StaticSelect {
  return {
    type: "static_select",
    action_id: ACTION.muteMenu,
    placeholder: plain("Mute in this channel", LIMITS.buttonText),
    options: MUTE_CHOICES.map((c) => ({
      text: plain(c.label, LIMITS.buttonText),
      value: JSON.stringify({ r: recordId, d: c.value }).slice(0, 150),
    })),
  };
}

export interface MuteNotice {
  recordId: string;
  channelId: string;
  title: string;
  userId: string;
  until: number;
  /** "24 hours" */
  label: string;
}

const titleOf = (title: string) => `*${escapeText(cutWords(title.replace(/\*/g, ""), 150))}*`;

/** In the channel: who muted what until when, with *Undo*. */
export function renderMuteNotice(n: MuteNotice): SlackMessage {
  const text = `:mute: <@${n.userId}> muted ${titleOf(n.title)} in this channel for ${escapeText(n.label)}, until ${slackDate(n.until)}: rwerror will not auto-reply to it here until then.`;
  const target: MuteTarget = { r: n.recordId, c: n.channelId };
  return {
    text: `Muted in this channel for ${n.label}: ${cutWords(n.title, 150)}`,
    blocks: [section(text), actions([button("Undo", ACTION.unmute, JSON.stringify(target))], "rwerror_mute_notice")],
  };
}

/** In the channel: who lifted a mute (the notice of the mute itself is replaced by this after *Undo*). */
export function renderUnmuteNotice(n: { title: string; userId: string }): SlackMessage {
  const text = `:loud_sound: <@${n.userId}> lifted the mute on ${titleOf(n.title)}: rwerror auto-replies to it here again.`;
  return { text: `Mute lifted: ${cutWords(n.title, 150)}`, blocks: [section(text)] };
}

/** In the channel: who set or cleared the channel's release. */
export function renderVersionNotice(n: {
  userId: string;
  version: string | null;
  previous: string | undefined;
}): SlackMessage {
  const was = n.previous ? ` (was ${inlineCode(n.previous, 40)})` : "";
  const text =
    n.version === null
      ? `:gear: <@${n.userId}> cleared this channel's RisingWave release${was}.`
      : `:gear: <@${n.userId}> set this channel's RisingWave release to ${inlineCode(n.version, 40)}${was}: answers here rank that release's templates first.`;
  return { text: text.replace(/[`*]/g, ""), blocks: [section(text)] };
}

/** To the one who tried: who may change it instead. */
export function renderNotAllowed(what: "mute" | "version", admins: readonly string[]): SlackMessage {
  const action = what === "mute" ? "mute errors" : "change a channel's RisingWave release";
  const text = `:lock: Only rwerror's admins may ${action} here: ask ${admins.slice(0, 10).join(", ")}.`;
  return { text: `Only rwerror's admins may ${action}.`, blocks: [section(text)] };
}

export interface MuteRow {
  channelId: string;
  recordId: string;
  title: string;
  until: number;
  userId: string;
}

/** One muted error per line, each with *Unmute*; `now` words the time left. */
export function muteBlocks(mutes: readonly MuteRow[], now?: number): Block[] {
  if (mutes.length === 0) return [context(["_No muted errors._"])];
  return mutes.slice(0, 15).map((m) => {
    const left = now === undefined ? "" : ` (${relativeTime(m.until, now)})`;
    const target: MuteTarget = { r: m.recordId, c: m.channelId };
    return section(
      `<#${m.channelId}>: ${titleOf(m.title)}\nuntil ${slackDate(m.until)}${left}, muted by <@${m.userId}>`,
      button("Unmute", `${ACTION.unmutePrefix}${m.channelId}_${m.recordId}`.slice(0, 255), JSON.stringify(target)),
    );
  });
}

/** `/rwerror mutes`: this channel's mutes and public channels' (a private channel's stay there). */
export function renderMutes(mutes: readonly MuteRow[], now?: number): SlackMessage {
  return {
    text: `${mutes.length} muted error${mutes.length === 1 ? "" : "s"}`,
    blocks: [
      section("*Muted errors* (this channel and public channels)"),
      ...muteBlocks(mutes, now),
      context(["`/rwerror unmute <id|slug|last>` in a channel lifts its mute, or use *Unmute* here."]),
    ],
  };
}
