/**
 * The one answer flow, from a paste to a posted answer, for every entry point (auto-reply, `@rwerror`,
 * `/rwerror`, the paste box, the shortcut, the console). Slack-free: the caller parses its payload,
 * gives the paste, where it came from, a renderer and a port to post through, and acks.
 *
 *   clean once → match once → which card (policy) → claim the reply, before any history is read →
 *   read the card's context → record the occurrence → render plain data → post through the port
 */
import type { Match, MatchResult } from "../matcher/types.ts";
import type { ReplyKey } from "../store/index.ts";
import { claimReply, postClaimed } from "./claims.ts";
import { cleanPasted } from "./clean.ts";
import { baseContext, cardContext, channelMatchContext } from "./context.ts";
import { occurrenceFromResult } from "./occurrence.ts";
import { CARD_WINDOW_MS, cardMatch, claimRequest, REPEAT_WINDOW_MS } from "./policy.ts";
import type {
  AnswerDeps,
  AnswerMode,
  AnswerOutcome,
  AnswerPort,
  AnswerRenderer,
  CardCap,
  Paste,
  ReadPaste,
  Where,
} from "./types.ts";

export interface Reply<M> {
  render: AnswerRenderer<M>;
  port: AnswerPort<M>;
}

/** A paste answered the way `mode` calls for. */
export async function answerPaste<M>(
  deps: AnswerDeps,
  paste: Paste,
  where: Where,
  mode: AnswerMode,
  reply: Reply<M>,
): Promise<AnswerOutcome> {
  const read = await readPaste(deps, paste, where.channelId);
  // In an incident channel people also talk: only what the matcher judges an error gets any answer.
  if (mode === "auto" && !read.result.looksLikeError) return { kind: "not-an-error", verdict: read.result.verdict };
  return answerRead(deps, read, where, mode, reply);
}

/** Clean once (unescape, redact), then match once with the channel's release setting. */
export async function readPaste(deps: AnswerDeps, paste: Paste, channelId?: string | null): Promise<ReadPaste> {
  const text = cleanPasted(paste);
  return { text, result: deps.matcher.match(text, await channelMatchContext(deps, channelId)) };
}

/** The first of several messages (a thread, oldest first) that looks like an error, each read once. */
export async function firstErrorIn<T extends { paste: Paste }>(
  deps: AnswerDeps,
  messages: readonly T[],
  channelId: string,
): Promise<(ReadPaste & { message: T }) | undefined> {
  const context = await channelMatchContext(deps, channelId);
  for (const message of messages) {
    const text = cleanPasted(message.paste);
    if (text === "") continue;
    const result = deps.matcher.match(text, context);
    if (result.looksLikeError) return { text, result, message };
  }
  return undefined;
}

/** A paste already read and matched, answered the way `mode` calls for. */
export async function answerRead<M>(
  deps: AnswerDeps,
  read: ReadPaste,
  where: Where,
  mode: AnswerMode,
  reply: Reply<M>,
): Promise<AnswerOutcome> {
  const outcome = await answerMatched(deps, read, where, mode, reply);
  return { ...outcome, verdict: read.result.verdict, recordId: read.result.matches[0]?.record.id };
}

async function answerMatched<M>(
  deps: AnswerDeps,
  { text, result }: ReadPaste,
  where: Where,
  mode: AnswerMode,
  { render, port }: Reply<M>,
): Promise<AnswerOutcome> {
  const record = () => recordOccurrence(deps, result, text, where);
  const best = cardMatch(mode, result);
  if (!best) {
    await record();
    if (mode === "auto") {
      await reactUnsure(deps, port, result);
      return { kind: "not-confident" };
    }
    return { kind: "unsure", replyTs: await port.post(render.answer(result, baseContext(deps), text)) };
  }
  const rules = claimRequest(mode, deps.now(), deps.config.maxCardsPer10Min);
  const request = rules && where.answerKey ? { ...rules, claimKey: where.answerKey } : rules;
  // Only thread replies claim (private answers and the terminal are nobody else's business).
  const key = request ? threadKey(where, best) : undefined;
  if (mode === "auto" && key && (await isMuted(deps, key))) {
    await record();
    return { kind: "muted" };
  }
  // Claimed before any history is read: a retried, capped or already answered paste costs one call.
  const claim = key && request ? await claimReply(deps, key, request) : ({ kind: "card" } as const);
  if (claim.kind === "already-replied") {
    await record();
    if (mode === "mention") await port.post(render.alreadyInThread());
    return claim;
  }
  if (claim.kind === "card-cap" && key) {
    // Never silent in a storm: a one-line reply per paste, with *Show* for the card held back.
    await record();
    const cap = { cards: claim.cards, max: deps.config.maxCardsPer10Min, windowMinutes: CARD_WINDOW_MS / 60_000 };
    deps.logger.info(
      `auto-reply: card held back (cap ${cap.max} in ${cap.windowMinutes} min) channel=${key.channelId} record=${key.recordId}`,
    );
    const compact = await deps.guard.decide(
      `compact claim channel=${key.channelId}`,
      (store) => store.claimCompactReply(key),
      () => true,
    );
    if (!compact) return { kind: "already-replied" };
    await postClaimed(deps, key, () => port.post(render.heldBack(best, cap), { replyKey: key }));
    return claim;
  }
  const post = (message: M) =>
    key ? postClaimed(deps, key, () => port.post(message, { replyKey: key })) : port.post(message);
  if (claim.kind === "pointer" && key) {
    // Counted first: the pointer says how often, this paste included.
    await record();
    const message = await repeatMessage(deps, key, best, claim.repeat.replyTs, { render, port });
    return { kind: "pointer", replyTs: await post(message) };
  }
  // "Seen before" means before this paste: the context is read first, the occurrence recorded after.
  const place = {
    channelId: where.channelId ?? undefined,
    threadTs: where.threadTs ?? undefined,
    visible: port.visible?.bind(port),
  };
  const context = {
    ...(await cardContext(deps, best.record.id, place, port.permalink?.bind(port))),
    ...(await stormOf(deps, mode, key)),
  };
  const message = render.answer(result, context, text);
  const [replyTs] = await Promise.all([post(message), record()]);
  return { kind: "card", replyTs };
}

/**
 * In a storm (a second full card in the window, or more) the card says how many the cap allows before
 * replies turn compact, so the first compact line surprises nobody.
 */
async function stormOf(deps: AnswerDeps, mode: AnswerMode, key: ReplyKey | undefined): Promise<{ storm?: CardCap }> {
  if (mode !== "auto" || !key) return {};
  const since = deps.now() - CARD_WINDOW_MS;
  const cards = await deps.guard.decide(
    `card count channel=${key.channelId}`,
    (store) => store.countFullCardsSince(key.channelId, since),
    () => 0,
  );
  const cap = { cards, max: deps.config.maxCardsPer10Min, windowMinutes: CARD_WINDOW_MS / 60_000 };
  return cards >= 2 ? { storm: cap } : {};
}

/** Thread replies are keyed by thread and record; private answers have no thread of their own. */
function threadKey(where: Where, best: Match): ReplyKey | undefined {
  const { channelId, threadTs } = where;
  return channelId && threadTs ? { channelId, threadTs, recordId: best.record.id } : undefined;
}

function isMuted(deps: AnswerDeps, key: ReplyKey): Promise<boolean> {
  return deps.guard.decide(
    `mute channel=${key.channelId}`,
    (store) => store.isMuted(key.channelId, key.recordId, deps.now()),
    () => deps.localMutes?.isMuted(key.channelId, key.recordId, deps.now()) ?? false,
  );
}

/** Flood control's one line: a link to the card already in the channel, and how often it was pasted since. */
async function repeatMessage<M>(
  deps: AnswerDeps,
  key: ReplyKey,
  best: Match,
  replyTs: string | null,
  { render, port }: Reply<M>,
): Promise<M> {
  const since = deps.now() - REPEAT_WINDOW_MS;
  const [url, count] = await Promise.all([
    replyTs !== null && port.permalink ? port.permalink(key.channelId, replyTs) : Promise.resolve(null),
    deps.guard.decide(
      `repeat count channel=${key.channelId}`,
      (store) => store.countInChannelSince(key.channelId, key.recordId, since),
      () => 1,
    ),
  ]);
  return render.repeat(best, url, count);
}

async function reactUnsure<M>(deps: AnswerDeps, port: AnswerPort<M>, result: MatchResult): Promise<void> {
  if (deps.config.unsureReaction && result.looksLikeError && port.react) await port.react("grey_question");
}

/**
 * Counts a paste the one way every surface counts (occurrence.ts): once per message and record,
 * whichever entry point saw it first (the store's unique index). Lookups count nothing.
 */
async function recordOccurrence(deps: AnswerDeps, result: MatchResult, text: string, where: Where): Promise<void> {
  if (where.lookup) return;
  const occurrence = occurrenceFromResult(result, text, where.source, {
    teamId: where.teamId ?? null,
    channelId: where.channelId ?? null,
    userId: where.userId ?? null,
    messageTs: where.messageTs ?? null,
    threadTs: where.threadTs ?? null,
    occurredAt: deps.now(),
  });
  if (occurrence) await deps.guard.write("occurrence", (store) => store.recordOccurrence(occurrence));
}
