import { existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gunzipSync } from "node:zlib";
import { beforeAll, describe, expect, it } from "vitest";
import { type BuildOptions, buildCatalog } from "../../src/build/build.ts";
import { BuildError } from "../../src/build/errors.ts";
import { recordId } from "../../src/build/template.ts";
import { loadCatalog } from "../../src/catalog/load.ts";
import { createMatcher } from "../../src/matcher/index.ts";
import { GitRepo, testBuildOptions } from "../support/git-repo.ts";

const LIB_V18 = `pub fn drop_table(id: u32) -> Result<()> {
    bail!("table {} is being dropped by another statement", id);
}
`;
const LIB_V19 = `pub fn drop_table(id: u32) -> Result<()> {
    bail!("table {} is being dropped by a concurrent DDL statement", id);
}
`;
const ERROR_RS = `#[derive(Error, Debug)]
pub enum ErrorCode {
    #[error("Permission denied: {0}")]
    PermissionDenied(String),
}
`;
const BINDER_RS = `pub fn bind(db: &str) -> Result<()> {
    Err(PermissionDenied(format!("permission denied for database \\"{}\\"", db)).into())
}
pub fn other() -> Result<()> {
    Err(NotAVariant(format!("this constructor is not an error variant {}", 1)))
}
`;
const SLT = `statement error
DROP TABLE t;
----
db error: ERROR: Failed to run the query

Caused by:
  table 42 is being dropped by a concurrent DDL statement


statement ok
SELECT 1;
`;

interface Point {
  release: string;
  commit: string | null;
  pr: number | null;
}
interface BuiltRecord {
  [field: string]: unknown;
  errorMessage: string;
  filePath: string;
  errorClass: string | null;
  releases: string[];
  sourceCode: string | null;
  history: { added: Point; removed: (Point & { subject: string | null }) | null };
  examples?: { sql: string; source: string; release: string }[];
}
interface Built {
  header: { revisions: { rev: string; commit: string }[] };
  records: BuiltRecord[];
}

function readBuilt(path: string): Built {
  const lines = gunzipSync(readFileSync(path))
    .toString("utf8")
    .trim()
    .split("\n")
    .map((l) => JSON.parse(l));
  return { header: lines[0].header, records: lines.slice(1).map((l) => l.record) };
}

function byMessage(built: Built, message: string, filePath?: string): BuiltRecord {
  const found = built.records.filter((r) => r.errorMessage === message && (!filePath || r.filePath === filePath));
  expect(found, message).toHaveLength(1);
  return found[0] as BuiltRecord;
}

let repo: GitRepo;
const commits: Record<string, string> = {};
const out = (name: string) => join(mkdtempSync(join(tmpdir(), "rwerror-build-")), name);
const options = (o: Partial<BuildOptions>): BuildOptions =>
  testBuildOptions({ source: repo.dir, out: out("catalog.jsonl.gz"), ...o });

let built: Built;
let builtPath: string;

beforeAll(async () => {
  repo = new GitRepo();
  repo.write({
    "Cargo.toml": "[workspace]\n",
    "src/meta/src/lib.rs": 'fn f() { bail!("a message only v0.17 printed"); }\n',
  });
  repo.commit("init (#100)");
  repo.tag("v0.17.0");
  repo.write({
    "src/meta/src/lib.rs": LIB_V18,
    "src/common/src/error.rs": ERROR_RS,
    "src/frontend/src/binder.rs": BINDER_RS,
    "src/tests/simulation/src/lib.rs": 'fn f() { panic!("a simulation test message never ships"); }\n',
    "src/frontend/macro/Cargo.toml": '[package]\nname = "m"\n[lib]\nproc-macro = true\n',
    "src/frontend/macro/src/lib.rs": 'fn f() { panic!("a proc macro message is a compile error"); }\n',
    "src/meta/src/lib_test.rs": 'fn f() { panic!("a test helper message never ships"); }\n',
  });
  commits.c1 = repo.commit("feat(meta): refuse to drop a table twice (#101)");
  repo.tag("v0.18.0");
  repo.write({ "src/meta/src/lib.rs": LIB_V19, "e2e_test/ddl/table.slt": SLT });
  commits.c2 = repo.commit("feat(meta): say which DDL holds the table (#102)");
  repo.tag("v0.19.0");
  repo.git("checkout", "-q", "-b", "release-0.19");
  repo.write({ "src/meta/src/backport.rs": 'fn g() { bail!("backported check: table {} has no fragments", 1); }\n' });
  commits.c3 = repo.commit("fix(meta): check fragments (#103)");
  repo.tag("v0.19.1");
  repo.git("checkout", "-q", "main");
  repo.git("mv", "src/frontend/src/binder.rs", "src/frontend/src/bind.rs");
  commits.c4 = repo.commit("refactor(frontend): rename the binder module (#104)");
  repo.tag("v1.0.0-rc.1");
  builtPath = out("risingwave.jsonl.gz");
  await buildCatalog(options({ out: builtPath }));
  built = readBuilt(builtPath);
}, 120_000);

describe("rwerror catalog build, on a small real git repository", () => {
  it("reads every stable tag from v0.18.0 on, patch releases included, and the default branch as main", () => {
    expect(built.header.revisions.map((r) => r.rev)).toEqual(["v0.18.0", "v0.19.0", "v0.19.1", "main"]);
    expect(built.header.revisions[0]?.commit).toBe(commits.c1);
  });

  it("writes one record per (file, message) with the releases that print it, oldest first", () => {
    const old = byMessage(built, "table {} is being dropped by another statement");
    expect(old.releases).toEqual(["v0.18.0"]);
    const reworded = byMessage(built, "table {} is being dropped by a concurrent DDL statement");
    expect(reworded.releases).toEqual(["v0.19.0", "v0.19.1", "main"]);
    expect(byMessage(built, "backported check: table {} has no fragments").releases).toEqual(["v0.19.1"]);
    expect(reworded).toMatchObject({
      id: recordId("risingwavelabs/risingwave", "src/meta/src/lib.rs", reworded.errorMessage),
      slug: "table-is-being-dropped-by-a-concurrent-ddl-statement",
      messagePattern: "table (.+?) is being dropped by a concurrent DDL statement",
      errorType: "error_code",
      severity: "error",
      lineNumber: 2,
      component: "meta",
      function: "drop_table",
      construct: "bail",
      schemaVersion: 2,
      sourceCode: null,
      githubUrl: `https://github.com/risingwavelabs/risingwave/blob/${built.header.revisions[3]?.commit}/src/meta/src/lib.rs#L2`,
    });
  });

  it("leaves out test crates, proc-macro crates, test files, releases before v0.18 and pre-releases", () => {
    const messages = built.records.map((r) => r.errorMessage);
    for (const absent of [
      "a simulation test message never ships",
      "a proc macro message is a compile error",
      "a test helper message never ships",
      "a message only v0.17 printed",
    ]) {
      expect(messages).not.toContain(absent);
    }
  });

  it("keeps a message passed to a bare variant only when the variant carries #[error]", () => {
    const binder = built.records.filter((r) => r.errorMessage.startsWith("permission denied for database"));
    expect(binder.map((r) => r.errorClass)).toEqual(["PermissionDenied", "PermissionDenied"]);
    expect(built.records.map((r) => r.errorMessage)).not.toContain("this constructor is not an error variant {}");
  });

  it("names the PR that added a wording and the one that changed it, with its subject", () => {
    const old = byMessage(built, "table {} is being dropped by another statement");
    expect(old.history).toEqual({
      added: { release: "v0.18.0", commit: commits.c1, pr: 101 },
      removed: {
        release: "v0.19.0",
        commit: commits.c2,
        pr: 102,
        subject: "feat(meta): say which DDL holds the table (#102)",
      },
    });
    const reworded = byMessage(built, "table {} is being dropped by a concurrent DDL statement");
    expect(reworded.history).toEqual({ added: { release: "v0.19.0", commit: commits.c2, pr: 102 }, removed: null });
    expect(byMessage(built, "backported check: table {} has no fragments").history.added.pr).toBe(103);
  });

  it("sees a moved file as the wording leaving the old path and arriving at the new one", () => {
    const message = 'permission denied for database "{}"';
    const before = byMessage(built, message, "src/frontend/src/binder.rs");
    const after = byMessage(built, message, "src/frontend/src/bind.rs");
    expect(before.releases).toEqual(["v0.18.0", "v0.19.0", "v0.19.1"]);
    expect(before.history.removed).toMatchObject({ release: "main", commit: commits.c4, pr: 104 });
    expect(after.history.added).toEqual({ release: "main", commit: commits.c4, pr: 104 });
  });

  it("attaches the SQL RisingWave's own tests raise an error with", () => {
    const reworded = byMessage(built, "table {} is being dropped by a concurrent DDL statement");
    expect(reworded.examples).toEqual([{ sql: "DROP TABLE t;", source: "e2e_test/ddl/table.slt:1", release: "main" }]);
    expect(byMessage(built, "table {} is being dropped by another statement").examples).toBeUndefined();
  });

  it("writes a file the catalog loader reads and the matcher answers from", () => {
    const loaded = loadCatalog([builtPath]);
    expect(loaded.problems).toEqual([]);
    expect(loaded.catalog.records.length).toBe(built.records.length);
    const result = createMatcher(loaded.catalog).match(
      "ERROR:  Failed to run the query\n\nCaused by:\n  table 7 is being dropped by a concurrent DDL statement",
    );
    expect(result.verdict).toBe("answer");
    expect(result.matches[0]?.record.errorMessage).toBe("table {} is being dropped by a concurrent DDL statement");
  });

  it("adds source lines only when asked, around the message's line", async () => {
    const path = out("with-source.jsonl.gz");
    await buildCatalog(options({ releases: false, revs: ["main"], sourceLines: 1, examples: false, out: path }));
    const r = byMessage(readBuilt(path), "table {} is being dropped by a concurrent DDL statement");
    expect(r).toMatchObject({ sourceCodeStart: 1, sourceCodeEnd: 3 });
    expect(r.sourceCode).toContain('bail!("table {} is being dropped by a concurrent DDL statement", id);');
  });

  it("parses in worker threads to the same records", async () => {
    const path = out("workers.jsonl.gz");
    await buildCatalog(options({ jobs: 2, out: path }));
    expect(readBuilt(path).records).toEqual(built.records);
  });

  it("reads a bare repository the same way", async () => {
    const path = out("bare.jsonl.gz");
    await buildCatalog(options({ source: repo.bareClone(), out: path }));
    expect(readBuilt(path).records).toEqual(built.records);
  });

  it("parses each blob once: a rebuild with the cache reads nothing afresh", async () => {
    const cache = out("cache.json.gz");
    const first = await buildCatalog(options({ cache, history: false, examples: false }));
    const second = await buildCatalog(options({ cache, history: false, examples: false }));
    expect(first.cacheMisses).toBeGreaterThan(0);
    expect(second.cacheMisses).toBe(0);
    expect(second.records).toBe(first.records);
  });

  it("reads a pre-release or a branch named with --rev (a branch is recorded as main)", async () => {
    const path = out("rc.jsonl.gz");
    await buildCatalog(options({ releases: false, revs: ["v1.0.0-rc.1", "release-0.19"], history: false, out: path }));
    const b = readBuilt(path);
    expect(b.header.revisions.map((r) => r.rev)).toEqual(["v1.0.0-rc.1", "main"]);
    expect(byMessage(b, "backported check: table {} has no fragments").releases).toEqual(["main"]);
  });

  it("keeps an error raised with the same words as a log line as the error, and other log lines as log records", async () => {
    const r = new GitRepo();
    r.write({
      "src/meta/src/election.rs": `fn keep_alive() -> Result<()> {
    tracing::error!(error = %e, "keep alive failed, stopping main loop");
    tracing::warn!("lease renewal took longer than expected");
    bail!("keep alive failed, stopping main loop");
}
`,
    });
    r.commit("feat: election (#1)");
    const path = out("logs.jsonl.gz");
    await buildCatalog(options({ source: r.dir, releases: false, revs: ["main"], history: false, out: path }));
    expect(readBuilt(path).records.map((x) => [x.errorMessage, x.errorType, x.severity, x.lineNumber])).toEqual([
      ["lease renewal took longer than expected", "log", "warning", 3],
      ["keep alive failed, stopping main loop", "error_code", "error", 4],
    ]);
  });

  it("gives a message that was a log line before it became an error the error's releases only", async () => {
    const r = new GitRepo();
    r.write({ "src/meta/src/lease.rs": 'fn f() { warn!("the meta leader lease expired, stepping down"); }\n' });
    r.commit("feat: lease (#1)");
    r.tag("v0.18.0");
    r.write({ "src/meta/src/lease.rs": 'fn f() { bail!("the meta leader lease expired, stepping down"); }\n' });
    r.commit("fix: stop on lease loss (#2)");
    r.tag("v0.19.0");
    const path = out("log-then-error.jsonl.gz");
    await buildCatalog(options({ source: r.dir, releases: false, revs: ["v0.18.0", "v0.19.0"], out: path }));
    expect(readBuilt(path).records.map((x) => [x.errorType, x.releases])).toEqual([["error_code", ["v0.19.0"]]]);
  });

  it.each([
    [
      "not a git repository",
      () => ({ source: mkdtempSync(join(tmpdir(), "rw-empty-")) }),
      "NOT_A_REPOSITORY",
      /^not a git repository: /,
    ],
    [
      "an unknown revision",
      () => ({ releases: false, revs: ["v9.9.9"] }),
      "UNKNOWN_REVISION",
      /^unknown revision: v9\.9\.9$/,
    ],
    [
      "a revision without Rust sources",
      () => ({ releases: false, revs: ["main"], source: emptyRepo() }),
      "NO_RUST_SOURCES",
      /no Rust sources/,
    ],
  ])("stops on %s with one clear line and keeps the existing output", async (_label, opts, code, message) => {
    const path = out("keep.jsonl.gz");
    writeFileSync(path, "the previous catalog");
    const error = await buildCatalog(options({ ...opts(), out: path })).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BuildError);
    expect((error as BuildError).code).toBe(code);
    expect((error as BuildError).message).toMatch(message);
    expect(readFileSync(path, "utf8")).toBe("the previous catalog");
  });
});

function emptyRepo(): string {
  const r = new GitRepo();
  r.write({ "README.md": "no Rust here\n" });
  r.commit("docs");
  return r.dir;
}

describe("the output file", () => {
  it("is written whole or not at all", () => {
    expect(existsSync(`${builtPath}.${process.pid}.tmp`)).toBe(false);
  });
});
