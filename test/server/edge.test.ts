/**
 * The HTTP edge of the real process (`node bin/rwerror.js serve`: Bolt's receiver and our guards in
 * front of it), with Slack replaced only at the network edge. Slow clients (slowloris), signed requests
 * from the future, and large unverified bodies (issue 19, "the edge").
 */
import { request } from "node:http";
import { connect, type Socket } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type BotProcess, startBotProcess } from "../support/bot-process.ts";
import { type FakeSlack, startFakeSlack } from "../support/fake-slack.ts";
import { PASTE_DOWNSTREAM, slackEscape } from "../support/pastes.ts";
import { messageEvent } from "../support/payloads.ts";
import { postEvent, signature, TEST_SIGNING_SECRET } from "../support/signing.ts";

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

/** What a raw HTTP exchange ended with: the status line's code, or how the connection went. */
interface RawResult {
  status: number | "reset" | "closed" | "timeout";
  ms: number;
  /** Body bytes written before the answer (or the end). */
  sent: number;
}

/**
 * Sends `head` and then up to `bodyBytes` in 64 KB chunks (stopping early once anything comes back),
 * and reads the status line of the answer.
 */
function rawExchange(head: string, bodyBytes: number, { waitMs = 8_000 } = {}): Promise<RawResult> {
  return new Promise((resolve) => {
    const t0 = performance.now();
    const s = connect(port(), "127.0.0.1");
    let sent = 0;
    let done = false;
    const finish = (status: RawResult["status"]) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      s.destroy();
      resolve({ status, ms: Math.round(performance.now() - t0), sent });
    };
    const timer = setTimeout(() => finish("timeout"), waitMs);
    let reply = "";
    s.on("data", (d) => {
      reply += String(d);
      const m = /^HTTP\/1\.1 (\d{3})/.exec(reply);
      if (m) finish(Number(m[1]));
    });
    s.on("error", () => finish("reset"));
    s.on("close", () => finish("closed"));
    const chunk = Buffer.alloc(64 * 1024, "a");
    const pump = () => {
      while (!done && sent < bodyBytes) {
        const part = chunk.subarray(0, Math.min(chunk.length, bodyBytes - sent));
        sent += part.length;
        if (!s.write(part)) return void s.once("drain", pump);
      }
    };
    s.on("connect", () => {
      s.write(head);
      pump();
    });
  });
}

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
        // Connections the server has kept for more than 2 s (a second pending, and a sweep).
        heldCounts.push([...sockets.values()].filter((at) => Date.now() - at > 2_000).length);
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
    // One address keeps at most RWERROR_MAX_CONNECTIONS_PER_CLIENT (64) connections pending past a
    // second, each closed 10 s after it opened without complete headers, however it trickles.
    expect(summary.heldMax).toBeLessThanOrEqual(64);
    expect(summary.keptLongestMs).toBeLessThan(12_000);
  }, 60_000);
});

describe("signed requests' timestamps", () => {
  it("refuses a request signed more than 5 minutes in the future or the past, and takes one within them", async () => {
    const now = Math.floor(Date.now() / 1000);
    const cases = [
      { name: "+1 h", at: now + 3_600, want: 401 },
      { name: "+10 years", at: now + 10 * 365 * 86_400, want: 401 },
      { name: "-10 min", at: now - 600, want: 401 },
      { name: "+4 min", at: now + 240, want: 200 },
    ];
    const sent: { name: string; status: number; ts: string; want: number }[] = [];
    for (const c of cases) {
      const { envelope, ts } = messageEvent({ channel: CHANNEL, text: slackEscape(PASTE_DOWNSTREAM) });
      const res = await postEvent(bot.eventsUrl, envelope, { timestamp: c.at });
      sent.push({ name: c.name, status: res.status, ts, want: c.want });
    }
    console.log("timestamps", JSON.stringify(sent.map(({ name, status }) => ({ name, status }))));
    expect(sent.map((s) => s.status)).toEqual(cases.map((c) => c.want));
    const taken = sent.find((s) => s.want === 200);
    await fake.waitFor(() => answersTo(taken?.ts ?? "").length === 1);
    await sleep(500);
    for (const s of sent.filter((x) => x.want !== 200)) expect(answersTo(s.ts)).toEqual([]);
  });
});

describe("unverified bodies", () => {
  const headOf = (length: number | "chunked", signed: { ts: number; sig: string }) =>
    [
      "POST /slack/events HTTP/1.1",
      "Host: rwerror",
      "Content-Type: application/json",
      length === "chunked" ? "Transfer-Encoding: chunked" : `Content-Length: ${length}`,
      `X-Slack-Request-Timestamp: ${signed.ts}`,
      `X-Slack-Signature: ${signed.sig}`,
      "",
      "",
    ].join("\r\n");
  const unsigned = () => ({ ts: Math.floor(Date.now() / 1000), sig: `v0=${"0".repeat(64)}` });

  it("checks the signature on the raw bytes before anything parses them", async () => {
    // A JSON `null` with a wrong signature: refused as unsigned (401), not parsed and refused as null (400).
    const res = await postEvent(bot.eventsUrl, null, { signature: `v0=${"0".repeat(64)}` });
    expect(res.status).toBe(401);
    // Signed, it is read and refused for what it is.
    expect((await postEvent(bot.eventsUrl, null)).status).toBe(400);
    // The bytes are what is signed: text beyond ASCII verifies as Slack signed it.
    const { envelope } = messageEvent({
      channel: "C0ELSEWHERE",
      text: "fehlgeschlagen: Größe überschritten — 失败 🚨",
    });
    expect((await postEvent(bot.eventsUrl, envelope)).status).toBe(200);
  });

  it("refuses a 10 MB body by its Content-Length before reading it, and a chunked one once past the cap", async () => {
    const TEN_MB = 10 * 1024 * 1024;
    // Declared 10 MB, 64 KB sent: answered without waiting for the rest.
    const declared = await rawExchange(headOf(TEN_MB, unsigned()), 64 * 1024);
    // No length given (chunked), 10 MB offered: stopped once past the cap.
    const chunked = await new Promise<RawResult>((resolve) => {
      const t0 = performance.now();
      let sent = 0;
      const req = request(
        {
          host: "127.0.0.1",
          port: port(),
          method: "POST",
          path: "/slack/events",
          headers: {
            "content-type": "application/json",
            "x-slack-request-timestamp": String(unsigned().ts),
            "x-slack-signature": unsigned().sig,
          },
        },
        (res) => {
          res.resume();
          resolve({ status: res.statusCode ?? 0, ms: Math.round(performance.now() - t0), sent });
          req.destroy();
        },
      );
      req.on("error", () => resolve({ status: "reset", ms: Math.round(performance.now() - t0), sent }));
      const chunk = Buffer.alloc(64 * 1024, "a");
      const pump = () => {
        while (sent < TEN_MB && !req.destroyed) {
          sent += chunk.length;
          if (!req.write(chunk)) return void req.once("drain", pump);
        }
        if (!req.destroyed) req.end();
      };
      pump();
    });
    // A signed body under the cap is still Slack's to send (an event Bolt acks and nothing answers).
    const padded = { type: "event_callback", event: { type: "reaction_added" }, padding: "p".repeat(1_500_000) };
    const big = await postEvent(bot.eventsUrl, padded);
    console.log("bodies", JSON.stringify({ declared, chunked, signed1500kB: big.status }));

    expect(declared.status).toBe(413);
    expect(declared.ms).toBeLessThan(1_000);
    expect([413, "reset"]).toContain(chunked.status);
    expect(chunked.sent).toBeLessThan(TEN_MB);
    expect(big.status).toBe(200);
    // The process is still there and ready.
    const ready = await fetch(`${bot.baseUrl}/readyz`, { headers: { authorization: `Bearer ${HEALTH_TOKEN}` } });
    expect(ready.status).toBe(200);
  }, 30_000);

  it("gives a body that trickles in 10 s, then 408", async () => {
    const ts = Math.floor(Date.now() / 1000);
    const body = JSON.stringify({ type: "event_callback" });
    const head = headOf(body.length + 100, { ts, sig: signature(TEST_SIGNING_SECRET, ts, body) });
    // Headers complete, the body never: the connection is answered 408 about 10 s later.
    const res = await rawExchange(head, 10, { waitMs: 15_000 });
    console.log("slow body", JSON.stringify(res));
    expect(res.status).toBe(408);
    expect(res.ms).toBeGreaterThanOrEqual(9_500);
    expect(res.ms).toBeLessThan(12_000);
  }, 30_000);
});
