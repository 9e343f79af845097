import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { loadCatalog } from "../../src/catalog/index.ts";
import { loadConfig } from "../../src/config.ts";
import { createMatcher } from "../../src/matcher/index.ts";
import { startSlack } from "../../src/slack/start.ts";
import { openStore } from "../../src/store/index.ts";
import type { CliIo } from "../../src/terminal/io.ts";
import { BOT_TOKEN, DATA_DIR } from "../support/bot.ts";
import { type FakeSlack, startFakeSlack } from "../support/fake-slack.ts";
import { TEST_SIGNING_SECRET } from "../support/signing.ts";

let fake: FakeSlack;
let dir: string;
beforeEach(async () => {
  fake = await startFakeSlack();
  dir = mkdtempSync(join(tmpdir(), "rwerror-start-"));
});
afterEach(async () => {
  await fake.close();
  rmSync(dir, { recursive: true, force: true });
});

function io(): CliIo & { errs: string[] } {
  const errs: string[] = [];
  return { stdin: process.stdin, out: () => {}, err: (t) => void errs.push(t), errs };
}

async function deps(env: Record<string, string> = {}) {
  const config = loadConfig({
    SLACK_BOT_TOKEN: BOT_TOKEN,
    SLACK_SIGNING_SECRET: TEST_SIGNING_SECRET,
    SLACK_API_URL: fake.apiUrl,
    PORT: "0",
    LOG_LEVEL: "error",
    ...env,
  });
  const { catalog } = loadCatalog([DATA_DIR]);
  return {
    config,
    catalog,
    matcher: createMatcher(catalog),
    store: await openStore(join(dir, "db.sqlite")),
    now: Date.now,
  };
}

describe("startSlack", () => {
  it("verifies the token, serves until told to stop, and exits 0", async () => {
    const out = io();
    let stop = () => {};
    const until = new Promise<void>((resolve) => {
      stop = resolve;
    });
    const running = startSlack(await deps(), out, until);
    await fake.waitFor(() => out.errs.some((l) => l.includes("serving")));
    expect(fake.callsTo("auth.test").length).toBeGreaterThanOrEqual(1);
    const port = /port (\d+)/.exec(out.errs.join("\n"))?.[1];
    const health = await fetch(`http://127.0.0.1:${port}/healthz`);
    expect(health.status).toBe(200);
    stop();
    expect(await running).toBe(0);
    expect(out.errs.join("\n")).not.toContain(BOT_TOKEN);
  });

  it("refuses to start with one clear line when Slack rejects the token", async () => {
    fake.handle("auth.test", () => ({ ok: false, error: "invalid_auth" }));
    const out = io();
    expect(await startSlack(await deps(), out, new Promise(() => {}))).toBe(1);
    expect(out.errs.join("\n")).toContain("invalid_auth");
    expect(out.errs.join("\n")).not.toContain(BOT_TOKEN);
  });
});
