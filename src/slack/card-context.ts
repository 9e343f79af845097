/** What a card says beyond its record: seen before (with permalinks), team notes, the team's release. */
import type { webApi } from "@slack/bolt";
import type { ErrorRecord } from "../catalog/schema.ts";
import type { CardContext, CardRef, MatchFacts, SeenBefore, TeamNote } from "../render/index.ts";
import { redactSecrets } from "../store/index.ts";
import type { ListenerDeps } from "./deps.ts";
import { channelMatchContext } from "./version-command.ts";
import { callSlack } from "./web-call.ts";

export interface Where {
  channelId?: string | undefined;
  threadTs?: string | undefined;
}

/** The release the team runs (RWERROR_RISINGWAVE_VERSION); a match's own release facts win in the card. */
function teamVersion(deps: ListenerDeps): string | null {
  return deps.config.risingwaveVersion ?? null;
}

export function baseContext(deps: ListenerDeps): CardContext {
  return { redact: redactSecrets, version: teamVersion(deps) };
}

async function seenBefore(
  deps: ListenerDeps,
  client: webApi.WebClient | undefined,
  recordId: string,
  where: Where,
): Promise<SeenBefore> {
  // Read before the paste is logged: the occurrence being answered is not "seen before". A database
  // that does not answer in time costs the card its history, never the answer.
  const history = await deps.guard.decide(
    `seen-before record=${recordId}`,
    (store) => store.recordHistory(recordId),
    () => ({ count: 0, firstAt: 0, lastAt: 0, channels: [] }),
  );
  const exclude =
    where.channelId && where.threadTs ? { channelId: where.channelId, threadTs: where.threadTs } : undefined;
  const threads: SeenBefore["threads"][number][] = [];
  if (client) {
    const earlier = await deps.guard.decide(
      `answered threads record=${recordId}`,
      (store) => store.answeredThreads(recordId, { limit: 3, ...(exclude ? { exclude } : {}) }),
      () => [],
    );
    for (const t of earlier) {
      const link = await callSlack(
        client.chat.getPermalink({ channel: t.channelId, message_ts: t.replyTs ?? t.threadTs }),
      );
      if (link.ok && link.value.permalink) {
        threads.push({ url: link.value.permalink, at: t.at, helpful: t.helpful, noted: t.noted });
      }
    }
  }
  return { ...history, threads };
}

export async function teamNotes(deps: ListenerDeps, recordId: string): Promise<TeamNote[]> {
  const notes = await deps.guard.decide(
    `notes record=${recordId}`,
    (store) => store.notesFor(recordId, 3),
    () => [],
  );
  return notes.map((n) => ({ text: n.text, link: n.link, userId: n.userId, at: n.at }));
}

/** The full context of a card about `recordId` answered at `where`. */
export async function cardContextFor(
  deps: ListenerDeps,
  client: webApi.WebClient | undefined,
  recordId: string | undefined,
  where: Where = {},
): Promise<CardContext> {
  const base = baseContext(deps);
  if (!recordId) return base;
  const [seen, notes] = await Promise.all([seenBefore(deps, client, recordId, where), teamNotes(deps, recordId)]);
  return { ...base, seen, notes };
}

/**
 * What a button's card knew beyond its value: the matched layer is matched again (for the same
 * release when the paste named one) and the record's release facts, third-party context and panic
 * site are taken from it. Empty when the layer no longer matches the record (the catalog changed).
 */
export async function refFacts(
  deps: ListenerDeps,
  record: ErrorRecord,
  ref: CardRef,
  channelId: string | undefined,
): Promise<Pick<MatchFacts, "release" | "context" | "panicSite">> {
  if (!ref.l) return {};
  const context = await channelMatchContext(deps, channelId);
  const again = deps.matcher.match(ref.l, ref.t ? { ...context, pasteVersion: ref.t } : context);
  const m = again.matches.find((x) => x.record.id === record.id);
  if (!m) return {};
  return {
    ...(m.release ? { release: m.release } : {}),
    ...(m.context ? { context: m.context } : {}),
    ...(m.panicSite ? { panicSite: m.panicSite } : {}),
  };
}
