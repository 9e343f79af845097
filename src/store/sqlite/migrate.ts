import type { Database } from "better-sqlite3";
import { defaultMigrationsDir, type Migration, migrationFailed, newerThanCode, readMigrations } from "../migrate.ts";

export function sqliteSchemaVersion(db: Database): number {
  return db.pragma("user_version", { simple: true }) as number;
}

/**
 * Applies pending migrations, each in its own IMMEDIATE transaction together with the bump of
 * `PRAGMA user_version` (the record of what was applied), so a crash leaves the DB at a whole
 * version and two processes starting at once do not both apply the same file.
 */
export function migrateSqlite(
  db: Database,
  migrations: readonly Migration[] = readMigrations(defaultMigrationsDir("sqlite")),
): number[] {
  const latest = migrations.length;
  const current = sqliteSchemaVersion(db);
  if (current > latest) throw newerThanCode(current, latest, "file");
  const applied: number[] = [];
  for (const m of migrations) {
    if (m.version <= current) continue;
    const apply = db.transaction(() => {
      // Another process may have applied it between our read and this lock.
      if (sqliteSchemaVersion(db) >= m.version) return false;
      db.exec(m.sql);
      db.pragma(`user_version = ${m.version}`);
      return true;
    });
    try {
      if (apply.immediate()) applied.push(m.version);
    } catch (cause) {
      throw migrationFailed(m, cause);
    }
  }
  return applied;
}
