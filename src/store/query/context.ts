/**
 * What the repository modules are given: the two query builders, the clock, and the few things each
 * dialect does its own way (how a write waits for a busy database, how a time range finds its rows).
 */
import type { Expression, ExpressionBuilder, Kysely, SqlBool } from "kysely";
import type { Schema } from "./schema.ts";

export type Db = Kysely<Schema>;

/** A condition on occurrences. */
export type OccurrenceFilter = (eb: ExpressionBuilder<Schema, "occurrences">) => Expression<SqlBool>;

export interface Dialect {
  /**
   * Runs one statement: SQLite retries a busy database with setTimeout backoff (its own busy wait
   * would block the event loop); PostgreSQL waits in its pool.
   */
  run<T>(op: () => Promise<T>): Promise<T>;
  /** Occurrences logged at or after `ms` (SQLite: the time-ordered rowid range; PostgreSQL: the time index). */
  occurredFrom(ms: number): OccurrenceFilter;
  /** Occurrences logged before `ms`. */
  occurredBefore(ms: number): OccurrenceFilter;
  /** Newest occurrences first (SQLite ids sort by time). */
  newestFirst: readonly ("id" | "occurred_at")[];
  /** The conflict target of one vote per user, record and message (SQLite: a generated column; PostgreSQL: an expression index). */
  voteConflict: "vote_key" | Expression<unknown>;
}

export interface QueryContext {
  /** Full durability: votes, digests, notes, settings, retention. */
  db: Db;
  /** The burst path (event claims): PostgreSQL's pool that commits without waiting for the WAL flush. */
  fast: Db;
  now(): number;
  dialect: Dialect;
}

/** How many rows a write touched (Kysely reports bigints). */
export function touched(result: {
  numInsertedOrUpdatedRows?: bigint | undefined;
  numUpdatedRows?: bigint;
  numDeletedRows?: bigint;
}): number {
  return Number(result.numInsertedOrUpdatedRows ?? result.numUpdatedRows ?? result.numDeletedRows ?? 0n);
}

/** A count(*) row as a number (PostgreSQL's int8 is parsed to a number by the pool; SQLite's is one). */
export const countOf = (row: { n: number | string | bigint } | undefined) => Number(row?.n ?? 0);
