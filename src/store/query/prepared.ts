/**
 * A query compiled once, run with new values each call. Building and compiling a Kysely query costs
 * far more than running the statement (hundreds of µs against tens), and the burst path runs these
 * per event: each repository function builds its query once with markers in place of its values, and
 * every call only swaps the values into the compiled parameters (SQLite then reuses its prepared
 * statement, found by the same SQL text).
 */
import type { Compilable, CompiledQuery, QueryResult } from "kysely";
import type { Db } from "./context.ts";

/** Runs a compiled query on the connection a backend owns (default: Kysely's own executor). */
export type Executor = <R>(compiled: CompiledQuery<R>) => Promise<QueryResult<R>>;

const executors = new WeakMap<Db, Executor>();

/**
 * Runs this builder's compiled queries through `execute` instead of Kysely's connection pipeline:
 * SQLite runs them synchronously on its one handle (statements prepared once), PostgreSQL on its pool.
 */
export function executeWith(db: Db, execute: Executor): Db {
  executors.set(db, execute);
  return db;
}

class Marker {
  constructor(readonly name: string) {}
}

/**
 * `build` receives one marker per name, typed `never` so it fits any value position; the query it
 * returns must put each value it needs in a marker (no arithmetic on markers: pass derived values).
 */
export function prepared<K extends string, R>(
  db: Db,
  names: readonly K[],
  build: (p: Record<K, never>) => Compilable<R>,
): (values: Record<K, unknown>) => Promise<QueryResult<R>> {
  let compiled: CompiledQuery<R> | undefined;
  const execute = executors.get(db) ?? ((q: CompiledQuery<R>) => db.executeQuery(q));
  return (values) => {
    if (!compiled) {
      const markers = Object.fromEntries(names.map((n) => [n, new Marker(n)])) as unknown as Record<K, never>;
      compiled = build(markers).compile();
    }
    const parameters = compiled.parameters.map((p) => (p instanceof Marker ? values[p.name as K] : p));
    return execute({ ...compiled, parameters });
  };
}

/** The rows of a prepared query. */
export async function rowsOf<R>(result: Promise<QueryResult<R>>): Promise<R[]> {
  return (await result).rows;
}

/** How many rows a prepared write touched. */
export async function touchedBy(result: Promise<QueryResult<unknown>>): Promise<number> {
  return Number((await result).numAffectedRows ?? 0n);
}
