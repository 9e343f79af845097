/**
 * The bot as a real process against a Slack that misbehaves at the network edge for 30 s while 20 events
 * arrive: chat.postMessage answering 429 (Retry-After 5), HTTP 500, hanging, or taking the post and
 * losing the response. Slack never redelivers an acknowledged event, so the outbox must get every answer
 * out, exactly once, with /readyz 200 throughout. The numbers are printed for the note.
 */
import { chmodSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it, type TestContext } from "vitest";
import { type FakeSlack, type Fault, startFakeSlack } from "../support/fake-slack.ts";
import { TEST_SIGNING_SECRET } from "../support/signing.ts";
import { countAnswers, sendEvents, watchReadiness, writeFaultCatalog } from "./answer-count.ts";
import { type Replica, startReplica } from "./replica-process.ts";

const CHANNEL = "C0SLACKFLT";
const EVENTS = 20;
const FAULT_MS = 30_000;

type Cleanups = (() => unknown)[];

async function botWith(fake: FakeSlack, cleanups: Cleanups): Promise<Replica> {
  const dir = mkdtempSync(join(tmpdir(), "rwerror-slackflt-"));
  chmodSync(dir, 0o755);
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  const bot = await startReplica({
    SLACK_BOT_TOKEN: "xoxb-slack-fault-test",
    SLACK_SIGNING_SECRET: TEST_SIGNING_SECRET,
    SLACK_API_URL: fake.apiUrl,
    RWERROR_DATA: writeFaultCatalog(dir),
    RWERROR_DB: join(dir, "bot.sqlite"),
    RWERROR_AUTO_CHANNELS: CHANNEL,
  });
  cleanups.push(() => bot.stop());
  return bot;
}

/** Each test its own fake Slack and bot (they run concurrently), cleaned up when it finishes. */
async function underFault(fault: Fault, onTestFinished: TestContext["onTestFinished"]) {
  const cleanups: Cleanups = [];
  // The test's own hook: with concurrent tests, the global one may belong to another test.
  onTestFinished(async () => {
    for (const c of cleanups.reverse()) await c();
  });
  const fake = await startFakeSlack();
  cleanups.push(() => fake.close());
  const bot = await botWith(fake, cleanups);
  fake.fault("chat.postMessage", fault, FAULT_MS);
  const readiness = watchReadiness(() => bot.port);
  // Spread over the first 10 s of the fault, as incidents arrive.
  const sent = await sendEvents(bot.eventsUrl, CHANNEL, EVENTS, 500);
  await fake.waitFor(() => countAnswers(fake, CHANNEL, sent).lost === 0, 150_000);
  // A little longer: a late duplicate would show here.
  await new Promise((r) => setTimeout(r, 3_000));
  const statuses = await readiness.stop();
  const count = countAnswers(fake, CHANNEL, sent);
  const note = { fault, faultedCalls: fake.faulted("chat.postMessage"), ...count, readyz: summarise(statuses) };
  console.log(`slack fault ${JSON.stringify(note)}`);
  return { count, statuses, fake, bot };
}

function summarise(statuses: number[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const s of statuses) out[String(s)] = (out[String(s)] ?? 0) + 1;
  return out;
}

describe.concurrent("Slack faults for 30 s while 20 events arrive", () => {
  it("429 with Retry-After 5: every acknowledged event answered once, /readyz 200 throughout", async ({
    onTestFinished,
  }) => {
    const { count, statuses, fake } = await underFault({ status: 429, retryAfter: 5 }, onTestFinished);
    expect(count).toEqual({ events: EVENTS, acked: EVENTS, answered: EVENTS, duplicates: 0, lost: 0 });
    expect(fake.faulted("chat.postMessage")).toBeGreaterThan(0);
    expect(new Set(statuses)).toEqual(new Set([200]));
  }, 240_000);

  it("HTTP 500: every acknowledged event answered once, /readyz 200 throughout", async ({ onTestFinished }) => {
    const { count, statuses, fake } = await underFault({ status: 500 }, onTestFinished);
    expect(count).toEqual({ events: EVENTS, acked: EVENTS, answered: EVENTS, duplicates: 0, lost: 0 });
    expect(fake.faulted("chat.postMessage")).toBeGreaterThan(0);
    expect(new Set(statuses)).toEqual(new Set([200]));
  }, 240_000);

  it("a hang: every acknowledged event answered once, /readyz 200 throughout", async ({ onTestFinished }) => {
    const { count, statuses, fake } = await underFault({ hang: true }, onTestFinished);
    expect(count).toEqual({ events: EVENTS, acked: EVENTS, answered: EVENTS, duplicates: 0, lost: 0 });
    expect(fake.faulted("chat.postMessage")).toBeGreaterThan(0);
    expect(new Set(statuses)).toEqual(new Set([200]));
  }, 240_000);

  it("a post taken and its response lost: no duplicate, the earlier post found by its metadata key", async ({
    onTestFinished,
  }) => {
    const { count, statuses, fake } = await underFault({ lose: true }, onTestFinished);
    expect(count).toEqual({ events: EVENTS, acked: EVENTS, answered: EVENTS, duplicates: 0, lost: 0 });
    // The lost responses were taken: the lookups found them instead of posting again.
    expect(fake.faulted("chat.postMessage")).toBeGreaterThan(0);
    expect(fake.callsTo("conversations.replies").length).toBeGreaterThan(0);
    expect(new Set(statuses)).toEqual(new Set([200]));
  }, 240_000);
});
