import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { Database } from "better-sqlite3";
import { MigrationError } from "./errors.ts";

export interface Migration {
  version: number;
  name: string;
  sql: string;
}

/** migrations/ at the repository root, found from this file so the cwd does not matter. */
export const defaultMigrationsDir = fileURLToPath(new URL("../../migrations/", import.meta.url));

const FILE = /^(\d{3})_([a-z0-9_]+)\.sql$/;

/** Reads `NNN_name.sql` files in order; numbering must run 1, 2, 3 … without gaps or repeats. */
export function readMigrations(dir: string = defaultMigrationsDir): Migration[] {
  const migrations = readdirSync(dir)
    .map((file) => ({ file, m: FILE.exec(file) }))
    .filter((f): f is { file: string; m: RegExpExecArray } => f.m !== null)
    .map(({ file, m }) => ({ version: Number(m[1]), name: m[2] ?? file, sql: readFileSync(join(dir, file), "utf8") }))
    .sort((a, b) => a.version - b.version);
  migrations.forEach((m, i) => {
    if (m.version !== i + 1) {
      throw new MigrationError(
        "BAD_MIGRATION_FILES",
        `migrations in ${dir} must be numbered 001, 002, … without gaps; found ${String(m.version).padStart(3, "0")}_${m.name}.sql at position ${i + 1}`,
      );
    }
  });
  return migrations;
}

export function schemaVersion(db: Database): number {
  return db.pragma("user_version", { simple: true }) as number;
}

/**
 * Applies pending migrations, each in its own IMMEDIATE transaction together with the bump of
 * `PRAGMA user_version`, so a crash leaves the DB at a whole version and two processes starting
 * at once do not both apply the same file. Returns the versions applied.
 */
export function migrate(db: Database, migrations: readonly Migration[] = readMigrations()): number[] {
  const latest = migrations.length;
  const current = schemaVersion(db);
  if (current > latest) {
    throw new MigrationError(
      "DB_NEWER_THAN_CODE",
      `database schema is version ${current} but this rwerror knows migrations only up to version ${latest}: ` +
        "run a newer rwerror or point RWERROR_DB at another file (the database is left untouched)",
    );
  }
  const applied: number[] = [];
  for (const m of migrations) {
    if (m.version <= current) continue;
    const apply = db.transaction(() => {
      // Another process may have applied it between our read and this lock.
      if (schemaVersion(db) >= m.version) return false;
      db.exec(m.sql);
      db.pragma(`user_version = ${m.version}`);
      return true;
    });
    try {
      if (apply.immediate()) applied.push(m.version);
    } catch (cause) {
      throw new MigrationError(
        "MIGRATION_FAILED",
        `migration ${String(m.version).padStart(3, "0")}_${m.name}.sql failed and was rolled back: ${(cause as Error).message}`,
        { cause },
      );
    }
  }
  return applied;
}
