import { spawnSync } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { openStore } from "../../src/store/index.ts";
import { DOWNSTREAM_ID, repoRoot } from "../support/seeds.ts";

const bin = join(repoRoot, "bin", "rwerror.js");

function rwerror(args: string[], db: string) {
  const res = spawnSync(process.execPath, [bin, ...args], {
    cwd: repoRoot,
    encoding: "utf8",
    env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "/tmp", RWERROR_DB: db },
    timeout: 30_000,
  });
  return { code: res.status, stdout: res.stdout, stderr: res.stderr };
}

const tempDb = () => join(mkdtempSync(join(tmpdir(), "rwerror-notes-")), "t.sqlite");

describe("rwerror explain --help", () => {
  it("prints usage and exits 0", () => {
    const r = rwerror(["explain", "--help"], tempDb());
    expect(r.code).toBe(0);
    expect(r.stdout).toContain("Usage: rwerror explain");
    expect(r.stdout).toContain("/rwerror search <words>");
  });
});

describe("rwerror notes export", () => {
  it("writes schema-v2 records with the team's notes appended to solutions", async () => {
    const db = tempDb();
    const store = await openStore(db);
    await store.addNote({
      recordId: DOWNSTREAM_ID,
      text: "Restarted meta after failover",
      link: "https://wiki.example/rb",
      userId: "U0ALICE",
      at: Date.parse("2026-11-28T10:00:00Z"),
    });
    await store.addNote({ recordId: "gone-from-catalog", text: "orphan", userId: "U0BOB" });
    await store.close();

    const r = rwerror(["notes", "export", "--format", "records"], db);
    expect(r.code).toBe(0);
    const lines = r.stdout
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l));
    expect(lines).toHaveLength(1);
    const { record, datasetVersion } = lines[0];
    expect(record.id).toBe(DOWNSTREAM_ID);
    expect(record.schemaVersion).toBe(2);
    expect(record.solutions.at(-1)).toBe(
      "Restarted meta after failover (https://wiki.example/rb) [team note by U0ALICE, 2026-11-28]",
    );
    expect(record.solutions.length).toBeGreaterThan(1);
    expect(datasetVersion).toMatch(/\+team-notes$/);

    const plain = rwerror(["notes", "export"], db);
    expect(plain.code).toBe(0);
    expect(
      plain.stdout
        .trim()
        .split("\n")
        .map((l) => JSON.parse(l).text),
    ).toEqual(["Restarted meta after failover", "orphan"]);
  });

  it("rejects an unknown format with the usage", () => {
    const r = rwerror(["notes", "export", "--format", "yaml"], tempDb());
    expect(r.code).toBe(2);
    expect(r.stderr).toContain("Usage: rwerror notes export");
  });
});

describe("the local console", () => {
  it("says when the same error was seen before, from the same SQLite file", () => {
    const db = tempDb();
    const paste = "ERROR:  Failed to run the query\n\nCaused by:\n  downstream relation missing for 1001 -> 1002\n";
    const run = () =>
      spawnSync(process.execPath, [bin, "serve"], {
        cwd: repoRoot,
        input: paste,
        encoding: "utf8",
        env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "/tmp", RWERROR_DB: db },
        timeout: 30_000,
      }).stdout;
    expect(run()).toContain("First time rwerror has seen this error.");
    expect(run()).toMatch(/Seen once, \d{4}-\d\d-\d\d \d\d:\d\d UTC/);
  });
});
