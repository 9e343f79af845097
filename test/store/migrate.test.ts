import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import BetterSqlite3 from "better-sqlite3";
import { afterEach, describe, expect, it } from "vitest";
import { topErrors } from "../../src/report/stats.ts";
import {
  MigrationError,
  migrate,
  openStore,
  readMigrations,
  recordOccurrence,
  schemaVersion,
} from "../../src/store/index.ts";
import { tempDir } from "./temp-store.ts";

let env: ReturnType<typeof tempDir>;
afterEach(() => env?.cleanup());

function tables(db: BetterSqlite3.Database): string[] {
  return (
    db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name").all() as { name: string }[]
  ).map((r) => r.name);
}

describe("migrations", () => {
  it("creates the parent folder and every table on an empty file, recording the version", () => {
    env = tempDir();
    const store = env.open();
    const shipped = readMigrations();
    expect(shipped.length).toBeGreaterThanOrEqual(2);
    expect(schemaVersion(store.db)).toBe(shipped.length);
    expect(tables(store.db)).toEqual(
      expect.arrayContaining(["digests", "feedback", "occurrences", "replies", "seen_events"]),
    );
    expect(store.db.pragma("journal_mode", { simple: true })).toBe("wal");
    expect(store.db.pragma("foreign_keys", { simple: true })).toBe(1);
    expect(store.db.pragma("busy_timeout", { simple: true })).toBeGreaterThan(0);
  });

  it("applies nothing when reopened, and keeps the data", () => {
    env = tempDir();
    const first = env.open();
    first.db.prepare("INSERT INTO seen_events (event_id, seen_at) VALUES ('Ev1', 1)").run();
    first.close();
    const again = new BetterSqlite3(env.path);
    expect(migrate(again)).toEqual([]);
    expect(again.prepare("SELECT count(*) AS n FROM seen_events").get()).toEqual({ n: 1 });
    again.close();
  });

  it("applies only the migrations a database does not have yet, in order", () => {
    env = tempDir();
    const all = readMigrations();
    const db = new BetterSqlite3(join(env.dir, "partial.sqlite"));
    expect(migrate(db, all.slice(0, 1))).toEqual([1]);
    expect(tables(db)).not.toContain("digests");
    expect(migrate(db, all)).toEqual(all.slice(1).map((m) => m.version));
    expect(tables(db)).toContain("digests");
    db.close();
  });

  it("keeps logged rows and their idempotency through every later migration", () => {
    env = tempDir();
    const all = readMigrations();
    const db = new BetterSqlite3(join(env.dir, "old.sqlite"));
    migrate(db, all.slice(0, 1));
    db.prepare(
      "INSERT INTO occurrences (record_id, source, channel_id, message_ts, excerpt, occurred_at) VALUES ('r1', 'auto', 'C1', '1.1', 'x', 5)",
    ).run();
    db.close();
    const store = openStore(join(env.dir, "old.sqlite"));
    expect(schemaVersion(store.db)).toBe(all.length);
    const again = recordOccurrence(store, {
      recordId: "r1",
      source: "auto",
      channelId: "C1",
      messageTs: "1.1",
      text: "x",
    });
    expect(again.inserted).toBe(false);
    expect(store.db.prepare("SELECT count(*) AS n FROM occurrences").get()).toEqual({ n: 1 });
    expect(topErrors(store, { from: 0, to: 10 })).toMatchObject([{ recordId: "r1", count: 1, firstEver: 5 }]);
    store.close();
  });

  it("refuses a database newer than the code with a MigrationError naming both versions", () => {
    env = tempDir();
    env.open().close();
    const db = new BetterSqlite3(env.path);
    db.pragma("user_version = 99");
    db.close();
    const latest = readMigrations().length;
    let error: unknown;
    try {
      openStore(env.path);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(MigrationError);
    expect((error as MigrationError).code).toBe("DB_NEWER_THAN_CODE");
    expect((error as MigrationError).message).toContain("version 99");
    expect((error as MigrationError).message).toContain(`version ${latest}`);
    const check = new BetterSqlite3(env.path);
    expect(check.pragma("user_version", { simple: true })).toBe(99);
    check.close();
  });

  it("rolls a failing migration back whole and leaves the version where it was", () => {
    env = tempDir();
    const dir = join(env.dir, "migrations");
    mkdirSync(dir);
    writeFileSync(join(dir, "001_ok.sql"), "CREATE TABLE a (x INTEGER);");
    writeFileSync(join(dir, "002_broken.sql"), "CREATE TABLE b (x INTEGER); INSERT INTO nowhere VALUES (1);");
    const db = new BetterSqlite3(join(env.dir, "broken.sqlite"));
    expect(() => migrate(db, readMigrations(dir))).toThrow(/002_broken\.sql failed/);
    expect(schemaVersion(db)).toBe(1);
    expect(tables(db)).toEqual(["a"]);
    db.close();
  });

  it("rejects a gap in the migration numbering", () => {
    env = tempDir();
    const dir = join(env.dir, "gappy");
    mkdirSync(dir);
    writeFileSync(join(dir, "001_a.sql"), "SELECT 1;");
    writeFileSync(join(dir, "003_c.sql"), "SELECT 1;");
    expect(() => readMigrations(dir)).toThrow(MigrationError);
  });

  it("finds the migrations folder from the module, whatever the working directory", () => {
    env = tempDir();
    const cwd = process.cwd();
    process.chdir(env.dir);
    try {
      expect(readMigrations().length).toBeGreaterThanOrEqual(2);
    } finally {
      process.chdir(cwd);
    }
  });

  it("opens an in-memory store", () => {
    const store = openStore(":memory:");
    expect(tables(store.db)).toContain("occurrences");
    store.close();
  });
});
