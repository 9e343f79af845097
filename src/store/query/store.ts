/**
 * A `Store` from the one query layer plus what a dialect does its own way: the reply claim (SQLite's
 * BEGIN IMMEDIATE, PostgreSQL's locked function), logging occurrences (SQLite's id blocks,
 * PostgreSQL's batched writer), the period scan, health and closing.
 */
import type { Store } from "../types.ts";
import { channelSettings } from "./channels.ts";
import type { QueryContext } from "./context.ts";
import { digestClaims } from "./digests.ts";
import { eventClaims } from "./events.ts";
import { feedbackVotes } from "./feedback.ts";
import { occurrenceReads } from "./occurrences.ts";
import { outboxRows } from "./outbox.ts";
import { replyRows } from "./replies.ts";
import { teamKnowledge } from "./team.ts";

export type DialectOwn = Pick<
  Store,
  | "kind"
  | "location"
  | "claimReply"
  | "recordOccurrence"
  | "importOccurrences"
  | "scanPeriod"
  | "unmatchedExamples"
  | "health"
  | "schemaVersion"
  | "close"
>;

export function queryStore(ctx: QueryContext, own: DialectOwn): Store {
  return {
    now: ctx.now,
    ...eventClaims(ctx),
    ...replyRows(ctx),
    ...occurrenceReads(ctx),
    ...feedbackVotes(ctx),
    ...digestClaims(ctx),
    ...outboxRows(ctx),
    ...teamKnowledge(ctx),
    ...channelSettings(ctx),
    ...own,
  };
}
