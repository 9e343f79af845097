import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import { repoRoot } from "./support/seeds.ts";

/** The core folders: pure or store-only code that must run without Slack and without the environment. */
const CORE = ["catalog", "matcher", "render", "store", "report", "scan", "redact"];

function sourceFiles(dir: string): string[] {
  let out: string[] = [];
  let names: string[] = [];
  try {
    names = readdirSync(dir);
  } catch {
    return out;
  }
  for (const name of names) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) out = out.concat(sourceFiles(path));
    else if (name.endsWith(".ts")) out.push(path);
  }
  return out;
}

/** Runtime imports of a module (type-only imports are erased and do not count). */
function runtimeImports(source: string): string[] {
  const specs: string[] = [];
  const re = /^\s*(import|export)\s+(?!type\s)([^;]*?)\s+from\s+["']([^"']+)["']|import\(\s*["']([^"']+)["']\s*\)/gm;
  for (const m of source.matchAll(re)) {
    const spec = m[3] ?? m[4];
    if (spec) specs.push(spec);
  }
  return specs;
}

const coreFiles = CORE.flatMap((d) => sourceFiles(join(repoRoot, "src", d))).concat(
  join(repoRoot, "src/occurrence.ts"),
);

describe("architecture", () => {
  it("finds the core source files it guards", () => {
    expect(coreFiles.length).toBeGreaterThan(10);
  });

  it.each(coreFiles.map((f) => [relative(repoRoot, f), f]))(
    "%s imports no Slack and reads no process.env",
    (_, file) => {
      const source = readFileSync(file, "utf8");
      const slack = runtimeImports(source).filter((s) => s.startsWith("@slack/") || s.includes("/slack/"));
      expect(slack).toEqual([]);
      expect(source).not.toMatch(/process\.env/);
    },
  );

  const outsideStore = sourceFiles(join(repoRoot, "src")).filter((f) => !f.startsWith(join(repoRoot, "src", "store")));
  it.each(outsideStore.map((f) => [relative(repoRoot, f), f]))(
    "%s sees no database driver and reaches into no store backend",
    (_, file) => {
      const source = readFileSync(file, "utf8");
      const imports = [...source.matchAll(/from\s+["']([^"']+)["']|import\(\s*["']([^"']+)["']\s*\)/g)].map(
        (m) => m[1] ?? m[2] ?? "",
      );
      expect(
        imports.filter((s) => s === "better-sqlite3" || s === "pg" || /\/store\/(sqlite|postgres)\//.test(s)),
      ).toEqual([]);
    },
  );

  it("the guard sees a runtime Slack import when there is one", () => {
    expect(runtimeImports('import { App } from "@slack/bolt";\nimport type { Logger } from "@slack/bolt";')).toEqual([
      "@slack/bolt",
    ]);
  });
});
