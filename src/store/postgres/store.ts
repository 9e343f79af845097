import { type CompiledQuery, Kysely, PostgresDialect, type QueryResult, type SqlBool, sql } from "kysely";
import type { Pool } from "pg";
import type { Migration } from "../migrate.ts";
import { type OccurrenceRow, occurrenceRow, safeLocation } from "../occurrence-row.ts";
import type { Dialect } from "../query/context.ts";
import { executeWith } from "../query/prepared.ts";
import type { Schema } from "../query/schema.ts";
import { queryStore } from "../query/store.ts";
import type { OccurrenceInput, ReplyClaim, ReplyClaimRequest, ReplyKey, Store, StoreHealth } from "../types.ts";
import { migratePostgres, postgresSchemaVersion } from "./migrate.ts";
import { columnsOf, createOccurrenceWriter, IMPORT_OCCURRENCES } from "./occurrence-writer.ts";
import { createPool, type PostgresPoolOptions } from "./pool.ts";
import { postgresUnmatchedExamples, scanPostgresPeriod } from "./reports.ts";

export interface PostgresStoreOptions extends PostgresPoolOptions {
  now?: () => number;
  migrations?: readonly Migration[];
}

const IMPORT_BATCH = 5_000;

/** One call of rwerror_claim_reply (migrations/postgres/007, with the claim key): the decision under the channel's lock. */
async function claimReplyOnce(
  pool: Pool,
  key: ReplyKey,
  { repeatSince, cap, claimKey }: ReplyClaimRequest,
  at: number,
): Promise<ReplyClaim> {
  const r = await pool.query<{
    kind: string;
    cards: number | null;
    repeat_thread: string | null;
    repeat_reply: string | null;
  }>("SELECT * FROM rwerror_claim_reply($1, $2, $3, $4, $5, $6, $7, $8)", [
    key.channelId,
    key.threadTs,
    key.recordId,
    // NULL matches no earlier card and caps nothing (rwerror_claim_reply compares with them).
    repeatSince === undefined ? null : Math.floor(repeatSince),
    cap ? Math.floor(cap.cardsSince) : null,
    cap ? cap.maxCards : null,
    at,
    claimKey ?? null,
  ]);
  const row = r.rows[0];
  switch (row?.kind) {
    case "already-replied":
      return { kind: "already-replied" };
    case "card-cap":
      return { kind: "card-cap", cards: row.cards ?? cap?.maxCards ?? 0 };
    case "pointer":
      return { kind: "pointer", repeat: { threadTs: row.repeat_thread ?? "", replyTs: row.repeat_reply } };
    case "card":
      return { kind: "card" };
    default:
      throw new Error(`rwerror_claim_reply answered ${JSON.stringify(row)}`);
  }
}

export async function openPostgresStore(
  url: string,
  { now = Date.now, migrations, ...poolOptions }: PostgresStoreOptions = {},
): Promise<Store> {
  const pool = await createPool(url, poolOptions);
  try {
    await migratePostgres(pool, migrations);
  } catch (error) {
    await pool.end().catch(() => undefined);
    throw error;
  }
  let closed = false;
  // The hot path of a burst (event claims, occurrence rows) commits without waiting for the WAL
  // flush: a crash of the PostgreSQL server may forget its last fraction of a second (never
  // corrupting anything; at worst an event is answered again or an occurrence goes uncounted), and
  // a burst is not paced by fsync. Votes, digests and retention keep the main pool's full durability.
  const fastPool = await createPool(url, {
    ...poolOptions,
    max: Math.max(2, Math.ceil((poolOptions.max ?? 10) / 2)),
    settings: { synchronous_commit: "off" },
  });
  const logOccurrence = createOccurrenceWriter(fastPool);
  const dialect: Dialect = {
    run: (op) => op(),
    timeColumn: "occurred_at",
    timeKey: (ms) => ms,
    inList: (column, list) => sql<SqlBool>`${column} = any(${list}::text[])`,
    listValue: (values) => values,
    newestFirst: ["occurred_at", "id"],
    // The expressions of feedback_vote (migrations/postgres/002).
    voteConflict: sql.raw("record_id, user_id, coalesce(channel_id, ''), coalesce(message_ts, '')"),
  };
  // Kysely builds and compiles the shared queries; each runs as one pool.query on its pool.
  const onPool =
    (p: Pool) =>
    async <R>(compiled: CompiledQuery<R>): Promise<QueryResult<R>> => {
      const r = await p.query(compiled.sql, [...compiled.parameters]);
      return { rows: r.rows as R[], ...(r.rowCount === null ? {} : { numAffectedRows: BigInt(r.rowCount) }) };
    };
  const ctx = {
    db: executeWith(new Kysely<Schema>({ dialect: new PostgresDialect({ pool }) }), onPool(pool)),
    fast: executeWith(new Kysely<Schema>({ dialect: new PostgresDialect({ pool: fastPool }) }), onPool(fastPool)),
    now,
    dialect,
  };

  return queryStore(ctx, {
    kind: "postgres",
    location: safeLocation(url),
    claimReply: (key, request) => claimReplyOnce(fastPool, key, request, now()),
    recordOccurrence: async (input) => logOccurrence(occurrenceRow(input, now())),
    importOccurrences: (inputs) => importRows(pool, inputs, now),
    scanPeriod: ({ from, to, edges = [] }) => scanPostgresPeriod(pool, Math.ceil(from), Math.ceil(to), edges),
    unmatchedExamples: (fingerprints, { from, to }) =>
      postgresUnmatchedExamples(pool, fingerprints, Math.ceil(from), Math.ceil(to)),
    health: () => probe(pool),
    schemaVersion: () => postgresSchemaVersion(pool),
    close: async () => {
      if (closed) return;
      closed = true;
      await Promise.all([pool.end(), fastPool.end()]);
    },
  });
}

/** One multi-row statement per batch, each row deduplicated like recordOccurrence. */
async function importRows(pool: Pool, inputs: Iterable<OccurrenceInput>, now: () => number): Promise<number> {
  let added = 0;
  let rows: OccurrenceRow[] = [];
  const flush = async () => {
    const r = await pool.query(IMPORT_OCCURRENCES, columnsOf(rows));
    added += r.rowCount ?? 0;
    rows = [];
  };
  for (const input of inputs) {
    rows.push(occurrenceRow(input, now()));
    if (rows.length === IMPORT_BATCH) await flush();
  }
  if (rows.length > 0) await flush();
  return added;
}

/** Reachable and writable: a standby answers but refuses writes. */
async function probe(pool: Pool): Promise<StoreHealth> {
  try {
    const r = await pool.query<{ ro: string }>("SELECT current_setting('transaction_read_only') AS ro");
    return r.rows[0]?.ro === "on"
      ? { kind: "postgres", ok: false, error: "PostgreSQL is read-only (a standby?)" }
      : { kind: "postgres", ok: true };
  } catch (error) {
    return { kind: "postgres", ok: false, error: (error as Error).message };
  }
}
