import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Database from "better-sqlite3";
import { describe, expect, it } from "vitest";
import { DOWNSTREAM_ID, JOB_FRAGMENTS_ID, repoRoot, shippedData } from "../support/seeds.ts";

const bin = join(repoRoot, "bin", "rwerror.js");

function tempDir(): string {
  return mkdtempSync(join(tmpdir(), "rwerror-cli-"));
}

/** Runs the real `rwerror` bin as a user would, with no Slack credentials and a temp DB. */
function rwerror(args: string[], opts: { input?: string; env?: Record<string, string> } = {}) {
  const env: Record<string, string> = { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "/tmp" };
  const res = spawnSync(process.execPath, [bin, ...args], {
    cwd: repoRoot,
    input: opts.input ?? "",
    encoding: "utf8",
    env: { ...env, RWERROR_DB: join(tempDir(), "t.sqlite"), ...opts.env },
    timeout: 30_000,
  });
  return { code: res.status, stdout: res.stdout, stderr: res.stderr };
}

const PSQL_PANIC = `ERROR:  Failed to run the query

Caused by these errors (recent errors listed first):
  1: gRPC request to meta service (call \`/ddl_service.DdlService/AlterParallelism\`) failed: Internal error
  2: job fragments should exist for streaming job
`;

describe("rwerror explain", () => {
  it("returns the seed record with whole captures as JSON", () => {
    const r = rwerror(["explain", "--json", "downstream relation missing for 1002 -> 1004"]);
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout);
    expect(Object.keys(out)).toEqual(["looksLikeError", "truncated", "verdict", "matches"]);
    expect(out.truncated).toBe(false);
    expect(out.matches[0]).toMatchObject({
      id: DOWNSTREAM_ID,
      slug: "downstream-relation-missing-for",
      errorMessage: "downstream relation missing for {} -> {}",
      kind: "exact",
      captures: ["1002", "1004"],
      rootCause: true,
    });
    expect(Object.keys(out.matches[0])).toEqual([
      "id",
      "slug",
      "errorMessage",
      "kind",
      "confidence",
      "captures",
      "layer",
      "rootCause",
      "errorType",
      "analysis",
    ]);
    expect(out.matches[0].confidence).toBeGreaterThan(0.9);
  });

  it("reads the paste from stdin with - and prints the remediation", () => {
    const r = rwerror(["explain", "-"], { input: PSQL_PANIC });
    expect(r.code).toBe(0);
    expect(r.stdout).toContain("job fragments should exist for streaming job");
    expect(r.stdout).toContain("First steps:");
    expect(r.stdout).toContain(`Record: ${JOB_FRAGMENTS_ID}`);
  });

  it("answers chatter with no match", () => {
    const r = rwerror(["explain", "--json", "the error went away after restart"]);
    expect(JSON.parse(r.stdout)).toEqual({ looksLikeError: false, truncated: false, verdict: "none", matches: [] });
  });

  it("answers a batch line by line, in order, in the exact --json shape, and names a bad line on stderr", () => {
    const input = [
      JSON.stringify("downstream relation missing for 1 -> 2"),
      JSON.stringify({ text: PSQL_PANIC }),
      "{broken",
      JSON.stringify({ text: "lunch at noon?" }),
    ].join("\n");
    const r = rwerror(["explain", "--batch"], { input });
    expect(r.code).toBe(0);
    const lines = r.stdout
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l));
    expect(lines).toHaveLength(4);
    expect(lines[0].matches[0].id).toBe(DOWNSTREAM_ID);
    expect(lines[0].matches[0].captures).toEqual(["1", "2"]);
    expect(lines[1].matches[0].id).toBe(JOB_FRAGMENTS_ID);
    expect(lines[2]).toEqual({ looksLikeError: false, truncated: false, verdict: "none", matches: [] });
    expect(r.stderr).toMatch(/line 3: invalid JSON/);
    expect(lines[3].matches).toEqual([]);
  });
});

describe("rwerror explain --batch input edges", () => {
  it("reads CRLF lines and a last line without a newline", () => {
    const input = `${JSON.stringify("lunch?")}\r\n${JSON.stringify("downstream relation missing for 5 -> 6")}`;
    const r = rwerror(["explain", "--batch"], { input });
    const lines = r.stdout
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l));
    expect(lines.map((l) => l.matches[0]?.captures ?? null)).toEqual([null, ["5", "6"]]);
  });
});

describe("serving with imperfect data and input", () => {
  it("skips a bad data line with one warning and a count, and still answers", () => {
    const dir = tempDir();
    const [first = ""] = readFileSync(shippedData, "utf8").split("\n");
    writeFileSync(join(dir, "kb.jsonl"), `${first}\n{"record": {"id": "x"}}\n`);
    const r = rwerror(["explain", "--json", "downstream relation missing for 1 -> 2"], {
      env: { RWERROR_DATA: join(dir, "kb.jsonl") },
    });
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout).matches[0].id).toBe(DOWNSTREAM_ID);
    expect(r.stderr).toContain(`warning: skipped ${join(dir, "kb.jsonl")}:2: field "record.repo"`);
    expect(r.stderr).toMatch(/warning: \d+ problem\(s\) in the data; run `rwerror validate`/);
  });

  it("cuts a paste past 256 KiB, says so, and still finds the error at its head", () => {
    const paste = `${PSQL_PANIC}\n${"2026-11-30T12:00:00Z  INFO risingwave_stream: heartbeat ok\n".repeat(6000)}`;
    expect(Buffer.byteLength(paste)).toBeGreaterThan(256 * 1024);
    const r = rwerror(["explain", "--json", "-"], { input: paste });
    const out = JSON.parse(r.stdout);
    expect(out.truncated).toBe(true);
    expect(out.matches[0].id).toBe(JOB_FRAGMENTS_ID);
  });
});

describe("npm start without Slack credentials (the local console)", () => {
  it("answers a piped psql error with its record's remediation and counts it in SQLite", () => {
    const db = join(tempDir(), "console.sqlite");
    const r = rwerror(["serve"], { input: PSQL_PANIC, env: { RWERROR_DB: db } });
    expect(r.code).toBe(0);
    expect(r.stdout).toContain("job fragments should exist for streaming job");
    expect(r.stdout).toContain("First steps:");
    // The card shows the team's corrected analysis (data/analysis), not the seed's own text.
    expect(r.stdout).toContain("Let the meta node restart");
    expect(r.stdout).not.toContain("Inspect the job_id via the panic backtrace");
    const rows = new Database(db, { readonly: true }).prepare("SELECT record_id, source FROM occurrences").all() as {
      record_id: string;
      source: string;
    }[];
    expect(rows).toEqual([{ record_id: JOB_FRAGMENTS_ID, source: "console" }]);
  });
});

describe("rwerror validate", () => {
  it("passes the shipped data", () => {
    const r = rwerror(["validate"]);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(
      /^\d+ valid record\(s\) in 3 file\(s\); \d+ record analyses .* families in \d+ file\(s\): .*, 0 problem\(s\)$/m,
    );
  });

  it("exits 1 naming the file, line and field of a broken record", () => {
    const file = join(tempDir(), "broken.jsonl");
    const [first = ""] = readFileSync(shippedData, "utf8").split("\n");
    const broken = JSON.parse(first);
    broken.record.severity = 5;
    writeFileSync(file, `${first}\n${JSON.stringify(broken)}\n`);
    const r = rwerror(["validate", file]);
    expect(r.code).toBe(1);
    expect(r.stdout).toContain(`${file}:2: field "record.severity": Invalid input: expected string, received number`);
  });
});

describe("errors at the edge", () => {
  it("names a bad environment variable without echoing its value", () => {
    const r = rwerror(["explain", "x"], { env: { PORT: "secret-port-value" } });
    expect(r.code).toBe(1);
    expect(r.stderr).toContain("PORT");
    expect(r.stderr).not.toContain("secret-port-value");
  });

  it("rejects an unknown command with usage", () => {
    const r = rwerror(["frobnicate"]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain("unknown command");
  });
});

describe("rwerror scan", () => {
  it("counts known errors with first and last lines and groups unmatched error lines", () => {
    const log = join(tempDir(), "meta.log");
    writeFileSync(
      log,
      [
        "2026-11-30T12:00:00.123Z ERROR risingwave_meta::stream::scale: rescale failed error=downstream relation missing for 1002 -> 1004",
        "2026-11-30T12:00:01.000Z  INFO risingwave_meta::barrier: checkpoint done",
        "2026-11-30T12:00:02.000Z ERROR risingwave_meta::stream::scale: rescale failed error=downstream relation missing for 7 -> 8",
        "2026-11-30T12:00:03.000Z ERROR risingwave_meta::hummock: compaction task 41 of group 3 timed out",
        "2026-11-30T12:00:04.000Z ERROR risingwave_meta::hummock: compaction task 97 of group 5 timed out",
      ].join("\n"),
    );
    const r = rwerror(["scan", log, "--json"]);
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout);
    expect(out.records).toEqual([expect.objectContaining({ id: DOWNSTREAM_ID, count: 2, firstLine: 1, lastLine: 3 })]);
    expect(out.unmatched).toEqual([expect.objectContaining({ count: 2, firstLine: 4, lastLine: 5 })]);
  });

  it("says which file it cannot read", () => {
    const r = rwerror(["scan", "/nonexistent/meta.log"]);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain("cannot read /nonexistent/meta.log");
  });
});

describe("rwerror report and digest", () => {
  it("count what the console answered", () => {
    const db = join(tempDir(), "report.sqlite");
    rwerror(["serve"], { input: PSQL_PANIC, env: { RWERROR_DB: db } });
    rwerror(["serve"], { input: "downstream relation missing for 3 -> 4", env: { RWERROR_DB: db } });
    rwerror(["serve"], { input: PSQL_PANIC, env: { RWERROR_DB: db } });
    const report = rwerror(["report", "--format", "json"], { env: { RWERROR_DB: db } });
    expect(report.code).toBe(0);
    const counts = Object.fromEntries(
      JSON.parse(report.stdout).records.map((r: { recordId: string; count: number }) => [r.recordId, r.count]),
    );
    expect(counts).toEqual({ [JOB_FRAGMENTS_ID]: 2, [DOWNSTREAM_ID]: 1 });
    const digest = rwerror(["digest", "--dry-run"], { env: { RWERROR_DB: db } });
    expect(digest.code).toBe(0);
    expect(digest.stdout).toContain("job fragments should exist for streaming job");
    expect(digest.stdout).toContain("New this week");
    // Five CLI processes one after the other: the budget is for a loaded machine, not a timing assertion.
  }, 120_000);
});
