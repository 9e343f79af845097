import { describe, expect, it } from "vitest";
import { destructiveAction, destructiveStepProblems } from "../support/destructive-steps.ts";
import { checkRisingWaveSql } from "../support/risingwave-sql.ts";

describe("the SQL check of suggested statements", () => {
  it.each([
    ["SELECT ddl_id, ddl_statement, progress FROM rw_catalog.rw_ddl_progress;", "postgres"],
    ["SET streaming_parallelism TO default;", "postgres"],
    ["ALTER SYSTEM SET backup_storage_url TO 's3://my-backup-bucket';", "postgres"],
    ["CREATE MATERIALIZED VIEW mv AS SELECT v, count(*) FROM t GROUP BY v;", "postgres"],
    ["ALTER MATERIALIZED VIEW mv SET PARALLELISM = 4;", "sql-alter-materialized-view"],
    ["ALTER TABLE t SET PARALLELISM TO adaptive", "sql-alter-materialized-view"],
    ["ALTER SINK s CONNECTOR WITH ('jdbc.url' = 'jdbc:postgresql://db:5432/app');", "sql-alter-source"],
    ["ALTER SOURCE src CONNECTOR WITH (properties.sasl.mechanism = 'PLAIN', 'a.b' = 'c');", "sql-alter-source"],
    ["CREATE SECRET pg_pw WITH (backend = 'meta') AS 'x';", "sql-create-secret"],
    [
      "CREATE SOURCE s (id INT, name VARCHAR) WITH (connector = 'kafka', topic = 't', properties.bootstrap.server = 'b:9092') FORMAT PLAIN ENCODE JSON;",
      "sql-create-source",
    ],
    [
      "CREATE TABLE t (id INT PRIMARY KEY) WITH (connector = 'kafka') FORMAT UPSERT ENCODE AVRO (schema.registry = 'http://r:8081');",
      "sql-create-source",
    ],
    ["CREATE CONNECTION c WITH (type = 'privatelink', provider = 'aws');", "sql-create-source"],
    [
      "CREATE TABLE users (id INT, name VARCHAR, PRIMARY KEY (id)) FROM pg_src TABLE 'public.users';",
      "sql-create-table",
    ],
    ["CREATE TABLE users (*) FROM pg_src TABLE 'public.users' WITH (snapshot = 'false');", "sql-create-table"],
    ["ALTER TABLE t REFRESH SCHEMA;", "sql-alter-source / sql-alter-table"],
    [
      "CREATE SINK k FROM mv WITH (connector = 'kafka', topic = 'o') FORMAT PLAIN ENCODE JSON (force_append_only = 'true');",
      "sql-create-sink",
    ],
    ["CREATE SINK k AS SELECT id FROM t WHERE id > 1 WITH (connector = 'blackhole');", "sql-create-sink"],
    ["SHOW MATERIALIZED VIEWS;", "sql-show-*"],
    ["SHOW CREATE SOURCE my_source;", "sql-show-create-*"],
    ["DESCRIBE my_source;", "sql-describe"],
    ["RECOVER;", "sql-recover"],
    ["CANCEL JOBS 1010, 1012;", "sql-cancel-jobs"],
    ["DROP SINK IF EXISTS k CASCADE;", "sql-drop-source"],
    ["GRANT SELECT ON MATERIALIZED VIEW mv TO alice;", "sql-grant"],
    ["REVOKE ALL PRIVILEGES ON ALL SOURCES IN SCHEMA s FROM bob;", "sql-grant"],
  ])("accepts %s", (sql, by) => {
    const v = checkRisingWaveSql(sql);
    expect(v).toMatchObject({ ok: true });
    if (v.ok) expect(v.by.startsWith(by)).toBe(true);
  });

  it.each([
    "SELECT id, FROM rw_catalog.rw_tables;",
    "SELECT * FROM t WHERE name = 'unterminated;",
    "ALTER MATERIALIZED VIEW mv SET PARALLELISM 4 4;",
    "ALTER MATERIALIZED VIEW mv SET PARALELLISM = 4;",
    "ALTER SINK s CONNECTOR WITH ('jdbc.url' 'x');",
    "ALTER SINK s CONNECTOR WITH ('jdbc.url' = 'x'",
    "CREATE SOURCE s WITH (connector = 'kafka') FORMAT PLAIN ENCODE JSN;",
    "CREATE SOURCE s (id INT,) WITH (connector = 'kafka') FORMAT PLAIN ENCODE JSON;",
    "CREATE SECRET s WITH (backend = 'meta') AS x;",
    "CREATE TABLE users (id INT,) FROM pg_src TABLE 'public.users';",
    "CREATE TABLE users (id INT) FROM pg_src TABLE public.users;",
    "ALTER TABLE t REFRESH SCHEMAS;",
    "CANCEL JOBS;",
    "SHOW MATERIALISED VIEWS;",
    "SELECT 1; SELECT 2;",
    "GRANT SELECT ON MATERIALIZED VIEW TO alice;",
  ])("refuses %s", (sql) => {
    expect(checkRisingWaveSql(sql).ok).toBe(false);
  });
});

describe("the destructive-step check", () => {
  it.each([
    ["DROP MATERIALIZED VIEW mv CASCADE;", "DROP MATERIALIZED VIEW"],
    ["Recreate the source with the new options.", "Recreate"],
    ["SELECT pg_terminate_backend(42);", "pg_terminate_backend"],
    ["Restore the meta store from a backup.", "Restore the meta store from a backup"],
    ["Delete the stale rows from the meta store.", "Delete the stale rows from the meta store"],
  ])("sees %s", (text, action) => {
    expect(destructiveAction(text)).toBe(action);
  });

  it("does not count a step that says not to do it", () => {
    expect(destructiveAction("Do not recreate the source: fix the option with ALTER SOURCE instead.")).toBeNull();
  });

  it("wants a non-destructive step first and the cost of each destructive one", () => {
    expect(destructiveStepProblems(["1. DROP SINK s; then create it again."], null)).toEqual([
      "solutions[0] leads with a destructive step (DROP SINK): put a non-destructive step first",
      "solutions[0] (DROP SINK) does not say what it costs",
    ]);
    expect(
      destructiveStepProblems(
        [
          "1. Read the state: `SHOW JOBS;`",
          "2. If it is wrong, DROP SINK s and create it again: the new sink re-sends the whole history (duplicate output downstream).",
        ],
        "SHOW JOBS;\n-- last resort (re-sends all rows: duplicate output)\nDROP SINK s;",
      ),
    ).toEqual([]);
    expect(destructiveStepProblems(["1. Check.", "2. Recreate it."], "DROP TABLE t;")).toEqual([
      "solutions[1] (Recreate) does not say what it costs",
      "exampleFix leads with a destructive step (DROP TABLE): show the non-destructive check first",
      "exampleFix (DROP TABLE) does not say what it costs",
    ]);
  });
});
