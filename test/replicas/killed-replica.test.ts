/**
 * A replica SIGKILLed while it answers: two bot processes on one SQLite file, 100 events to the first,
 * killed half-way with handlers in flight (Slack is slow). Slack never redelivers what was acked; the
 * second replica takes over the claims left unfinished once their lease (3 s here) runs out, and finds
 * posts the dead one made before dying by their metadata key. Every acked event: exactly one answer.
 */
import { chmodSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { startFakeSlack } from "../support/fake-slack.ts";
import { postEvent, TEST_SIGNING_SECRET } from "../support/signing.ts";
import { countAnswers, type SentEvent, sendEvents, writeFaultCatalog } from "./answer-count.ts";
import { startReplica } from "./replica-process.ts";

const CHANNEL = "C0KILLED01";
let cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const c of cleanups.reverse()) await c();
  cleanups = [];
});

describe("a replica killed after the ack", () => {
  it("leaves no acknowledged event unanswered and none answered twice", async () => {
    const dir = mkdtempSync(join(tmpdir(), "rwerror-killed-"));
    chmodSync(dir, 0o755);
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    const fake = await startFakeSlack();
    cleanups.push(() => fake.close());
    // Slow posts: the kill finds handlers between the ack and the post, and posts on the wire.
    fake.delay("chat.postMessage", 400);
    const env = {
      SLACK_BOT_TOKEN: "xoxb-killed-test",
      SLACK_SIGNING_SECRET: TEST_SIGNING_SECRET,
      SLACK_API_URL: fake.apiUrl,
      RWERROR_DATA: writeFaultCatalog(dir),
      RWERROR_DB: join(dir, "shared.sqlite"),
      RWERROR_AUTO_CHANNELS: CHANNEL,
      RWERROR_LEASE_MS: "3000",
    };
    const a = await startReplica(env);
    cleanups.push(() => a.stop());
    const b = await startReplica({ ...env, LOG_LEVEL: "info" });
    cleanups.push(() => b.stop());

    // 50 events to A as they come (overlapping), then the kill with handlers in flight.
    const toA = sendEvents(a.eventsUrl, CHANNEL, 50, 40, { overlap: true });
    await fake.waitFor(() => fake.callsTo("chat.postMessage").length >= 20, 30_000);
    a.child.kill("SIGKILL");
    const sentToA = await toA;
    // Not acked by A: Slack retries them (the load balancer now sends everything to B).
    const retried: SentEvent[] = [];
    for (const s of sentToA.filter((x) => !x.acked)) {
      const res = await postEvent(b.eventsUrl, s.envelope, { headers: { "x-slack-retry-num": "1" } });
      retried.push({ ...s, acked: res.status === 200 });
    }
    const toB = await sendEvents(b.eventsUrl, CHANNEL, 50);
    const all = [...sentToA.filter((x) => x.acked), ...retried, ...toB];

    await fake.waitFor(() => countAnswers(fake, CHANNEL, all).lost === 0, 90_000);
    await new Promise((r) => setTimeout(r, 4_000));
    const count = countAnswers(fake, CHANNEL, all);
    console.log(
      `killed replica ${JSON.stringify({ ackedByA: sentToA.filter((x) => x.acked).length, retriedOnB: retried.length, ...count })}`,
    );
    expect(count.lost).toBe(0);
    expect(count.duplicates).toBe(0);
    expect(count.acked).toBe(100);
    // The fault was real: B finished work A had acknowledged and left.
    const tookOver = b.output().match(/takeover: answered event|answer ev:\S+ posted after/g) ?? [];
    console.log(`killed replica: B took over ${tookOver.length} event(s) or answer(s) A left`);
    expect(tookOver.length).toBeGreaterThan(0);
  }, 180_000);
});
