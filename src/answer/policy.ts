/** Which answer a paste gets and how much flood control applies: pure rules, no I/O. */
import { AUTO_POST_MIN_CONFIDENCE } from "../matcher/index.ts";
import type { Match, MatchResult } from "../matcher/types.ts";
import type { ReplyClaimRequest } from "../store/index.ts";
import type { AnswerMode } from "./types.ts";

/** A record answered in the channel this recently gets a one-line pointer instead of another card. */
export const REPEAT_WINDOW_MS = 30 * 60_000;
/** The card cap counts full cards over this window. */
export const CARD_WINDOW_MS = 10 * 60_000;

/** Auto-replies post only an `answer` (never candidates or fuzzy guesses), at the confidence floor. */
export function confidentMatch(result: MatchResult): Match | undefined {
  const best = result.matches[0];
  return result.verdict === "answer" && best && best.confidence >= AUTO_POST_MIN_CONFIDENCE ? best : undefined;
}

/** The match a card is about, if the paste gets one: auto channels need a confident answer. */
export function cardMatch(mode: AnswerMode, result: MatchResult): Match | undefined {
  if (mode === "auto") return confidentMatch(result);
  return result.verdict === "answer" ? result.matches[0] : undefined;
}

/**
 * What a thread reply claims: auto-replies are flood-controlled (a pointer to a recent card, a card cap
 * per channel); a card asked for by name is always a full card. Private answers and the terminal claim
 * nothing (undefined): nobody else sees them.
 */
export function claimRequest(mode: AnswerMode, now: number, maxCards: number): ReplyClaimRequest | undefined {
  if (mode === "auto") {
    return { repeatSince: now - REPEAT_WINDOW_MS, cap: { cardsSince: now - CARD_WINDOW_MS, maxCards } };
  }
  return mode === "mention" ? {} : undefined;
}
