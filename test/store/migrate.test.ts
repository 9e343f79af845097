import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import BetterSqlite3 from "better-sqlite3";
import { afterEach, describe, expect, it } from "vitest";
import { topErrors } from "../../src/report/stats.ts";
import {
  defaultMigrationsDir,
  MigrationError,
  openStore,
  readMigrations,
  StoreOpenError,
} from "../../src/store/index.ts";
import { migrateSqlite, sqliteSchemaVersion } from "../../src/store/sqlite/migrate.ts";
import { type BackendEnv, describeEachBackend, PG_URL, pgAdmin } from "./backends.ts";
import { tempDir } from "./temp-store.ts";

let env: ReturnType<typeof tempDir> | undefined;
let backendEnv: BackendEnv | undefined;
afterEach(async () => {
  env?.cleanup();
  env = undefined;
  await backendEnv?.cleanup();
  backendEnv = undefined;
});

// Migration tests open their own raw connection to the file: they check SQLite's bookkeeping itself.
function tables(db: BetterSqlite3.Database): string[] {
  return (
    db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name").all() as { name: string }[]
  ).map((r) => r.name);
}

const sqliteMigrations = () => readMigrations(defaultMigrationsDir("sqlite"));

describe("migration files", () => {
  it("carry the same numbers and names for both dialects", () => {
    const names = (kind: "sqlite" | "postgres") => readMigrations(defaultMigrationsDir(kind)).map((m) => m.name);
    expect(names("postgres")).toEqual(names("sqlite"));
    expect(names("sqlite").length).toBeGreaterThanOrEqual(3);
  });

  it("rejects a gap in the numbering", () => {
    env = tempDir();
    const dir = join(env.dir, "gappy");
    mkdirSync(dir);
    writeFileSync(join(dir, "001_a.sql"), "SELECT 1;");
    writeFileSync(join(dir, "003_c.sql"), "SELECT 1;");
    expect(() => readMigrations(dir)).toThrow(MigrationError);
  });

  it("are found from the module, whatever the working directory", () => {
    env = tempDir();
    const cwd = process.cwd();
    process.chdir(env.dir);
    try {
      expect(sqliteMigrations().length).toBeGreaterThanOrEqual(2);
    } finally {
      process.chdir(cwd);
    }
  });
});

describe("SQLite migrations", () => {
  it("create the parent folder and every table on an empty file, recording the version", async () => {
    env = tempDir();
    const store = await env.open();
    expect(await store.schemaVersion()).toBe(sqliteMigrations().length);
    await store.close();
    const db = new BetterSqlite3(env.path);
    expect(tables(db)).toEqual(
      expect.arrayContaining(["digests", "feedback", "occurrences", "replies", "seen_events"]),
    );
    expect(db.pragma("journal_mode", { simple: true })).toBe("wal");
    db.close();
  });

  it("apply nothing when reopened, and keep the data", async () => {
    env = tempDir();
    const first = await env.open();
    await first.claimEvent("Ev1");
    await first.close();
    const again = new BetterSqlite3(env.path);
    expect(migrateSqlite(again, sqliteMigrations())).toEqual([]);
    expect(again.prepare("SELECT count(*) AS n FROM seen_events").get()).toEqual({ n: 1 });
    again.close();
  });

  it("apply only the migrations a database does not have yet, in order", () => {
    env = tempDir();
    const all = sqliteMigrations();
    const db = new BetterSqlite3(join(env.dir, "partial.sqlite"));
    expect(migrateSqlite(db, all.slice(0, 1))).toEqual([1]);
    expect(tables(db)).not.toContain("digests");
    expect(migrateSqlite(db, all)).toEqual(all.slice(1).map((m) => m.version));
    expect(tables(db)).toContain("digests");
    db.close();
  });

  it("keep logged rows and their idempotency through every later migration", async () => {
    env = tempDir();
    const all = sqliteMigrations();
    const path = join(env.dir, "old.sqlite");
    const db = new BetterSqlite3(path);
    migrateSqlite(db, all.slice(0, 1));
    db.prepare(
      "INSERT INTO occurrences (id, record_id, source, channel_id, message_ts, excerpt, occurred_at) VALUES (5 * 1024, 'r1', 'auto', 'C1', '1.1', 'x', 5)",
    ).run();
    db.close();
    const store = await openStore(path);
    expect(await store.schemaVersion()).toBe(all.length);
    const again = await store.recordOccurrence({
      recordId: "r1",
      source: "auto",
      channelId: "C1",
      messageTs: "1.1",
      text: "x",
    });
    expect(again.inserted).toBe(false);
    expect(await topErrors(store, { from: 0, to: 10 })).toMatchObject([{ recordId: "r1", count: 1, firstEver: 5 }]);
    // 005 filled "seen before" from the rows already logged.
    expect(await store.recordHistory("r1")).toMatchObject({ count: 1, firstAt: 5, lastAt: 5, channels: ["C1"] });
    await store.close();
  });

  it("rebuild the occurrences table for folded matches keeping rows, ids, first sightings and counts (008)", async () => {
    env = tempDir();
    const all = sqliteMigrations();
    const path = join(env.dir, "v7.sqlite");
    const db = new BetterSqlite3(path);
    migrateSqlite(
      db,
      all.filter((m) => m.version <= 7),
    );
    const insert = db.prepare(
      "INSERT INTO occurrences (id, record_id, source, channel_id, message_ts, match_kind, excerpt, occurred_at) VALUES (?, ?, 'auto', 'C1', ?, ?, 'x', ?)",
    );
    insert.run(5 * 1024, "r1", "1.1", "exact", 5);
    insert.run(6 * 1024, "r1", "1.2", "fuzzy", 6);
    expect(() => insert.run(7 * 1024, "r1", "1.3", "folded", 7)).toThrow(/CHECK/);
    db.close();

    const store = await openStore(path);
    expect(await store.schemaVersion()).toBe(all.length);
    expect((await store.listOccurrences()).map((o) => [o.id, o.matchKind]).sort()).toEqual([
      [5 * 1024, "exact"],
      [6 * 1024, "fuzzy"],
    ]);
    // The dedupe index and both triggers are back: a retry is one row, a new row counts and is seen.
    expect(
      (await store.recordOccurrence({ recordId: "r1", source: "auto", channelId: "C1", messageTs: "1.1", text: "x" }))
        .inserted,
    ).toBe(false);
    const folded = { recordId: "r1", source: "auto" as const, channelId: "C1", messageTs: "1.3", text: "x" };
    expect((await store.recordOccurrence({ ...folded, matchKind: "folded" })).inserted).toBe(true);
    expect(await store.recordHistory("r1")).toMatchObject({ count: 3, firstAt: 5, channels: ["C1"] });
    expect(await topErrors(store, { from: 0, to: Number.MAX_SAFE_INTEGER / 2048 })).toMatchObject([
      { recordId: "r1", count: 3, firstEver: 5 },
    ]);
    await store.close();
    const raw = new BetterSqlite3(path, { readonly: true });
    const objects = raw
      .prepare("SELECT type, name FROM sqlite_master WHERE tbl_name = 'occurrences' ORDER BY type, name")
      .all();
    raw.close();
    expect(objects).toEqual([
      { type: "index", name: "occurrences_dedupe_by_time" },
      { type: "table", name: "occurrences" },
      { type: "trigger", name: "occurrences_first_seen" },
      { type: "trigger", name: "occurrences_record_channels" },
    ]);
  });

  it("refuse a database newer than the code with a MigrationError naming both versions, leaving it untouched", async () => {
    env = tempDir();
    await (await env.open()).close();
    const db = new BetterSqlite3(env.path);
    db.pragma("user_version = 99");
    db.close();
    const error = await openStore(env.path).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(MigrationError);
    expect((error as MigrationError).code).toBe("DB_NEWER_THAN_CODE");
    expect((error as MigrationError).message).toContain("version 99");
    expect((error as MigrationError).message).toContain(`version ${sqliteMigrations().length}`);
    const check = new BetterSqlite3(env.path);
    expect(sqliteSchemaVersion(check)).toBe(99);
    check.close();
  });

  it("roll a failing migration back whole and leave the version where it was", () => {
    env = tempDir();
    const dir = join(env.dir, "migrations");
    mkdirSync(dir);
    writeFileSync(join(dir, "001_ok.sql"), "CREATE TABLE a (x INTEGER);");
    writeFileSync(join(dir, "002_broken.sql"), "CREATE TABLE b (x INTEGER); INSERT INTO nowhere VALUES (1);");
    const db = new BetterSqlite3(join(env.dir, "broken.sqlite"));
    expect(() => migrateSqlite(db, readMigrations(dir))).toThrow(/002_broken\.sql failed/);
    expect(sqliteSchemaVersion(db)).toBe(1);
    expect(tables(db)).toEqual(["a"]);
    db.close();
  });

  it("open an in-memory store", async () => {
    const store = await openStore(":memory:");
    expect(store.kind).toBe("sqlite");
    expect((await store.health()).ok).toBe(true);
    await store.close();
  });

  it("fail to open under a folder that cannot be created with one clear StoreOpenError", async () => {
    env = tempDir();
    writeFileSync(join(env.dir, "not-a-dir"), "");
    const error = await openStore(join(env.dir, "not-a-dir", "db.sqlite")).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(StoreOpenError);
    expect((error as Error).message).toMatch(/cannot open the SQLite database .*not-a-dir/);
  });
});

describeEachBackend("migrations on any backend", (backend) => {
  it("bring a fresh database to the latest version once, however many processes start at once", async () => {
    backendEnv = backend.fresh();
    const latest = readMigrations(defaultMigrationsDir(backend.kind)).length;
    const stores = await Promise.all([backendEnv.open(), backendEnv.open(), backendEnv.open()]);
    for (const s of stores) expect(await s.schemaVersion()).toBe(latest);
    expect((await stores[0]?.health())?.ok).toBe(true);
  });
});

describe.skipIf(!PG_URL)("PostgreSQL migrations", () => {
  it("record each applied migration in schema_migrations and refuse a newer database", async () => {
    const schema = `t_newer_${process.pid}`;
    const latest = readMigrations(defaultMigrationsDir("postgres")).length;
    try {
      const store = await openStore(PG_URL ?? "", { postgres: { schema } });
      await store.close();
      const rows = await pgAdmin((c) =>
        c.query(`SELECT version, name FROM ${schema}.schema_migrations ORDER BY version`),
      );
      expect(rows.rows.map((r) => r.version)).toEqual(Array.from({ length: latest }, (_, i) => i + 1));
      await pgAdmin((c) => c.query(`INSERT INTO ${schema}.schema_migrations (version, name) VALUES (99, 'future')`));
      const error = await openStore(PG_URL ?? "", { postgres: { schema } }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(MigrationError);
      expect((error as MigrationError).code).toBe("DB_NEWER_THAN_CODE");
      expect((error as Error).message).toContain("version 99");
    } finally {
      await pgAdmin((c) => c.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`));
    }
  });

  it("roll a failing migration back whole", async () => {
    const schema = `t_broken_${process.pid}`;
    env = tempDir();
    const dir = join(env.dir, "pg");
    mkdirSync(dir);
    writeFileSync(join(dir, "001_ok.sql"), "CREATE TABLE a (x integer);");
    writeFileSync(join(dir, "002_broken.sql"), "CREATE TABLE b (x integer); INSERT INTO nowhere VALUES (1);");
    try {
      const error = await openStore(PG_URL ?? "", { postgres: { schema }, migrations: readMigrations(dir) }).catch(
        (e: unknown) => e,
      );
      expect((error as Error).message).toMatch(/002_broken\.sql failed/);
      const t = await pgAdmin((c) =>
        c.query("SELECT table_name FROM information_schema.tables WHERE table_schema = $1 ORDER BY 1", [schema]),
      );
      expect(t.rows.map((r) => r.table_name)).toEqual(["a", "schema_migrations"]);
    } finally {
      await pgAdmin((c) => c.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`));
    }
  });

  it("fail to open an unreachable server with one clear line that hides the password", async () => {
    const error = await openStore("postgres://bob:hunter2secret@127.0.0.1:1/nowhere").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(StoreOpenError);
    expect((error as Error).message).toContain("postgres://bob:***@127.0.0.1:1/nowhere");
    expect((error as Error).message).not.toContain("hunter2secret");
  });
});
