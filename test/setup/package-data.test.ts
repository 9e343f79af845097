import { execFileSync } from "node:child_process";
import { rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { loadConfig } from "../../src/config.ts";
import { packageRoot, resolvePaths } from "../../src/setup/config.ts";

const root = resolve(import.meta.dirname, "../..");

function dataPathsFrom(cwd: string, value: string): string[] {
  const before = process.cwd();
  process.chdir(cwd);
  try {
    return resolvePaths(loadConfig({ RWERROR_DATA: value })).dataPaths;
  } finally {
    process.chdir(before);
  }
}

describe("RWERROR_DATA's word `data`", () => {
  it("means the package's own data folder from any working directory, with or without a slash", () => {
    const own = join(packageRoot, "data");
    for (const word of ["data", "data/", "./data", "./data/"]) {
      expect(dataPathsFrom(tmpdir(), `${word},/etc/rwerror/extra.jsonl`)).toEqual([own, "/etc/rwerror/extra.jsonl"]);
    }
  });

  it("leaves every other relative path to the working directory", () => {
    const cwd = tmpdir();
    expect(dataPathsFrom(cwd, "team/data,datasets")).toEqual([join(cwd, "team/data"), join(cwd, "datasets")]);
  });
});

describe("npm pack", () => {
  it("ships the knowledge base and never a database, even after npm start wrote one into data/", () => {
    const probes = ["data/pack-probe.sqlite", "data/pack-probe.sqlite-wal", "data/pack-probe.sqlite-shm"];
    for (const p of probes) writeFileSync(join(root, p), "occurrences with pastes");
    try {
      const out = execFileSync("npm", ["pack", "--dry-run", "--json", "--ignore-scripts"], {
        cwd: root,
        encoding: "utf8",
        stdio: ["ignore", "pipe", "ignore"],
      });
      const files: string[] = JSON.parse(out)[0].files.map((f: { path: string }) => f.path);
      expect(files.filter((f) => /\.sqlite/.test(f))).toEqual([]);
      expect(files).toContain("data/records.jsonl");
      expect(files).toContain("data/third-party.jsonl");
      expect(files).toContain("data/analysis/operations.jsonl");
      // RisingWave's messages are Apache-2.0: the package says where they come from.
      expect(files).toEqual(expect.arrayContaining(["LICENSE", "NOTICE"]));
    } finally {
      for (const p of probes) rmSync(join(root, p), { force: true });
    }
  }, 60_000);
});
