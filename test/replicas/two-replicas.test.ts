/**
 * Two bot processes on one store (PostgreSQL; and one SQLite file) behind one fake Slack: a burst of 200 message events sent
 * alternately to both, each with a Slack retry landing on the other replica at about the same time.
 */
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { catalogFromRecords } from "../../src/catalog/index.ts";
import { AUTO_POST_MIN_CONFIDENCE, createMatcher } from "../../src/matcher/index.ts";
import { openStore, type Store, type StoreKind } from "../../src/store/index.ts";
import { fakeRecord } from "../report/fixtures.ts";
import { PG_URL, pgAdmin, pgSkipped } from "../store/backends.ts";
import { type FakeSlack, startFakeSlack } from "../support/fake-slack.ts";
import { messageEvent } from "../support/payloads.ts";
import { postEvent, TEST_SIGNING_SECRET } from "../support/signing.ts";
import { type Replica, startReplica } from "./replica-process.ts";

const RECORDS = Array.from({ length: 8 }, (_, i) =>
  fakeRecord(
    `rec-replica-${i}`,
    `replica test failure number ${["one", "two", "three", "four", "five", "six", "seven", "eight"][i]} in the stream graph`,
  ),
);
const paste = (i: number) => `ERROR:  Failed to run the query\n\nCaused by:\n  ${RECORDS[i]?.errorMessage}`;
/** Two channels with two records each (cards and pointers), two with eight records (the cap of 5 bites). */
const CHANNELS = [
  { id: "C0REPLA001", records: [0, 1] },
  { id: "C0REPLB001", records: [2, 3] },
  { id: "C0REPLC001", records: [0, 1, 2, 3, 4, 5, 6, 7] },
  { id: "C0REPLD001", records: [7, 6, 5, 4, 3, 2, 1, 0] },
];
const CAP = 5;
const DIGEST = "C0DIGEST01";
const EVENTS = 200;

interface Sent {
  channel: string;
  ts: string;
  recordId: string;
}

const isPointer = (blocks: unknown) => Array.isArray(blocks) && blocks.length === 1;

function checkFixtures(): void {
  const matcher = createMatcher(catalogFromRecords(RECORDS));
  for (let i = 0; i < RECORDS.length; i++) {
    const best = matcher.match(paste(i)).matches[0];
    if (!best || best.record.id !== RECORDS[i]?.id || best.confidence < AUTO_POST_MIN_CONFIDENCE)
      throw new Error(`fixture paste ${i} is not a confident match`);
  }
}

/** Both backends: PostgreSQL is the replicas' store; two processes on one SQLite file must agree too. */
function replicaSuite(kind: StoreKind, skipped: string | undefined): void {
  let fake: FakeSlack;
  let replicas: Replica[] = [];
  let store: Store;
  let dir: string;
  const sent: Sent[] = [];
  const database = `rwerror_replicas_${randomBytes(4).toString("hex")}`;
  const location = () => {
    if (kind === "sqlite") return join(dir, "shared.sqlite");
    const u = new URL(PG_URL ?? "postgres://localhost/");
    u.pathname = `/${database}`;
    return u.toString();
  };
  const threadReplies = () => fake.callsTo("chat.postMessage").filter((c) => c.args.thread_ts !== undefined);

  describe.skipIf(skipped !== undefined)(
    `two replicas on one ${kind === "postgres" ? "PostgreSQL" : "SQLite file"}${skipped ? ` (skipped: ${skipped})` : ""}`,
    () => {
      beforeAll(async () => {
        checkFixtures();
        dir = mkdtempSync(join(tmpdir(), "rwerror-replicas-"));
        const data = join(dir, "records.jsonl");
        writeFileSync(
          data,
          RECORDS.map((record) => JSON.stringify({ record, datasetVersion: "replica-test" })).join("\n"),
        );
        if (kind === "postgres") await pgAdmin((c) => c.query(`CREATE DATABASE ${database}`));
        // Last week's history, so both replicas find the digest of the latest slot due at start-up.
        store = await openStore(location());
        await store.importOccurrences([
          {
            recordId: RECORDS[0]?.id ?? null,
            source: "console",
            text: paste(0),
            occurredAt: Date.now() - 8 * 86_400_000,
          },
        ]);
        fake = await startFakeSlack();
        const env = {
          SLACK_BOT_TOKEN: "xoxb-replica-test",
          SLACK_SIGNING_SECRET: TEST_SIGNING_SECRET,
          SLACK_API_URL: fake.apiUrl,
          RWERROR_DATA: data,
          RWERROR_DB: location(),
          RWERROR_AUTO_CHANNELS: CHANNELS.map((c) => c.id).join(","),
          RWERROR_MAX_CARDS_PER_10MIN: String(CAP),
          RWERROR_DIGEST_CHANNEL: DIGEST,
        };
        replicas = await Promise.all([startReplica(env), startReplica(env)]);
      }, 90_000);

      afterAll(async () => {
        const codes = await Promise.all(replicas.map((r) => r.stop()));
        await store?.close();
        await fake?.close();
        if (kind === "postgres") await pgAdmin((c) => c.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`));
        rmSync(dir, { recursive: true, force: true });
        expect(codes).toEqual([0, 0]);
      }, 60_000);

      it("answer a burst with retries on the other replica: one reply per thread and record, the cap held, every occurrence counted once, one digest", async () => {
        const deliveries: Promise<number>[] = [];
        for (let i = 0; i < EVENTS; i++) {
          const channel = CHANNELS[i % CHANNELS.length] as (typeof CHANNELS)[number];
          const r = channel.records[Math.floor(i / CHANNELS.length) % channel.records.length] as number;
          const { envelope, ts } = messageEvent({ channel: channel.id, text: paste(r) });
          sent.push({ channel: channel.id, ts, recordId: RECORDS[r]?.id ?? "" });
          const first = replicas[i % 2] as Replica;
          const other = replicas[(i + 1) % 2] as Replica;
          deliveries.push(postEvent(first.eventsUrl, envelope).then((res) => res.status));
          // Slack's retry of the same event id, on the other replica, while the first is in flight.
          const retry = new Promise<void>((resolve) => setTimeout(resolve, i % 7)).then(() =>
            postEvent(other.eventsUrl, envelope, {
              headers: { "x-slack-retry-num": "1", "x-slack-retry-reason": "http_timeout" },
            }).then((res) => res.status),
          );
          deliveries.push(retry);
          if (i % 20 === 19) await new Promise((r) => setTimeout(r, 20));
        }
        expect(new Set(await Promise.all(deliveries))).toEqual(new Set([200]));

        // Every event is logged exactly once, whichever replica handled it and however often it came.
        const day = 86_400_000;
        const range = { from: Date.now() - day, to: Date.now() + day };
        await fake.waitFor(async () => (await store.countOccurrences(range)) >= EVENTS, 60_000);
        await new Promise((r) => setTimeout(r, 1500));
        expect(await store.countOccurrences(range)).toBe(EVENTS);
        const scan = await store.scanPeriod(range);
        for (const record of RECORDS) {
          expect(scan.records.get(record.id)?.count ?? 0).toBe(sent.filter((s) => s.recordId === record.id).length);
        }

        // Every thread gets a reply (a card, a pointer or a held-back line); outbox retries may still be landing.
        await fake.waitFor(
          () => new Set(threadReplies().map((r) => `${r.args.channel}/${r.args.thread_ts}`)).size >= EVENTS,
          30_000,
        );
        const replies = threadReplies();
        const byThread = new Map<string, number>();
        for (const reply of replies) {
          const k = `${reply.args.channel}/${reply.args.thread_ts}`;
          byThread.set(k, (byThread.get(k) ?? 0) + 1);
        }
        expect(
          [...byThread.values()].filter((n) => n > 1),
          replicas
            .map((r) => r.output())
            .join("\n---\n")
            .slice(0, 3000),
        ).toEqual([]);

        for (const channel of CHANNELS) {
          const inChannel = replies.filter((r) => r.args.channel === channel.id);
          const cards = inChannel.filter((r) => !isPointer(r.args.blocks));
          const threads = sent.filter((s) => s.channel === channel.id);
          const recordOf = new Map(threads.map((s) => [s.ts, s.recordId]));
          const cardRecords = new Set(cards.map((c) => recordOf.get(String(c.args.thread_ts))));
          // One card per record (every other thread of it gets a pointer), never more than the cap.
          expect(cards).toHaveLength(Math.min(CAP, channel.records.length));
          expect(cardRecords.size).toBe(cards.length);
          // Past the cap no paste goes unanswered: the other records' threads get a one-line "held back" reply.
          expect(inChannel).toHaveLength(threads.length);
          expect(new Set(inChannel.map((r) => String(r.args.thread_ts)))).toEqual(new Set(threads.map((s) => s.ts)));
          const heldBack = inChannel.filter((r) => /card held back/.test(String(r.args.text)));
          for (const line of heldBack) expect(cardRecords.has(recordOf.get(String(line.args.thread_ts)))).toBe(false);
        }

        // Both replicas ran their scheduler's missed-digest check at start: one digest.
        const digests = fake.callsTo("chat.postMessage").filter((c) => c.args.channel === DIGEST);
        expect(digests).toHaveLength(1);
        for (const r of replicas) expect(r.output()).not.toMatch(/unhandled|lost/i);
      }, 120_000);
    },
  );
}

replicaSuite("postgres", pgSkipped);
replicaSuite("sqlite", undefined);
