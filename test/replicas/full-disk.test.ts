/**
 * The bot's SQLite file on a real, small tmpfs that fills up while events arrive: answers keep coming,
 * /readyz stays 200 and says the database is full, no write is reported as done when its commit failed,
 * and once space is back every occurrence lands. Needs root to mount the tmpfs; skipped (saying so) otherwise.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { openStore } from "../../src/store/index.ts";
import { startFakeSlack } from "../support/fake-slack.ts";
import { TEST_SIGNING_SECRET } from "../support/signing.ts";
import { countAnswers, sendEvents, writeFaultCatalog } from "./answer-count.ts";
import { startReplica } from "./replica-process.ts";
import { fill, mountProblem, mountTmpfs } from "./tmpfs.ts";

const CHANNEL = "C0FULLDISK";
const DAY = 86_400_000;

// Issue 19, "a full disk": before the fix 5 of 20 acknowledged events were answered (the in-process
// fallback for reply claims capped every thread as a new card) and the occurrence writes were lost.
const skipped = mountProblem();

let cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const c of cleanups.reverse()) await c();
  cleanups = [];
});

async function readyz(port: number) {
  const res = await fetch(`http://127.0.0.1:${port}/readyz`, { headers: { authorization: "Bearer full-disk-token" } });
  return {
    status: res.status,
    body: (await res.json()) as {
      status: string;
      degraded?: string[];
      writes?: { pending: number; failed: number; outages: number };
    },
  };
}

describe.skipIf(skipped !== undefined)(
  `a full disk under the database${skipped ? ` (skipped: ${skipped})` : ""}`,
  () => {
    it("keeps answering, stays ready (degraded: database full), and lands every occurrence once space is back", async () => {
      const dir = mkdtempSync(join(tmpdir(), "rwerror-fulldisk-"));
      cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
      const { mnt, unmount } = mountTmpfs(dir);
      cleanups.push(unmount);
      const fake = await startFakeSlack();
      cleanups.push(() => fake.close());
      const db = join(mnt, "bot.sqlite");
      const bot = await startReplica({
        SLACK_BOT_TOKEN: "xoxb-full-disk-test",
        SLACK_SIGNING_SECRET: TEST_SIGNING_SECRET,
        SLACK_API_URL: fake.apiUrl,
        RWERROR_DATA: writeFaultCatalog(dir),
        RWERROR_DB: db,
        RWERROR_AUTO_CHANNELS: CHANNEL,
        RWERROR_HEALTH_TOKEN: "full-disk-token",
        LOG_LEVEL: "info",
      });
      cleanups.push(() => bot.stop());
      expect((await readyz(bot.port)).body.status).toBe("ok");

      const filler = join(mnt, "filler");
      fill(filler);
      const sent = await sendEvents(bot.eventsUrl, CHANNEL, 20, 50);
      await fake
        .waitFor(() => countAnswers(fake, CHANNEL, sent).lost === 0, 60_000)
        .catch((e: unknown) => {
          console.log(`full disk ${JSON.stringify(countAnswers(fake, CHANNEL, sent))}\n${bot.output().slice(-3000)}`);
          throw e;
        });
      const during = await readyz(bot.port);
      const count = countAnswers(fake, CHANNEL, sent);
      console.log(`full disk ${JSON.stringify({ ...count, readyz: during.status, health: during.body })}`);
      expect(count).toMatchObject({ acked: 20, answered: 20, duplicates: 0 });
      expect(during.status).toBe(200);
      expect(during.body.degraded).toContain("database full");
      // The failed commits were seen and queued for a retry, not reported as written nor dropped.
      expect(during.body.writes?.pending).toBeGreaterThan(0);
      expect(during.body.writes?.failed).toBe(0);
      // One warning for the outage, not one per event.
      expect(bot.output().match(/database failing/g)).toHaveLength(1);

      rmSync(filler);
      await fake.waitFor(async () => (await readyz(bot.port)).body.status === "ok", 30_000);
      const store = await openStore(db);
      try {
        await fake.waitFor(
          async () => (await store.countOccurrences({ from: Date.now() - DAY, to: Date.now() + DAY })) === 20,
          60_000,
        );
      } finally {
        await store.close();
      }
      // Nothing was lost, and the outage's end says so in one line.
      await fake.waitFor(() => /database answering again/.test(bot.output()), 30_000);
      expect(bot.output()).toMatch(/write\(s\) queued, 0 lost/);
    }, 180_000);
  },
);
