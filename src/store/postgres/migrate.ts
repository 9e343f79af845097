import type { Pool } from "pg";
import { defaultMigrationsDir, type Migration, migrationFailed, newerThanCode, readMigrations } from "../migrate.ts";

/** Replicas starting at once queue on this lock; the first applies, the rest find nothing to do. */
const MIGRATION_LOCK = 72_641_700;

const RECORD_TABLE = `CREATE TABLE IF NOT EXISTS schema_migrations (
  version    integer PRIMARY KEY,
  name       text NOT NULL,
  applied_at timestamptz NOT NULL DEFAULT now()
)`;

export async function postgresSchemaVersion(pool: Pool): Promise<number> {
  const exists = await pool.query<{ t: string | null }>("SELECT to_regclass('schema_migrations')::text AS t");
  if (!exists.rows[0]?.t) return 0;
  const r = await pool.query<{ v: number | null }>("SELECT max(version) AS v FROM schema_migrations");
  return r.rows[0]?.v ?? 0;
}

/**
 * Applies pending migrations under a session advisory lock, each in its own transaction together
 * with its row in schema_migrations (the record of what was applied).
 */
export async function migratePostgres(
  pool: Pool,
  migrations: readonly Migration[] = readMigrations(defaultMigrationsDir("postgres")),
): Promise<number[]> {
  const client = await pool.connect();
  try {
    await client.query("SELECT pg_advisory_lock($1, hashtext(current_schema())::integer)", [MIGRATION_LOCK]);
    try {
      await client.query(RECORD_TABLE);
      const r = await client.query<{ v: number | null }>("SELECT max(version) AS v FROM schema_migrations");
      const current = r.rows[0]?.v ?? 0;
      const latest = migrations.length;
      if (current > latest) throw newerThanCode(current, latest, "database");
      const applied: number[] = [];
      for (const m of migrations) {
        if (m.version <= current) continue;
        try {
          await client.query("BEGIN");
          await client.query(m.sql);
          await client.query("INSERT INTO schema_migrations (version, name) VALUES ($1, $2)", [m.version, m.name]);
          await client.query("COMMIT");
        } catch (cause) {
          await client.query("ROLLBACK").catch(() => undefined);
          throw migrationFailed(m, cause);
        }
        applied.push(m.version);
      }
      return applied;
    } finally {
      await client.query("SELECT pg_advisory_unlock_all()").catch(() => undefined);
    }
  } finally {
    client.release();
  }
}
