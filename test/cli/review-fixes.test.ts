import { execFile } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Database from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type FakeSlack, startFakeSlack } from "../support/fake-slack.ts";
import { repoRoot } from "../support/seeds.ts";

const bin = join(repoRoot, "bin", "rwerror.js");
const dirs: string[] = [];
const tempDir = () => {
  const d = mkdtempSync(join(tmpdir(), "rwerror-review-"));
  dirs.push(d);
  return d;
};

/** The real bin, asynchronously, so a fake Slack in this process can answer it. */
function rwerror(args: string[], env: Record<string, string>, cwd = repoRoot) {
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
    execFile(
      process.execPath,
      [bin, ...args],
      { cwd, env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "/tmp", ...env }, timeout: 30_000 },
      (error, stdout, stderr) =>
        resolve({ code: error ? ((error as { code?: number }).code ?? 1) : 0, stdout, stderr }),
    );
  });
}

let fake: FakeSlack;
beforeAll(async () => {
  fake = await startFakeSlack();
});
afterAll(async () => {
  await fake.close();
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

describe("review fixes", () => {
  it("rwerror digest posts with the bot token alone: no SLACK_SIGNING_SECRET needed", async () => {
    const r = await rwerror(["digest"], {
      SLACK_BOT_TOKEN: "xoxb-digest-only",
      SLACK_API_URL: fake.apiUrl,
      RWERROR_DIGEST_CHANNEL: "C0DIGEST",
      RWERROR_DB: join(tempDir(), "d.sqlite"),
    });
    expect(r.stderr).not.toMatch(/SLACK_SIGNING_SECRET/);
    expect(r.code).toBe(0);
    expect(fake.callsTo("chat.postMessage").some((c) => c.args.channel === "C0DIGEST")).toBe(true);
  });

  it("a database newer than the code prints one clear line, not a stack trace", async () => {
    const db = join(tempDir(), "newer.sqlite");
    const handle = new Database(db);
    handle.pragma("user_version = 999");
    handle.close();
    const r = await rwerror(["report"], { RWERROR_DB: db });
    expect(r.code).toBe(1);
    expect(r.stderr.trim().split("\n")).toHaveLength(1);
    expect(r.stderr).toMatch(/^rwerror: database schema is version 999 but this rwerror knows migrations only up to/);
    expect(r.stderr).not.toMatch(/\bat .*\.ts:\d+/);
  });

  it("the default database goes to the working directory, or $XDG_STATE_HOME, never the package", async () => {
    const cwd = tempDir();
    const piped = "downstream relation missing for 1 -> 2";
    const inCwd = await new Promise<number | null>((resolve) => {
      const child = execFile(process.execPath, [bin, "serve"], {
        cwd,
        env: { PATH: process.env.PATH ?? "", HOME: cwd },
      });
      child.on("exit", (code) => resolve(code));
      child.stdin?.end(piped);
    });
    expect(inCwd).toBe(0);
    expect(existsSync(join(cwd, "data", "rwerror.sqlite"))).toBe(true);

    const state = tempDir();
    const r = await rwerror(["report"], { XDG_STATE_HOME: state, HOME: cwd }, cwd);
    expect(r.code).toBe(0);
    expect(existsSync(join(state, "rwerror", "rwerror.sqlite"))).toBe(true);
  });
});
