import { spawn, spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigError } from "../../src/config.ts";
import { readConfig, withSecretFiles } from "../../src/setup/config.ts";
import { BOT_TOKEN } from "../support/bot.ts";
import { startFakeSlack } from "../support/fake-slack.ts";
import { repoRoot } from "../support/seeds.ts";
import { TEST_SIGNING_SECRET } from "../support/signing.ts";

const dir = () => mkdtempSync(join(tmpdir(), "rwerror-env-"));

describe("*_FILE secrets (issue 21 item 4)", () => {
  it("reads each secret from its file, trimmed", () => {
    const d = dir();
    writeFileSync(join(d, "bot"), "xoxb-from-file\n");
    writeFileSync(join(d, "app"), "  xapp-from-file  \n");
    writeFileSync(join(d, "health"), "h-token\n");
    const c = readConfig(
      {
        SLACK_BOT_TOKEN_FILE: join(d, "bot"),
        SLACK_APP_TOKEN_FILE: join(d, "app"),
        RWERROR_HEALTH_TOKEN_FILE: join(d, "health"),
      },
      { receiving: true },
    );
    expect(c.slackBotToken).toBe("xoxb-from-file");
    expect(c.slackAppToken).toBe("xapp-from-file");
    expect(c.healthToken).toBe("h-token");
    expect(c.mode).toBe("socket");
  });

  it("reads the database URL from RWERROR_DB_FILE (a postgres:// URL holds the password)", () => {
    const d = dir();
    writeFileSync(join(d, "db"), "postgres://rwerror:pw@db.internal:5432/rwerror\n");
    const c = readConfig({ RWERROR_DB_FILE: join(d, "db") }, { receiving: false });
    expect(c.dbPath).toBe("postgres://rwerror:pw@db.internal:5432/rwerror");
    expect(() => withSecretFiles({ RWERROR_DB: "x.sqlite", RWERROR_DB_FILE: join(d, "db") })).toThrow(
      "RWERROR_DB and RWERROR_DB_FILE are both set",
    );
  });

  it("a signing secret from a file satisfies HTTP mode", () => {
    const d = dir();
    writeFileSync(join(d, "sig"), "s3cret\n");
    const c = readConfig({ SLACK_BOT_TOKEN: "xoxb-x", SLACK_SIGNING_SECRET_FILE: join(d, "sig") });
    expect(c.mode).toBe("http");
    expect(c.slackSigningSecret).toBe("s3cret");
  });

  it("both NAME and NAME_FILE is a config error naming both, never the value", () => {
    const d = dir();
    writeFileSync(join(d, "bot"), "xoxb-file-value");
    let error: unknown;
    try {
      withSecretFiles({ SLACK_BOT_TOKEN: "xoxb-env-value", SLACK_BOT_TOKEN_FILE: join(d, "bot") });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as Error).message).toContain("SLACK_BOT_TOKEN and SLACK_BOT_TOKEN_FILE are both set");
    expect((error as Error).message).not.toContain("value");
  });

  it("an unreadable file is a config error", () => {
    expect(() => withSecretFiles({ SLACK_APP_TOKEN_FILE: join(dir(), "missing") })).toThrow(
      /SLACK_APP_TOKEN_FILE cannot be read \(ENOENT\)/,
    );
  });

  it("empty NAME_FILE counts as unset", () => {
    expect(withSecretFiles({ SLACK_BOT_TOKEN_FILE: "", SLACK_BOT_TOKEN: "x" }).SLACK_BOT_TOKEN).toBe("x");
  });
});

const bin = join(repoRoot, "bin", "rwerror.js");
function rwerror(args: string[], cwd: string, env: Record<string, string> = {}) {
  const res = spawnSync(process.execPath, [bin, ...args], {
    cwd,
    encoding: "utf8",
    input: "",
    env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "/tmp", RWERROR_DB: join(cwd, "t.sqlite"), ...env },
    timeout: 30_000,
  });
  return { code: res.status, stdout: res.stdout, stderr: res.stderr };
}

describe(".env in the working directory (issue 21 item 4)", () => {
  it("is loaded, and the real environment wins over it", () => {
    const d = dir();
    writeFileSync(join(d, ".env"), "RWERROR_TZ=Mars/Olympus\n");
    const fromFile = rwerror(["explain", "--json", "hello"], d);
    expect(fromFile.code).toBe(1);
    expect(fromFile.stderr).toContain("RWERROR_TZ");
    const overridden = rwerror(["explain", "--json", "hello"], d, { RWERROR_TZ: "UTC" });
    expect(overridden.code).toBe(0);
    expect(JSON.parse(overridden.stdout).matches).toEqual([]);
  });

  it(".env.example is valid for `set -a; . ./.env` (quoted cron)", () => {
    const r = spawnSync("sh", ["-c", 'set -a; . ./.env.example; printf %s "$RWERROR_DIGEST_CRON"'], {
      cwd: repoRoot,
      encoding: "utf8",
    });
    expect(r.status).toBe(0);
    expect(r.stdout).toBe("0 9 * * 1");
  });

  it("a fresh checkout with .env.example filled in as .env starts in Slack mode (HTTP)", async () => {
    const fake = await startFakeSlack();
    const d = dir();
    const filled = readFileSync(join(repoRoot, ".env.example"), "utf8")
      .replace(/^SLACK_BOT_TOKEN=$/m, `SLACK_BOT_TOKEN=${BOT_TOKEN}`)
      .replace(/^SLACK_SIGNING_SECRET=$/m, `SLACK_SIGNING_SECRET=${TEST_SIGNING_SECRET}`)
      .replace(/^SLACK_API_URL=$/m, `SLACK_API_URL=${fake.apiUrl}`)
      .replace(/^PORT=3000$/m, "PORT=0")
      .replace(/^RWERROR_DB=$/m, `RWERROR_DB=${join(d, "bot.sqlite")}`);
    writeFileSync(join(d, ".env"), filled);
    const child = spawn(process.execPath, [join(repoRoot, "bin", "rwerror.js"), "serve"], {
      cwd: d,
      env: { PATH: process.env.PATH ?? "", HOME: d },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let err = "";
    try {
      const started = await new Promise<boolean>((resolve) => {
        const timer = setTimeout(() => resolve(false), 30_000);
        child.stderr.on("data", (chunk) => {
          err += String(chunk);
          if (/HTTP on port \d+/.test(err)) {
            clearTimeout(timer);
            resolve(true);
          }
        });
        child.once("exit", () => resolve(false));
      });
      expect(started, err).toBe(true);
      expect(fake.calls.map((c) => c.method)).toContain("auth.test");
    } finally {
      child.kill("SIGKILL");
      await fake.close();
    }
  }, 40_000);
});
