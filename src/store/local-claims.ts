/**
 * What the Slack adapter falls back to while the database does not answer: this process's own
 * memory of events and replies. Only a fallback: replicas do not share it, so during an outage a
 * retry landing on another replica may be answered twice. Bounded, oldest forgotten first.
 */
import type { ReplyClaim, ReplyClaimRequest, ReplyKey } from "./types.ts";

export interface LocalClaims {
  claimEvent(eventId: string): boolean;
  claimReply(key: ReplyKey, request: ReplyClaimRequest, at: number): ReplyClaim;
}

export function createLocalClaims({ max = 10_000 }: { max?: number } = {}): LocalClaims {
  const events = new Set<string>();
  const replies = new Map<string, { channelId: string; fullCard: boolean; at: number }>();
  const remember = <K>(set: { size: number; keys(): IterableIterator<K>; delete(k: K): boolean }) => {
    if (set.size <= max) return;
    const oldest = set.keys().next();
    if (!oldest.done) set.delete(oldest.value);
  };
  return {
    claimEvent(eventId) {
      if (events.has(eventId)) return false;
      events.add(eventId);
      remember(events);
      return true;
    },
    claimReply(key, { cap }, at) {
      const k = `${key.channelId}\u001f${key.threadTs}\u001f${key.recordId}`;
      if (replies.has(k)) return { kind: "already-replied" };
      if (cap) {
        let cards = 0;
        for (const r of replies.values())
          if (r.channelId === key.channelId && r.fullCard && r.at >= cap.cardsSince) cards++;
        if (cards >= cap.maxCards) return { kind: "card-cap", cards };
      }
      replies.set(k, { channelId: key.channelId, fullCard: true, at });
      remember(replies);
      return { kind: "card" };
    },
  };
}
