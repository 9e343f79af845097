/**
 * Small real git repositories for `catalog build` tests: write files, commit with a subject, tag.
 * Author and committer dates are fixed per commit so ids and dates are repeatable.
 */
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import type { BuildOptions } from "../../src/build/build.ts";

export class GitRepo {
  readonly dir: string;
  private commits = 0;

  constructor(prefix = "rwerror-git-") {
    this.dir = mkdtempSync(join(tmpdir(), prefix));
    this.git("init", "-q", "-b", "main");
  }

  git(...args: string[]): string {
    const date = `2024-01-${String(1 + (this.commits % 28)).padStart(2, "0")}T12:00:00Z`;
    return execFileSync("git", ["-C", this.dir, ...args], {
      encoding: "utf8",
      env: {
        PATH: process.env.PATH ?? "",
        HOME: this.dir,
        GIT_AUTHOR_NAME: "Test",
        GIT_AUTHOR_EMAIL: "test@example.com",
        GIT_COMMITTER_NAME: "Test",
        GIT_COMMITTER_EMAIL: "test@example.com",
        GIT_AUTHOR_DATE: date,
        GIT_COMMITTER_DATE: date,
        GIT_CONFIG_NOSYSTEM: "1",
      },
    });
  }

  write(files: Record<string, string | null>): this {
    for (const [path, text] of Object.entries(files)) {
      const full = join(this.dir, path);
      if (text === null) rmSync(full, { force: true });
      else {
        mkdirSync(dirname(full), { recursive: true });
        writeFileSync(full, text);
      }
    }
    return this;
  }

  commit(subject: string): string {
    this.commits++;
    this.git("add", "-A");
    this.git("commit", "-q", "--allow-empty", "-m", subject);
    return this.git("rev-parse", "HEAD").trim();
  }

  tag(name: string): this {
    this.git("tag", name);
    return this;
  }

  /** A bare clone of this repository (what the search tool's mirror is). */
  bareClone(): string {
    const dir = mkdtempSync(join(tmpdir(), "rwerror-bare-"));
    execFileSync("git", ["clone", "-q", "--bare", this.dir, dir]);
    return dir;
  }
}

/** `catalog build`'s options for a test: a fixed clock, no cache, no log, main-thread parsing. */
export function testBuildOptions(over: Partial<BuildOptions> & Pick<BuildOptions, "source" | "out">): BuildOptions {
  return {
    revs: [],
    releases: true,
    sourceLines: 0,
    repo: "risingwavelabs/risingwave",
    cache: null,
    builtBy: "rwerror test",
    now: () => new Date("2026-12-04T00:00:00Z"),
    log: () => {},
    history: true,
    examples: true,
    jobs: 0,
    factsOut: null,
    ...over,
  };
}
