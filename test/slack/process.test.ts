import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { BOT_TOKEN } from "../support/bot.ts";
import { type BotProcess, spawnBot, startBotProcess } from "../support/bot-process.ts";
import { type FakeSlack, startFakeSlack } from "../support/fake-slack.ts";
import { DOWNSTREAM_ID, PASTE_DOWNSTREAM, slackEscape } from "../support/pastes.ts";
import { messageEvent, slashCommand } from "../support/payloads.ts";
import { shippedData } from "../support/seeds.ts";
import { postEvent, postForm, TEST_SIGNING_SECRET } from "../support/signing.ts";

let fake: FakeSlack;
let bot: BotProcess | undefined;
beforeEach(async () => {
  fake = await startFakeSlack();
});
afterEach(async () => {
  bot?.child.kill("SIGKILL");
  bot = undefined;
  await fake.close();
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe("the bot as a process", () => {
  it("on SIGTERM mid-request takes no new work, lets the running handler answer, then closes and exits 0", async () => {
    bot = await startBotProcess(fake.apiUrl, { RWERROR_AUTO_CHANNELS: "C0INCIDENT" });
    fake.delay("chat.postMessage", 1_500);
    const { envelope, ts } = messageEvent({ text: slackEscape(PASTE_DOWNSTREAM), channel: "C0INCIDENT" });
    expect((await postEvent(bot.eventsUrl, envelope)).status).toBe(200);
    await sleep(300);
    bot.signal("SIGTERM");
    await sleep(200);
    const late = await postEvent(
      bot.eventsUrl,
      messageEvent({ text: slackEscape(PASTE_DOWNSTREAM), channel: "C0INCIDENT" }).envelope,
    );
    expect(late.status).toBe(503);
    // A load balancer stops sending traffic: health says so while the handler finishes.
    expect((await fetch(`${bot.baseUrl}/readyz`)).status).toBe(503);
    expect((await fetch(`${bot.baseUrl}/livez`)).status).toBe(200);
    const { code } = await bot.exited();
    expect(code).toBe(0);
    const reply = fake.callsTo("chat.postMessage").find((c) => c.args.thread_ts === ts);
    expect(JSON.stringify(reply?.args.blocks)).toContain(DOWNSTREAM_ID);
    expect(bot.stderr()).toContain("rwerror: stopping");
    expect(bot.stderr()).not.toContain("gave up");
    expect(bot.stderr()).toContain("rwerror: stopped");
  });

  it("with Slack unreachable, SIGTERM gives up after the grace period, names what it abandoned and exits promptly", async () => {
    bot = await startBotProcess(fake.apiUrl, {
      RWERROR_AUTO_CHANNELS: "C0INCIDENT",
      RWERROR_SHUTDOWN_GRACE_MS: "1500",
    });
    fake.delay("chat.postMessage", 120_000);
    await postEvent(
      bot.eventsUrl,
      messageEvent({ text: slackEscape(PASTE_DOWNSTREAM), channel: "C0INCIDENT" }).envelope,
    );
    await sleep(300);
    bot.signal("SIGTERM");
    const { code, afterMs } = await bot.exited();
    expect(afterMs).toBeLessThan(10_000); // before: still alive after 60 s
    expect(code).toBe(0);
    expect(bot.stderr()).toMatch(/gave up after 1\.5 s on 1 handler\(s\): event message channel=C0INCIDENT/);
  });

  it("writes JSON log lines that hold no planted secret at LOG_LEVEL=debug", async () => {
    bot = await startBotProcess(fake.apiUrl, { RWERROR_AUTO_CHANNELS: "C0INCIDENT", LOG_LEVEL: "debug" });
    const secrets = ["hunter2pass", "xoxp-1111-2222-plantedUserToken", "AKIAIOSFODNN7EXAMPLE"];
    const paste = `${PASTE_DOWNSTREAM}\npostgres://rw:${secrets[0]}@db/dev token ${secrets[1]} ${secrets[2]}`;
    await postEvent(bot.eventsUrl, messageEvent({ text: slackEscape(paste), channel: "C0INCIDENT" }).envelope);
    await postForm(bot.eventsUrl, slashCommand({ text: slackEscape(paste), responseUrl: fake.responseUrl("log") }));
    await fake.waitFor(() => fake.responsesTo("log").length === 1);
    bot.signal("SIGTERM");
    await bot.exited();
    const lines = bot
      .stdout()
      .split("\n")
      .filter((l) => l.trim() !== "");
    expect(lines.length).toBeGreaterThan(2);
    for (const line of lines) {
      const parsed = JSON.parse(line) as { level: number; msg: string };
      expect(typeof parsed.msg).toBe("string");
    }
    const all = bot.stdout() + bot.stderr();
    for (const s of [...secrets, BOT_TOKEN, TEST_SIGNING_SECRET]) expect(all).not.toContain(s);
  });

  it("SIGHUP with a bad data file keeps the last good catalog and says why", async () => {
    const dir = mkdtempSync(join(tmpdir(), "rwerror-hup-"));
    const file = join(dir, "records.jsonl");
    copyFileSync(shippedData, file);
    try {
      bot = await startBotProcess(fake.apiUrl, { RWERROR_DATA: file });
      writeFileSync(file, `${readFileSync(shippedData, "utf8")}not json\n`);
      bot.signal("SIGHUP");
      await fake.waitFor(() => /catalog reload refused/.test(bot?.stdout() ?? ""));
      expect(bot.stdout()).toMatch(/records\.jsonl:3: invalid JSON/);
      await postForm(
        bot.eventsUrl,
        slashCommand({ text: slackEscape(PASTE_DOWNSTREAM), responseUrl: fake.responseUrl("hup") }),
      );
      await fake.waitFor(() => fake.responsesTo("hup").length === 1);
      expect(JSON.stringify(fake.responsesTo("hup")[0]?.body)).toContain(DOWNSTREAM_ID);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("start-up with Slack unreachable", () => {
  /** `rwerror serve` against `apiUrl` until it exits: its code, stderr, and how long it took. */
  async function serveUntilExit(apiUrl: string) {
    const t0 = Date.now();
    const { child, dir, stderr } = spawnBot(apiUrl);
    try {
      const code = await new Promise<number | null>((resolve) => child.once("exit", resolve));
      return { code, err: stderr(), ms: Date.now() - t0 };
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }

  it("ends with one line saying why and no stack trace, whether Slack refuses the connection or never answers", async () => {
    // Nothing listens on the port: every call fails at once.
    const closed = await new Promise<number>((resolve) => {
      const s = createServer().listen(0, "127.0.0.1", () => {
        const { port } = s.address() as AddressInfo;
        s.close(() => resolve(port));
      });
    });
    const refused = await serveUntilExit(`http://127.0.0.1:${closed}/api/`);
    // The fake takes every call and never answers it.
    fake.fault("auth.test", { hang: true });
    const hanging = await serveUntilExit(fake.apiUrl);
    console.log("unreachable", JSON.stringify({ refused, hanging }));
    for (const run of [refused, hanging]) {
      expect(run.code).toBe(1);
      const lines = run.err.split("\n").filter((l) => l.trim() !== "");
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatch(/^rwerror: cannot start the Slack app: slack_webapi_request_error/);
      expect(run.err).not.toMatch(/^\s+at /m);
      expect(run.err).not.toContain("Node.js v");
    }
  }, 90_000);
});
