/**
 * What the repository modules are given: the two query builders, the clock, and the few things each
 * dialect does its own way (how a write waits for a busy database, how a time range finds its rows).
 */
import type { Expression, Kysely, SqlBool } from "kysely";
import type { Schema } from "./schema.ts";

export type Db = Kysely<Schema>;

export interface Dialect {
  /**
   * Runs one statement: SQLite retries a busy database with setTimeout backoff (its own busy wait
   * would block the event loop); PostgreSQL waits in its pool.
   */
  run<T>(op: () => Promise<T>): Promise<T>;
  /**
   * How a time finds occurrences: SQLite's ids sort by time (`id = ms * 1024 + n`, a period is a rowid
   * range), PostgreSQL has an index on `occurred_at`. Compare `timeColumn` with `timeKey(ms)`.
   */
  timeColumn: "id" | "occurred_at";
  timeKey(ms: number): number;
  /** `column` is one of a list of strings bound as one parameter (`listValue` encodes the list). */
  inList(column: Expression<string>, list: Expression<unknown>): Expression<SqlBool>;
  listValue(values: readonly string[]): unknown;
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

/** A count(*) row as a number (PostgreSQL's int8 is parsed to a number by the pool; SQLite's is one). */
export const countOf = (row: { n: number | string | bigint } | undefined) => Number(row?.n ?? 0);
