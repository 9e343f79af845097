import { spawnSync } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { repoRoot } from "../support/seeds.ts";

const bin = join(repoRoot, "bin", "rwerror.js");
const db = join(mkdtempSync(join(tmpdir(), "rwerror-help-")), "t.sqlite");

function rwerror(args: string[], env: Record<string, string> = {}) {
  const res = spawnSync(process.execPath, [bin, ...args], {
    cwd: repoRoot,
    encoding: "utf8",
    input: "",
    env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "/tmp", RWERROR_DB: db, ...env },
    timeout: 30_000,
  });
  return { code: res.status, stdout: res.stdout, stderr: res.stderr };
}

const COMMANDS = ["serve", "explain", "validate", "report", "digest", "scan", "notes", "eval", "catalog"];

describe("rwerror <command> --help (issue 21 item 5)", () => {
  it.each(COMMANDS)("%s --help and -h print its own usage on stdout and exit 0", (cmd) => {
    for (const flag of ["--help", "-h"]) {
      const r = rwerror([cmd, flag]);
      expect(r.code).toBe(0);
      expect(r.stdout.toLowerCase()).toMatch(new RegExp(`^usage: rwerror ${cmd}\\b`));
      expect(r.stderr).toBe("");
    }
  });

  it("serve --help never starts the bot, even with Slack tokens set", () => {
    // A bot start would fail here (no reachable Slack) or wait on the console's stdin.
    const r = rwerror(["serve", "--help"], {
      SLACK_BOT_TOKEN: "xoxb-test",
      SLACK_APP_TOKEN: "xapp-test",
      SLACK_API_URL: "http://127.0.0.1:9/",
    });
    expect(r.code).toBe(0);
    expect(r.stdout).toContain("Usage: rwerror serve");
    expect(r.stdout).not.toContain("rwerror>");
  });

  it("--help after -- is text, not a request for help", () => {
    const r = rwerror(["explain", "--json", "--", "--help"]);
    expect(r.stdout).not.toContain("Usage: rwerror explain");
  });
});

describe("unknown flags (issue 21 item 5)", () => {
  it.each(COMMANDS)("%s --bogus exits 2 with one line naming the flag and the command's help", (cmd) => {
    const r = rwerror([cmd, "--bogus"]);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe("");
    expect(r.stderr.trimEnd().split("\n")).toEqual([
      `rwerror ${cmd}: unknown option --bogus (see rwerror ${cmd} --help)`,
    ]);
  });

  it("names a short flag too", () => {
    const r = rwerror(["scan", "-x", "-"]);
    expect(r.code).toBe(2);
    expect(r.stderr.trim()).toBe("rwerror scan: unknown option -x (see rwerror scan --help)");
  });
});
