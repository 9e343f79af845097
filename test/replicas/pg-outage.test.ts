/**
 * Two replicas on one real PostgreSQL (a cluster of the test's own), stopped under them while events
 * arrive: each event goes to one replica and Slack's retry of it to the other. Every event is answered
 * once (the retry looks for the answer's key in the thread before posting, since no shared claim stops
 * it), a muted error stays muted (the mutes read before the outage hold), each replica logs the outage
 * once rather than once per event, /readyz stays 200, and once PostgreSQL is back every occurrence lands.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { openStore } from "../../src/store/index.ts";
import { fakeRecord } from "../report/fixtures.ts";
import { startFakeSlack } from "../support/fake-slack.ts";
import { messageEvent } from "../support/payloads.ts";
import { postEvent, TEST_SIGNING_SECRET } from "../support/signing.ts";
import { countAnswers, FAULT_RECORD, type SentEvent, sendEvents, watchReadiness } from "./answer-count.ts";
import { clusterProblem, createOwnCluster } from "./pg-cluster.ts";
import { startReplica } from "./replica-process.ts";

const CHANNEL = "C0PGOUTAGE";
const EVENTS = 20;
const MUTED_EVENTS = 5;
const DAY = 86_400_000;
const MUTED = fakeRecord("rec-muted-1", "muted test failure in the compactor");
const MUTED_PASTE = `ERROR:  Failed to run the query\n\nCaused by:\n  ${MUTED.errorMessage}`;

let cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const c of cleanups.reverse()) await c();
  cleanups = [];
});

const skipped = clusterProblem();
const warnings = (output: string) => output.split("\n").filter((l) => l.includes('"level":40'));

describe.skipIf(skipped !== undefined)(
  `two replicas through a PostgreSQL outage${skipped ? ` (skipped: ${skipped})` : ""}`,
  () => {
    it("answers each event once with its retry on the other replica, keeps mutes, warns once per outage", async () => {
      const cluster = await createOwnCluster();
      cleanups.push(() => cluster.drop());
      const dir = mkdtempSync(join(tmpdir(), "rwerror-pgoutage-"));
      cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
      const data = join(dir, "records.jsonl");
      writeFileSync(
        data,
        [FAULT_RECORD, MUTED].map((record) => JSON.stringify({ record, datasetVersion: "pg-outage" })).join("\n"),
      );
      const store = await openStore(cluster.url);
      cleanups.push(() => store.close());
      await store.muteRecord({ channelId: CHANNEL, recordId: MUTED.id, until: Date.now() + DAY, userId: "U0OPS" });
      const fake = await startFakeSlack();
      cleanups.push(() => fake.close());
      const env = {
        SLACK_BOT_TOKEN: "xoxb-pg-outage-test",
        SLACK_SIGNING_SECRET: TEST_SIGNING_SECRET,
        SLACK_API_URL: fake.apiUrl,
        RWERROR_DATA: data,
        RWERROR_DB: cluster.url,
        RWERROR_AUTO_CHANNELS: CHANNEL,
      };
      const replicas = await Promise.all([startReplica(env), startReplica(env)]);
      for (const r of replicas) cleanups.push(() => r.stop());
      const [a, b] = replicas as [(typeof replicas)[0], (typeof replicas)[0]];
      const readiness = replicas.map((r) => watchReadiness(() => r.port));
      // The replicas read the mutes in force when they start.
      await new Promise((r) => setTimeout(r, 1_000));

      cluster.stop();
      const muted: SentEvent[] = [];
      for (let i = 0; i < MUTED_EVENTS; i++) {
        const { envelope, eventId, ts } = messageEvent({ channel: CHANNEL, text: MUTED_PASTE });
        muted.push({ envelope, eventId, ts, acked: (await postEvent(a.eventsUrl, envelope)).status === 200 });
      }
      const sent = await sendEvents(a.eventsUrl, CHANNEL, EVENTS, 50);
      await fake.waitFor(() => countAnswers(fake, CHANNEL, sent).answered === EVENTS, 30_000);
      // Slack did not see the acks in time: it retries every event, and the retries land on the other replica.
      const lookups = fake.callsTo("conversations.replies").length;
      const retries = await Promise.all(
        [...sent, ...muted].map((s) =>
          postEvent(b.eventsUrl, s.envelope, {
            headers: { "x-slack-retry-num": "1", "x-slack-retry-reason": "http_timeout" },
          }).then((r) => r.status),
        ),
      );
      expect(new Set(retries)).toEqual(new Set([200]));
      // Each answerable retry looks for its key in the thread first; then give late posts time to show.
      await fake.waitFor(() => fake.callsTo("conversations.replies").length - lookups >= EVENTS, 30_000);
      await new Promise((r) => setTimeout(r, 3_000));

      const count = countAnswers(fake, CHANNEL, sent);
      const mutedAnswers = countAnswers(fake, CHANNEL, muted).answered;
      const warned = replicas.map((r) => warnings(r.output()));
      cluster.start();
      const day = { from: Date.now() - DAY, to: Date.now() + DAY };
      await fake.waitFor(async () => (await store.countOccurrences(day)) === EVENTS + MUTED_EVENTS, 60_000);
      const statuses = (await Promise.all(readiness.map((r) => r.stop()))).flat();
      const note = {
        ...count,
        retriesOnOtherReplica: sent.length + muted.length,
        mutedAnswered: mutedAnswers,
        warningsPerReplica: warned.map((w) => w.length),
        readyz: [...new Set(statuses)],
      };
      console.log(`postgres outage ${JSON.stringify(note)}`);
      expect(count).toMatchObject({ acked: EVENTS, answered: EVENTS, duplicates: 0 });
      expect(mutedAnswers).toBe(0);
      for (const w of warned) {
        expect(w.filter((l) => l.includes("database failing"))).toHaveLength(1);
        expect(w.length, w.join("\n")).toBeLessThanOrEqual(3);
      }
      expect(new Set(statuses)).toEqual(new Set([200]));
      expect(await store.countOccurrences(day)).toBe(EVENTS + MUTED_EVENTS);
    }, 180_000);
  },
);
