import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ENV_VARIABLES } from "../src/config.ts";
import { repoRoot } from "./support/seeds.ts";

const read = (f: string) => readFileSync(join(repoRoot, f), "utf8");

describe("deployment files", () => {
  it(".env.example lists every variable the configuration reads, and nothing else", () => {
    const listed = read(".env.example")
      .split("\n")
      .map((l) => /^([A-Z_][A-Z0-9_]*)=/.exec(l)?.[1])
      .filter((n): n is string => n !== undefined);
    expect([...listed].sort()).toEqual([...ENV_VARIABLES].sort());
  });

  it("the Dockerfile is multi-stage, runs as a non-root user, checks /readyz, names /livez and installs with the CI script", () => {
    const docker = read("Dockerfile");
    expect(docker.match(/^FROM /gm)?.length).toBeGreaterThanOrEqual(2);
    expect(docker).toMatch(/^USER node$/m);
    expect(docker).toMatch(/^HEALTHCHECK .*\n?.*\/readyz/m);
    expect(docker).toContain("/livez");
    expect(docker).toContain("scripts/install-prod.sh");
    expect(read(".ci/run")).toContain("scripts/install-prod.sh");
  });

  it("the package ships the build and starts without devDependencies", () => {
    const pkg = JSON.parse(read("package.json")) as {
      files: string[];
      scripts: Record<string, string>;
      dependencies: Record<string, string>;
    };
    // data/ ships its data files only (test/setup/package-data.test.ts: never a database).
    expect(pkg.files).toEqual(
      expect.arrayContaining(["bin/", "dist/", "data/*.jsonl", "data/analysis/*.jsonl", "migrations/"]),
    );
    expect(pkg.scripts.start).not.toMatch(/tsc|build|tsx/);
    expect(pkg.dependencies.tsx).toBeUndefined();
    expect(pkg.dependencies.typescript).toBeUndefined();
  });
});
