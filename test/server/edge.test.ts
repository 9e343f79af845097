/**
 * The HTTP edge of the real process (`node bin/rwerror.js serve`: Bolt's receiver and our guards in
 * front of it), with Slack replaced only at the network edge: slow clients (slowloris) (issue 19,
 * "the edge").
 */
import { connect, type Socket } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type BotProcess, startBotProcess } from "../support/bot-process.ts";
import { type FakeSlack, startFakeSlack } from "../support/fake-slack.ts";
import { PASTE_DOWNSTREAM, slackEscape } from "../support/pastes.ts";
import { messageEvent } from "../support/payloads.ts";
import { postEvent } from "../support/signing.ts";

const CHANNEL = "C0EDGE";
const HEALTH_TOKEN = "edge-health-token";

let fake: FakeSlack;
let bot: BotProcess;
beforeAll(async () => {
  fake = await startFakeSlack();
  bot = await startBotProcess(fake.apiUrl, { RWERROR_AUTO_CHANNELS: CHANNEL, RWERROR_HEALTH_TOKEN: HEALTH_TOKEN });
}, 40_000);
afterAll(async () => {
  bot?.child.kill("SIGKILL");
  await fake?.close();
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const port = () => Number(new URL(bot.baseUrl).port);
const answersTo = (ts: string) => fake.callsTo("chat.postMessage").filter((c) => c.args.thread_ts === ts);

describe("slow clients (slowloris)", () => {
  it("600 connections held from one address neither shut out /readyz nor Slack's events", async () => {
    // The attacker: 600 connections from 127.0.0.2, each sending a request's headers a line a second,
    // never finishing them, and reconnecting a second after the server closes one.
    const ATTACKERS = 600;
    const sockets = new Map<Socket, number>();
    const lifetimes: number[] = [];
    let connects = 0;
    let stopped = false;
    const open = () => {
      if (stopped) return;
      const s = connect({ port: port(), host: "127.0.0.1", localAddress: "127.0.0.2" });
      s.on("connect", () => {
        connects++;
        sockets.set(s, Date.now());
        s.write("POST /slack/events HTTP/1.1\r\nHost: rwerror\r\n");
      });
      s.on("error", () => undefined);
      s.on("close", () => {
        const since = sockets.get(s);
        if (since !== undefined) lifetimes.push(Date.now() - since);
        sockets.delete(s);
        if (!stopped) setTimeout(open, 1_000);
      });
    };
    const trickle = setInterval(() => {
      for (const s of sockets.keys()) if (!s.destroyed) s.write(`x-${connects}: y\r\n`);
    }, 1_000);
    for (let i = 0; i < ATTACKERS; i++) open();

    // Meanwhile: a probe of /readyz every 250 ms, and a signed event every 2 s, from 127.0.0.1.
    const probes: { status: number; ms: number }[] = [];
    const acks: { status: number; ms: number; ts: string }[] = [];
    const heldCounts: number[] = [];
    const until = Date.now() + 14_000;
    await sleep(1_000);
    const probing = (async () => {
      while (Date.now() < until) {
        const t0 = performance.now();
        const status = await fetch(`${bot.baseUrl}/readyz`, { signal: AbortSignal.timeout(3_000) })
          .then((r) => r.status)
          .catch(() => 0);
        probes.push({ status, ms: performance.now() - t0 });
        // Connections the server has kept for more than a second.
        heldCounts.push([...sockets.values()].filter((at) => Date.now() - at > 1_000).length);
        await sleep(250);
      }
    })();
    const events = (async () => {
      while (Date.now() < until - 2_000) {
        const { envelope, ts } = messageEvent({ channel: CHANNEL, text: slackEscape(PASTE_DOWNSTREAM) });
        const t0 = performance.now();
        const status = await postEvent(bot.eventsUrl, envelope)
          .then((r) => r.status)
          .catch(() => 0);
        acks.push({ status, ms: performance.now() - t0, ts });
        await sleep(2_000);
      }
    })();
    await Promise.all([probing, events]);
    stopped = true;
    clearInterval(trickle);
    for (const s of sockets.keys()) s.destroy();

    await fake.waitFor(() => acks.every((a) => answersTo(a.ts).length === 1), 15_000).catch(() => undefined);
    const answered = acks.filter((a) => answersTo(a.ts).length === 1).length;
    const summary = {
      attackerConnects: connects,
      heldMax: Math.max(...heldCounts),
      keptLongestMs: Math.max(...lifetimes),
      probes: probes.length,
      probesOk: probes.filter((p) => p.status === 200).length,
      probeMaxMs: Math.round(Math.max(...probes.map((p) => p.ms))),
      events: acks.length,
      acked: acks.filter((a) => a.status === 200).length,
      ackMaxMs: Math.round(Math.max(...acks.map((a) => a.ms))),
      answered,
    };
    console.log("slowloris", JSON.stringify(summary));

    expect(summary.probesOk).toBe(summary.probes);
    expect(summary.probeMaxMs).toBeLessThan(1_000);
    expect(summary.acked).toBe(summary.events);
    expect(summary.ackMaxMs).toBeLessThan(3_000);
    expect(summary.answered).toBe(summary.events);
    // One address keeps at most RWERROR_MAX_CONNECTIONS_PER_CLIENT (64) connections, each closed
    // 10 s after it opened without complete headers, however it trickles.
    expect(summary.heldMax).toBeLessThanOrEqual(64);
    expect(summary.keptLongestMs).toBeLessThan(12_000);
  }, 60_000);
});
