import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:http";
import { connect, type Socket } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildCatalog } from "../../src/catalog/index.ts";
import { ACTION, encodeCardRef } from "../../src/render/index.ts";
import { hardenServer } from "../../src/server/http-guard.ts";
import { SLACK_CLIENT_POLICY } from "../../src/slack/app.ts";
import { createChannelFilter } from "../../src/slack/channels.ts";
import { HEALTH_TOKEN, type RunningBot, startBot } from "../support/bot.ts";
import { DOWNSTREAM_ID, PASTE_DOWNSTREAM, slackEscape } from "../support/pastes.ts";
import { blockAction, slashCommand } from "../support/payloads.ts";
import { repoRoot } from "../support/seeds.ts";
import { postEvent, postForm, postInteraction } from "../support/signing.ts";

let bot: RunningBot;
const rejections: unknown[] = [];
const onRejection = (r: unknown) => void rejections.push(r);
const dirs: string[] = [];
const tempDir = () => {
  const d = mkdtempSync(join(tmpdir(), "rwerror-hard-"));
  dirs.push(d);
  return d;
};
beforeAll(async () => {
  process.on("unhandledRejection", onRejection);
  bot = await startBot({ env: { RWERROR_AUTO_CHANNELS: "C0INC" } });
});
afterAll(async () => {
  process.off("unhandledRejection", onRejection);
  await bot?.close();
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

const health = (b: RunningBot) =>
  fetch(`${b.baseUrl}/healthz`, { headers: { authorization: `Bearer ${HEALTH_TOKEN}` } }).then(async (r) => ({
    status: r.status,
    body: (await r.json()) as { ok: boolean; status: string; degraded?: string[]; problems: string[]; db: string },
  }));

describe("request hardening", () => {
  it("answers a signed JSON body of null, a number or an array with 400, and nothing is left unhandled", async () => {
    for (const body of [null, 7, ["x"]]) {
      const res = await postEvent(bot.eventsUrl, body);
      expect(res.status).toBe(400);
    }
    const form = await postForm(bot.eventsUrl, { payload: "null" });
    expect(form.status).toBe(400);
    await new Promise((r) => setTimeout(r, 50));
    expect(rejections).toEqual([]);
  });

  it("logs a malformed message event once, however often Slack redelivers it", async () => {
    const envelope = {
      type: "event_callback",
      team_id: "T0FAKE",
      event_id: "EvMALFORMED1",
      event: { type: "message", channel: "C0INC", user: "U0ALICE", text: 42, ts: "1.000001" },
    };
    await postEvent(bot.eventsUrl, envelope);
    await postEvent(bot.eventsUrl, envelope, { headers: { "x-slack-retry-num": "1" } });
    await bot.fake.waitFor(() => bot.logger.lines.some((l) => l.includes("EvMALFORMED1")));
    await new Promise((r) => setTimeout(r, 100));
    const lines = bot.logger.lines.filter((l) => l.includes("malformed message event dropped: event_id=EvMALFORMED1"));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain("field");
  });

  it("answers a replayed slash command (same trigger_id) once", async () => {
    const fields = slashCommand({
      text: slackEscape(PASTE_DOWNSTREAM),
      responseUrl: bot.fake.responseUrl("replay"),
      triggerId: "trig-replayed",
    });
    expect((await postForm(bot.eventsUrl, fields)).status).toBe(200);
    expect((await postForm(bot.eventsUrl, fields)).status).toBe(200);
    await bot.fake.waitFor(() => bot.fake.responsesTo("replay").length >= 1);
    await new Promise((r) => setTimeout(r, 300));
    expect(bot.fake.responsesTo("replay")).toHaveLength(1);
  });

  it("caps concurrent connections and closes idle ones", async () => {
    const server = createServer((_req, res) => res.end("ok"));
    hardenServer(server, 5, { idleTimeoutMs: 300, headersTimeoutMs: 300 });
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", () => r()));
    const port = (server.address() as { port: number }).port;
    const closedAt: number[] = [];
    const t0 = Date.now();
    const sockets: Socket[] = [];
    for (let i = 0; i < 12; i++) {
      const s = connect(port, "127.0.0.1");
      s.on("close", () => closedAt.push(Date.now() - t0));
      s.on("error", () => undefined);
      sockets.push(s);
    }
    await new Promise((r) => setTimeout(r, 150));
    expect(closedAt.length).toBeGreaterThanOrEqual(7); // over the cap: dropped at once
    await new Promise((r) => setTimeout(r, 1_500));
    expect(closedAt).toHaveLength(12); // idle: closed by the server, not by us
    server.close();
  });

  it("serves a burst of 200 concurrent requests from one address: the per-client cap is on slow connections only", async () => {
    const server = createServer((_req, res) => setTimeout(() => res.end("ok"), 200));
    hardenServer(server, 256, { perClient: 64 });
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", () => r()));
    const port = (server.address() as { port: number }).port;
    try {
      const statuses = await Promise.all(
        Array.from({ length: 200 }, () =>
          fetch(`http://127.0.0.1:${port}/`)
            .then((r) => r.status)
            .catch(() => 0),
        ),
      );
      expect(statuses.filter((s) => s === 200)).toHaveLength(200);
    } finally {
      server.closeAllConnections();
      server.close();
    }
  });
});

describe("Slack Web API policy", () => {
  it("gives each call a 10 s timeout and at most 2 retries (the client's default retries for 30 minutes)", () => {
    const client = bot.built.app.client as unknown as {
      timeout: number;
      retryConfig: { retries: number; maxTimeout: number };
    };
    expect(client.timeout).toBe(SLACK_CLIENT_POLICY.timeout);
    expect(client.timeout).toBeLessThanOrEqual(10_000);
    expect(client.retryConfig.retries).toBe(2);
    expect(client.retryConfig.maxTimeout).toBeLessThanOrEqual(2_000);
  });
});

describe("channel-name lookups", () => {
  it("retry a failed lookup and never cache the failure", async () => {
    let failures = 3;
    const calls: string[] = [];
    const filter = createChannelFilter(
      ["incidents"],
      async (id) => {
        calls.push(id);
        if (failures-- > 0) throw new Error("internal_error");
        return "incidents";
      },
      () => 0,
    );
    expect(await filter.allows("C1INC")).toBe(false); // two attempts, both failed
    expect(await filter.allows("C1INC")).toBe(true); // asked again: one more failure, then the name
    expect(await filter.allows("C1INC")).toBe(true); // now cached
    expect(calls).toHaveLength(4);
  });
});

describe("metrics and health", () => {
  it("/metrics counts requests, answers by verdict, match latency, Slack API errors by code and the catalog size", async () => {
    await postForm(
      bot.eventsUrl,
      slashCommand({ text: slackEscape(PASTE_DOWNSTREAM), responseUrl: bot.fake.responseUrl("m1") }),
    );
    await bot.fake.waitFor(() => bot.fake.responsesTo("m1").length === 1);
    bot.fake.handle("chat.postMessage", () => ({ ok: false, error: "not_in_channel" }));
    await postInteraction(
      bot.eventsUrl,
      blockAction({
        actionId: ACTION.postInChannel,
        value: encodeCardRef({ r: DOWNSTREAM_ID, k: "e", c: 1, v: ["1001", "1002"] }),
        responseUrl: bot.fake.responseUrl("m2"),
        channelId: "C0NOTIN",
        ephemeral: true,
      }),
    );
    await bot.fake.waitFor(() => bot.fake.responsesTo("m2").length === 1);
    const text = await (await fetch(`${bot.baseUrl}/metrics`)).text();
    expect(text).toMatch(/rwerror_events_received_total\{kind="command"\} [1-9]/);
    expect(text).toMatch(/rwerror_events_received_total\{kind="block_actions"\} [1-9]/);
    expect(text).toMatch(/rwerror_answers_total\{verdict="answer"\} [1-9]/);
    expect(text).toMatch(/rwerror_match_duration_seconds_count [1-9]/);
    expect(text).toMatch(/rwerror_slack_api_errors_total\{code="not_in_channel"\} [1-9]/);
    expect(text).toMatch(/rwerror_store_write_failures_total 0/);
    expect(text).toContain(`rwerror_catalog_records ${bot.catalog.records.length}`);
  });

  it("/healthz is 503 when the catalog is empty", async () => {
    const empty = await startBot({ catalog: buildCatalog([]) });
    try {
      const h = await health(empty);
      expect(h.status).toBe(503);
      expect(h.body.problems).toContain("catalog is empty");
      const bare = await fetch(`${empty.baseUrl}/healthz`);
      expect(await bare.json()).toEqual({ ok: false, status: "unavailable" });
    } finally {
      await empty.close();
    }
  });

  it("/readyz stays 200 and says degraded (database locked) at once while another process holds BEGIN EXCLUSIVE", async () => {
    const dir = tempDir();
    const locked = await startBot({ dbDir: dir });
    const script = `const D=require(${JSON.stringify(join(repoRoot, "node_modules/better-sqlite3"))});const d=new D(${JSON.stringify(join(dir, "rwerror.sqlite"))});d.exec("BEGIN EXCLUSIVE");d.prepare("CREATE TABLE IF NOT EXISTS lock_probe(x)").run();console.log("locked");process.stdin.on("data",()=>{d.exec("ROLLBACK");process.exit(0)});`;
    const child = spawn(process.execPath, ["-e", script], { stdio: ["pipe", "pipe", "inherit"] });
    try {
      await new Promise<void>((resolve) => child.stdout.once("data", () => resolve()));
      const t0 = performance.now();
      const h = await health(locked);
      expect(performance.now() - t0).toBeLessThan(1_000);
      expect(h.status).toBe(200);
      expect(h.body).toMatchObject({ ok: true, status: "degraded", degraded: ["database locked"] });
      expect(h.body.db).toMatch(/SQLITE_BUSY/);
      const bare = await fetch(`${locked.baseUrl}/readyz`);
      expect(bare.status).toBe(200);
      expect(await bare.json()).toEqual({ ok: true, status: "degraded", degraded: ["database locked"] });
      const metrics = await (await fetch(`${locked.baseUrl}/metrics`)).text();
      expect(metrics).toMatch(/^rwerror_degraded\{reason="database locked"\} 1$/m);
      expect(metrics).toMatch(/^rwerror_degraded\{reason="database full"\} 0$/m);
      expect(metrics).toMatch(/^rwerror_ready 1$/m);
      child.stdin.write("release\n");
      await new Promise((r) => child.once("exit", r));
      const after = await health(locked);
      expect(after.status).toBe(200);
      expect(after.body.status).toBe("ok");
      expect(after.body.degraded).toBeUndefined();
    } finally {
      child.kill();
      await locked.close();
    }
  });
});
