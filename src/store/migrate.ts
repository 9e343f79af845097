import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { MigrationError } from "./errors.ts";
import type { StoreKind } from "./types.ts";

export interface Migration {
  version: number;
  name: string;
  sql: string;
}

/**
 * migrations/<dialect>/ at the repository root, found from this file so the cwd does not matter.
 * Both dialects carry the same numbers: version N means the same schema on either backend.
 */
export function defaultMigrationsDir(kind: StoreKind = "sqlite"): string {
  return fileURLToPath(new URL(`../../migrations/${kind}/`, import.meta.url));
}

const FILE = /^(\d{3})_([a-z0-9_]+)\.sql$/;

/** Reads `NNN_name.sql` files in order; numbering must run 1, 2, 3 … without gaps or repeats. */
export function readMigrations(dir: string = defaultMigrationsDir("sqlite")): Migration[] {
  const migrations = readdirSync(dir)
    .map((file) => ({ file, m: FILE.exec(file) }))
    .filter((f): f is { file: string; m: RegExpExecArray } => f.m !== null)
    .map(({ file, m }) => ({ version: Number(m[1]), name: m[2] ?? file, sql: readFileSync(join(dir, file), "utf8") }))
    .sort((a, b) => a.version - b.version);
  migrations.forEach((m, i) => {
    if (m.version !== i + 1) {
      throw new MigrationError(
        "BAD_MIGRATION_FILES",
        `migrations in ${dir} must be numbered 001, 002, … without gaps; found ${fileName(m)} at position ${i + 1}`,
      );
    }
  });
  return migrations;
}

export function fileName(m: Migration): string {
  return `${String(m.version).padStart(3, "0")}_${m.name}.sql`;
}

export function newerThanCode(current: number, latest: number, where: string): MigrationError {
  return new MigrationError(
    "DB_NEWER_THAN_CODE",
    `database schema is version ${current} but this rwerror knows migrations only up to version ${latest}: ` +
      `run a newer rwerror or point RWERROR_DB at another ${where} (the database is left untouched)`,
  );
}

export function migrationFailed(m: Migration, cause: unknown): MigrationError {
  return new MigrationError(
    "MIGRATION_FAILED",
    `migration ${fileName(m)} failed and was rolled back: ${(cause as Error).message}`,
    { cause },
  );
}
