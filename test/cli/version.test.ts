import { spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { readDatasetHeader } from "../../src/catalog/index.ts";
import { versionLines } from "../../src/cli/version.ts";
import { repoRoot } from "../support/seeds.ts";

const header = {
  builtBy: "rwerror 0.1.0",
  builtAt: "2026-12-03T10:00:00.000Z",
  source: "risingwavelabs/risingwave",
  revisions: [
    { rev: "v2.4.0", commit: "a".repeat(40), date: "2025-06-01T00:00:00Z" },
    { rev: "main", commit: "b".repeat(40), date: "2026-08-21T16:35:49Z" },
  ],
};

/** A package folder like the installed one: package.json and data/. */
function fakePackage(files: Record<string, string | Buffer>): string {
  const root = mkdtempSync(join(tmpdir(), "rwerror-version-"));
  mkdirSync(join(root, "data", "analysis"), { recursive: true });
  writeFileSync(join(root, "package.json"), JSON.stringify({ name: "rwerror", version: "9.8.7" }));
  for (const [name, content] of Object.entries(files)) writeFileSync(join(root, name), content);
  return root;
}

/** Records whose random ids keep the gzip well past the 64 KiB the header reader looks at. */
function bulkyRecords(n: number): string {
  return Array.from({ length: n }, () => JSON.stringify({ record: { id: randomBytes(32).toString("hex") } })).join(
    "\n",
  );
}

describe("rwerror --version", () => {
  it("names the build and every revision of a built catalog, reading only its head", () => {
    const gz = gzipSync(`${JSON.stringify({ header })}\n${bulkyRecords(4000)}\n`);
    const root = fakePackage({ "data/risingwave.jsonl.gz": gz, "data/records.jsonl": '{"record": {}}\n' });
    expect(statSync(join(root, "data/risingwave.jsonl.gz")).size).toBeGreaterThan(1 << 17);
    expect(versionLines(root, "v24.0.0")).toEqual([
      "rwerror 9.8.7 (Node v24.0.0)",
      "knowledge base: data/risingwave.jsonl.gz built 2026-12-03T10:00:00.000Z by rwerror 0.1.0 from risingwavelabs/risingwave, 2 revisions:",
      `  v2.4.0  ${"a".repeat(40)}  2025-06-01`,
      `  main    ${"b".repeat(40)}  2026-08-21`,
      "also shipped: records.jsonl (1 record)",
    ]);
  });

  it("says the knowledge base is not built, and what is shipped, when the built catalog is absent", () => {
    const root = fakePackage({
      "data/records.jsonl": '{"record": {}}\n\n{"record": {}}\n',
      "data/analysis/ops.jsonl": "{}\n{}\n{}\n",
    });
    expect(versionLines(root, "v20.20.2")).toEqual([
      "rwerror 9.8.7 (Node v20.20.2)",
      "knowledge base: not built (no data/risingwave.jsonl.gz); shipped: records.jsonl (2 records), analysis/ (1 file, 3 analyses)",
    ]);
  });

  it("a gzip file without a header, or with a broken one, has no header", () => {
    const root = fakePackage({
      "data/a.jsonl.gz": gzipSync('{"record": {"id": "x"}}\n'),
      "data/b.jsonl.gz": gzipSync('{"header": {"builtBy": "x"}}\n'),
    });
    expect(readDatasetHeader(join(root, "data/a.jsonl.gz"))).toBeNull();
    expect(readDatasetHeader(join(root, "data/b.jsonl.gz"))).toBeNull();
    expect(versionLines(root).at(-1)).toMatch(/^knowledge base: not built/);
  });

  it("the rwerror command prints the package's version and exits 0", () => {
    const r = spawnSync(process.execPath, [join(repoRoot, "bin", "rwerror.js"), "--version"], {
      cwd: tmpdir(),
      encoding: "utf8",
      env: { PATH: process.env.PATH ?? "", HOME: tmpdir() },
    });
    expect(r.status).toBe(0);
    const { version } = JSON.parse(readFileSync(join(repoRoot, "package.json"), "utf8")) as { version: string };
    const lines = r.stdout.trimEnd().split("\n");
    expect(lines[0]).toBe(`rwerror ${version} (Node ${process.version})`);
    // The shipped catalog is built by `rwerror catalog build`; until then the command says so.
    const built = existsSync(join(repoRoot, "data", "risingwave.jsonl.gz"));
    expect(lines[1]).toMatch(
      built ? /^knowledge base: data\/risingwave\.jsonl\.gz built / : /^knowledge base: not built/,
    );
    expect(r.stdout).toMatch(/third-party\.jsonl \(\d+ records\)/);
  });
});
