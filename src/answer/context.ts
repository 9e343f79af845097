/** What a card says beyond its record: seen before (with permalinks), team notes, the team's release. */
import type { ErrorRecord } from "../catalog/schema.ts";
import type { MatchContext } from "../matcher/types.ts";
import {
  type CardContext,
  type CardRef,
  KIND_OF_CODE,
  type MatchFacts,
  type SeenBefore,
  type TeamNote,
} from "../render/index.ts";
import { type RecordHistory, redactSecrets } from "../store/index.ts";
import type { AnswerDeps, AnswerPort } from "./types.ts";

export interface CardPlace {
  channelId?: string | undefined;
  threadTs?: string | undefined;
  /**
   * What a card here may show from another channel (its history, threads, notes): a private channel's
   * stay in it. Without it (the terminal) everything is shown.
   */
  visible?: ((channelId: string) => Promise<boolean>) | undefined;
}

/** The channels of `ids` a card at `place` may show, in order. */
async function visibleOnly<T>(place: CardPlace, items: readonly T[], channelOf: (item: T) => string): Promise<T[]> {
  const visible = place.visible;
  if (!visible) return [...items];
  const keep = await Promise.all(items.map((item) => visible(channelOf(item))));
  return items.filter((_item, i) => keep[i]);
}

/** Totals over the channels a card may show: a private channel's sightings are not counted elsewhere. */
function historyOver(rows: RecordHistory["byChannel"]): Omit<SeenBefore, "threads"> {
  const count = rows.reduce((n, r) => n + r.count, 0);
  return {
    count,
    firstAt: count === 0 ? 0 : Math.min(...rows.map((r) => r.firstAt)),
    lastAt: count === 0 ? 0 : Math.max(...rows.map((r) => r.lastAt)),
    channels: rows
      .map((r) => r.channelId)
      .filter((c) => c !== "")
      .slice(0, 10),
  };
}

type Permalink = AnswerPort<unknown>["permalink"];
type ContextDeps = Pick<AnswerDeps, "guard" | "config" | "now">;

/** The per-paste context for a channel: its release setting, if any. */
export async function channelMatchContext(
  deps: Pick<AnswerDeps, "guard">,
  channelId: string | null | undefined,
): Promise<MatchContext> {
  if (!channelId) return {};
  // Without the database the paste is matched as if the channel had no setting.
  const channelVersion = await deps.guard.decide(
    `channel version ${channelId}`,
    (store) => store.getChannelVersion(channelId),
    () => undefined,
  );
  return { channelVersion };
}

export function baseContext(deps: Pick<AnswerDeps, "config"> & Partial<Pick<AnswerDeps, "now">>): CardContext {
  return {
    redact: redactSecrets,
    version: deps.config.risingwaveVersion ?? null,
    ...(deps.now ? { now: deps.now() } : {}),
  };
}

async function seenBefore(
  deps: ContextDeps,
  recordId: string,
  place: CardPlace,
  permalink: Permalink,
): Promise<SeenBefore> {
  // Read before the paste is logged: the occurrence being answered is not "seen before". A database
  // that does not answer in time costs the card its history, never the answer.
  const history = await deps.guard.decide(
    `seen-before record=${recordId}`,
    (store) => store.recordHistory(recordId),
    (): RecordHistory => ({ count: 0, firstAt: 0, lastAt: 0, channels: [], byChannel: [] }),
  );
  const exclude =
    place.channelId && place.threadTs ? { channelId: place.channelId, threadTs: place.threadTs } : undefined;
  const threads: SeenBefore["threads"][number][] = [];
  const seen = historyOver(await visibleOnly(place, history.byChannel, (c) => c.channelId));
  if (permalink) {
    const earlier = await deps.guard.decide(
      `answered threads record=${recordId}`,
      (store) => store.answeredThreads(recordId, { limit: place.visible ? 10 : 3, ...(exclude ? { exclude } : {}) }),
      () => [],
    );
    for (const t of (await visibleOnly(place, earlier, (x) => x.channelId)).slice(0, 3)) {
      const url = await permalink(t.channelId, t.replyTs ?? t.threadTs);
      if (url) threads.push({ url, at: t.at, helpful: t.helpful, noted: t.noted });
    }
  }
  return { ...seen, threads };
}

/** The record's notes a card here may show: a note written in a private channel stays there unless shared. */
async function teamNotes(deps: ContextDeps, recordId: string, place: CardPlace): Promise<TeamNote[]> {
  const notes = await deps.guard.decide(
    `notes record=${recordId}`,
    (store) => store.notesFor(recordId, place.visible ? 20 : 3),
    () => [],
  );
  const shown = await visibleOnly(place, notes, (n) => n.channelId ?? "");
  return shown.slice(0, 3).map((n) => ({ text: n.text, link: n.link, userId: n.userId, at: n.at }));
}

/** The full context of a card about `recordId` shown at `place`; earlier threads only with a permalink port. */
export async function cardContext(
  deps: ContextDeps,
  recordId: string | undefined,
  place: CardPlace = {},
  permalink?: Permalink,
): Promise<CardContext> {
  const base = baseContext(deps);
  if (!recordId) return base;
  const [seen, notes] = await Promise.all([
    seenBefore(deps, recordId, place, permalink),
    teamNotes(deps, recordId, place),
  ]);
  return { ...base, seen, notes };
}

/**
 * What a button's card knew beyond its value: the annotate stage run again on the match the card
 * showed (its record, captures and layers, for the release the paste named), never the matcher:
 * a click cannot land on another record, and costs no match.
 */
export async function refFacts(
  deps: Pick<AnswerDeps, "guard" | "matcher">,
  record: ErrorRecord,
  ref: CardRef,
  channelId: string | undefined,
): Promise<Pick<MatchFacts, "release" | "context" | "panicSite">> {
  if (!ref.l) return {};
  const context = await channelMatchContext(deps, channelId);
  return deps.matcher.facts(
    {
      record,
      kind: KIND_OF_CODE[ref.k],
      captures: ref.v,
      layer: ref.l,
      ...(ref.w ? { outer: ref.w } : {}),
      ...(ref.x ? { context: ref.x } : {}),
    },
    ref.t ? { ...context, pasteVersion: ref.t } : context,
  );
}
