import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { GitRepo } from "../support/git-repo.ts";
import { repoRoot } from "../support/seeds.ts";

const bin = join(repoRoot, "bin", "rwerror.js");

function rwerror(args: string[]) {
  const res = spawnSync(process.execPath, [bin, ...args], {
    cwd: mkdtempSync(join(tmpdir(), "rwerror-cli-")),
    encoding: "utf8",
    env: { PATH: process.env.PATH ?? "", HOME: mkdtempSync(join(tmpdir(), "rwerror-home-")) },
    timeout: 120_000,
  });
  return { code: res.status, stdout: res.stdout, stderr: res.stderr };
}

describe("rwerror catalog build (the command line)", () => {
  it("builds from a repository and says what it wrote", () => {
    const repo = new GitRepo();
    repo.write({ "src/meta/src/lib.rs": 'fn f() { bail!("the barrier was dropped before collection"); }\n' });
    repo.commit("feat: barrier (#1)");
    repo.tag("v2.6.1");
    const out = join(mkdtempSync(join(tmpdir(), "rwerror-out-")), "kb.jsonl.gz");
    const r = rwerror(["catalog", "build", "--source", repo.dir, "--rev", "v2.6.1", "--out", out, "--no-cache"]);
    expect(r.stderr).toContain("v2.6.1: 1 messages in 1 files");
    expect(r.stdout).toMatch(/kb\.jsonl\.gz: 1 records from 1 revisions/);
    expect(r.code).toBe(0);
    const lines = gunzipSync(readFileSync(out)).toString("utf8").trim().split("\n");
    expect(JSON.parse(lines[1] ?? "{}").record.releases).toEqual(["v2.6.1"]);
  });

  it("exits 1 with one line on a path that is not a git repository, writing nothing", () => {
    const out = join(mkdtempSync(join(tmpdir(), "rwerror-out-")), "kb.jsonl.gz");
    const r = rwerror(["catalog", "build", "--source", tmpdir(), "--releases", "--out", out]);
    expect(r.code).toBe(1);
    expect(r.stderr.trim().split("\n")).toEqual([`rwerror catalog build: not a git repository: ${tmpdir()}`]);
    expect(existsSync(out)).toBe(false);
  });

  it("exits 2 when --source is missing or an option is unknown", () => {
    expect(rwerror(["catalog", "build", "--releases"]).code).toBe(2);
    const r = rwerror(["catalog", "build", "--source", ".", "--bogus"]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain("--bogus");
  });
});
