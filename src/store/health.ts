/**
 * Can the database take a write right now? /healthz asks this: a read (`SELECT 1`) passes on a
 * read-only or locked file while every event's write fails. The probe takes the write lock without
 * waiting for it and writes nothing, so a locked database answers at once instead of after the busy
 * timeout. (Synchronous, on the current Store; the async store ports it.)
 */
import type { Store } from "./db.ts";

export type WriteProbe = { ok: true } | { ok: false; reason: string };

export function probeWritable(store: Store): WriteProbe {
  const db = store.db;
  if (!db.open) return { ok: false, reason: "database is closed" };
  if (db.readonly) return { ok: false, reason: "database is open read-only" };
  const busy = db.pragma("busy_timeout", { simple: true }) as number;
  db.pragma("busy_timeout = 0");
  try {
    db.exec("BEGIN IMMEDIATE");
    // A write that changes nothing: fails on a file SQLite opened read-only underneath us.
    db.exec(`PRAGMA user_version = ${String(db.pragma("user_version", { simple: true }))}`);
    db.exec("ROLLBACK");
    return { ok: true };
  } catch (error) {
    if (db.inTransaction) db.exec("ROLLBACK");
    const code = (error as { code?: unknown }).code;
    return { ok: false, reason: typeof code === "string" ? `${code}: ${(error as Error).message}` : String(error) };
  } finally {
    db.pragma(`busy_timeout = ${busy}`);
  }
}
