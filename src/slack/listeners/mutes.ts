/** `/rwerror mute <id|slug|last> [for 24h]` and `/rwerror mutes`: per-channel quiet for one error. */
import {
  escapeText,
  filledTitle,
  type MuteRow,
  renderMutes,
  renderPlain,
  type SlackMessage,
} from "../../render/index.ts";
import type { ListenerDeps } from "../deps.ts";

export async function muteRows(deps: ListenerDeps, channelId?: string): Promise<MuteRow[]> {
  return (await deps.store.activeMutes(channelId, deps.now())).map((m) => {
    const record = deps.catalog.byId(m.recordId);
    return { ...m, title: record ? filledTitle(record) : m.recordId };
  });
}

export async function muteCommand(
  deps: ListenerDeps,
  req: { key: string; forMs: number; label: string },
  channelId: string | undefined,
  userId: string,
): Promise<SlackMessage> {
  if (!channelId) return renderPlain("Run `/rwerror mute` in the channel whose auto-replies it should quiet.");
  const recordId =
    req.key.toLowerCase() === "last" ? await deps.store.lastCardInChannel(channelId) : deps.catalog.find(req.key)?.id;
  const record = recordId ? deps.catalog.byId(recordId) : undefined;
  if (!record) {
    return renderPlain(
      req.key.toLowerCase() === "last"
        ? "No error has been answered in this channel yet, so there is nothing to mute as `last`."
        : `No record with id or slug \`${req.key.replace(/`/g, "ˋ").slice(0, 80)}\`. \`/rwerror search <words>\` finds it.`,
    );
  }
  const until = deps.now() + req.forMs;
  const mute = { channelId, recordId: record.id, until, userId };
  // Retried in the background when the database is busy; a mute that never lands is logged.
  await deps.guard.write(`mute record=${record.id}`, (store) => store.muteRecord(mute));
  const when = new Date(until).toISOString().slice(0, 16).replace("T", " ");
  return renderPlain(
    `:mute: No auto-replies for *${escapeText(filledTitle(record).replace(/\*/g, ""))}* in <#${channelId}> for ${req.label} (until ${when} UTC). \`/rwerror mutes\` lists every mute.`,
  );
}

export async function mutesCommand(deps: ListenerDeps): Promise<SlackMessage> {
  return renderMutes(await muteRows(deps));
}
