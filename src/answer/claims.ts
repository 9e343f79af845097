/**
 * Shared state claimed in the database (across replicas), with this process deciding alone while the
 * database does not answer: Slack events (one live delivery handled at a time, handled once its answer
 * is out) and thread replies (one per thread and record; the claim is given back when the post fails).
 */
import type { ReplyClaim, ReplyClaimRequest, ReplyKey } from "../store/index.ts";
import type { AnswerDeps } from "./types.ts";

type ClaimDeps = Pick<AnswerDeps, "guard" | "localClaims">;

/**
 * Runs `handle` for the first live delivery of `eventId` (a Slack event, or any one-time action such
 * as sharing one card); false when another delivery has it. The claim is given back when `handle`
 * throws or returns false (nothing was done, a later delivery may try again). `payload` (the event as
 * received) stays with the claim so another replica can finish it if this process dies first.
 */
export async function handleOnce(
  deps: ClaimDeps,
  eventId: string,
  handle: () => Promise<unknown>,
  claim: { payload?: string; staleMs?: number } = {},
): Promise<boolean> {
  const claimed = await deps.guard.decide(
    `event claim ${eventId}`,
    (store) => store.claimEvent(eventId, claim),
    () => deps.localClaims.claimEvent(eventId),
  );
  if (!claimed) return false;
  const release = () => deps.guard.write(`event release ${eventId}`, (store) => store.releaseEvent(eventId));
  let done: unknown;
  try {
    done = await handle();
  } catch (error) {
    await release();
    throw error;
  }
  if (done === false) await release();
  else await deps.guard.write(`event done ${eventId}`, (store) => store.completeEvent(eventId));
  return true;
}

/** One locked decision per channel: already replied, capped, a pointer, or a card (claimed unless capped). */
export function claimReply(
  deps: ClaimDeps & Pick<AnswerDeps, "now">,
  key: ReplyKey,
  request: ReplyClaimRequest,
): Promise<ReplyClaim> {
  const at = deps.now();
  return deps.guard.decide(
    `reply claim channel=${key.channelId}`,
    (store) => store.claimReply(key, request),
    () => deps.localClaims.claimReply(key, request, at),
  );
}

/** Posts a claimed reply and keeps its ts (later cards link to it); a failed post gives the claim back. */
export async function postClaimed(
  deps: ClaimDeps,
  key: ReplyKey,
  post: () => Promise<string | undefined>,
): Promise<string | undefined> {
  let ts: string | undefined;
  try {
    ts = await post();
  } catch (error) {
    deps.localClaims.releaseReply(key);
    await deps.guard.write("reply release", (store) => store.releaseReply(key));
    throw error;
  }
  const posted = ts;
  if (posted) {
    // Kept here too: a pointer decided without the database links to this card.
    deps.localClaims.setReplyTs(key, posted);
    await deps.guard.write("reply ts", (store) => store.setReplyTs(key, posted));
  }
  return posted;
}
