/**
 * What the Slack adapter falls back to while the database does not answer: this process's own
 * memory of events and replies. Only a fallback: replicas do not share it (the outbox's look-up of its
 * key in the thread is what keeps a retry on another replica from posting twice). Its reply claims
 * decide like the database's (already replied, a pointer to a recent card, the card cap, a card), so
 * an outage changes where the decision is taken, not what it is. Bounded, oldest forgotten first.
 */
import type { ReplyClaim, ReplyClaimRequest, ReplyKey } from "./types.ts";

export interface LocalClaims {
  claimEvent(eventId: string): boolean;
  claimReply(key: ReplyKey, request: ReplyClaimRequest, at: number): ReplyClaim;
  /** The ts of a claimed reply once posted (a later pointer links to it); unknown keys are ignored. */
  setReplyTs(key: ReplyKey, replyTs: string): void;
  /** A failed post: forgets the claim (and its place under the cap). */
  releaseReply(key: ReplyKey): void;
}

interface LocalReply {
  channelId: string;
  threadTs: string;
  recordId: string;
  fullCard: boolean;
  at: number;
  claimKey: string | null;
  replyTs: string | null;
}

const replyId = (key: ReplyKey) => `${key.channelId}\u001f${key.threadTs}\u001f${key.recordId}`;

export function createLocalClaims({ max = 10_000 }: { max?: number } = {}): LocalClaims {
  const events = new Set<string>();
  // Insertion order is claim order: the newest card is found from the end.
  const replies = new Map<string, LocalReply>();
  const remember = <K>(set: { size: number; keys(): IterableIterator<K>; delete(k: K): boolean }) => {
    if (set.size <= max) return;
    const oldest = set.keys().next();
    if (!oldest.done) set.delete(oldest.value);
  };
  const newestCard = (key: ReplyKey, since: number, otherThan?: string): LocalReply | undefined => {
    let found: LocalReply | undefined;
    for (const r of replies.values()) {
      if (r.channelId !== key.channelId || r.recordId !== key.recordId || !r.fullCard || r.at < since) continue;
      if (r.threadTs !== otherThan) found = r;
    }
    return found;
  };
  return {
    claimEvent(eventId) {
      if (events.has(eventId)) return false;
      events.add(eventId);
      remember(events);
      return true;
    },
    claimReply(key, { repeatSince, cap, claimKey }, at) {
      const id = replyId(key);
      const existing = replies.get(id);
      if (existing) {
        // The same event answered again (a takeover): its own claim stands.
        if (claimKey === undefined || existing.claimKey !== claimKey) return { kind: "already-replied" };
        if (existing.fullCard) return { kind: "card" };
        const card = newestCard(key, Number.NEGATIVE_INFINITY, key.threadTs);
        return {
          kind: "pointer",
          repeat: { threadTs: card?.threadTs ?? key.threadTs, replyTs: card?.replyTs ?? null },
        };
      }
      const recent = repeatSince === undefined ? undefined : newestCard(key, repeatSince);
      if (!recent && cap) {
        let cards = 0;
        for (const r of replies.values())
          if (r.channelId === key.channelId && r.fullCard && r.at >= cap.cardsSince) cards++;
        if (cards >= cap.maxCards) return { kind: "card-cap", cards };
      }
      replies.set(id, { ...key, fullCard: !recent, at, claimKey: claimKey ?? null, replyTs: null });
      remember(replies);
      return recent
        ? { kind: "pointer", repeat: { threadTs: recent.threadTs, replyTs: recent.replyTs } }
        : { kind: "card" };
    },
    setReplyTs(key, replyTs) {
      const r = replies.get(replyId(key));
      if (r) r.replyTs = replyTs;
    },
    releaseReply(key) {
      const id = replyId(key);
      if (replies.get(id)?.replyTs === null) replies.delete(id);
    },
  };
}
