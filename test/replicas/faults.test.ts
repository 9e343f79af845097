/**
 * The bot as a real process against a store that fails under it: a second process holding SQLite's
 * write lock, a read-only file, a read-only folder at start-up, and PostgreSQL going away mid-burst.
 * Answers keep coming, acks stay fast, and the writes land once the database is back.
 */
import { spawn } from "node:child_process";
import { chmodSync, chownSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { openStore } from "../../src/store/index.ts";
import { fakeRecord } from "../report/fixtures.ts";
import { PG_URL, pgAdmin, pgSkipped } from "../store/backends.ts";
import { type FakeSlack, startFakeSlack } from "../support/fake-slack.ts";
import { messageEvent } from "../support/payloads.ts";
import { postEvent, TEST_SIGNING_SECRET } from "../support/signing.ts";
import { type Replica, serveOnce, startReplica } from "./replica-process.ts";
import { startProxy } from "./tcp-proxy.ts";

const RECORD = fakeRecord("rec-fault-1", "fault test failure in the barrier manager");
const PASTE = `ERROR:  Failed to run the query\n\nCaused by:\n  ${RECORD.errorMessage}`;
const CHANNEL = "C0FAULTS01";
const HEALTH_TOKEN = "faults-health-token";
const DAY = 86_400_000;
const isRoot = process.getuid?.() === 0;
// runuser needs root; as another user, file modes alone make a file read-only.
const UNPRIVILEGED = isRoot ? 65534 : undefined;

let cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const c of cleanups.reverse()) await c();
  cleanups = [];
});

async function setup() {
  const dir = mkdtempSync(join(tmpdir(), "rwerror-faults-"));
  chmodSync(dir, 0o755);
  const data = join(dir, "records.jsonl");
  writeFileSync(data, JSON.stringify({ record: RECORD, datasetVersion: "faults" }));
  const fake = await startFakeSlack();
  cleanups.push(
    () => fake.close(),
    () => rmSync(dir, { recursive: true, force: true }),
  );
  const env = (db: string) => ({
    SLACK_BOT_TOKEN: "xoxb-fault-test",
    SLACK_SIGNING_SECRET: TEST_SIGNING_SECRET,
    SLACK_API_URL: fake.apiUrl,
    RWERROR_DATA: data,
    RWERROR_DB: db,
    RWERROR_AUTO_CHANNELS: CHANNEL,
    RWERROR_HEALTH_TOKEN: HEALTH_TOKEN,
  });
  return { dir, fake, env };
}

async function start(env: Record<string, string>, asUid?: number): Promise<Replica> {
  const bot = await startReplica(env, { asUid });
  cleanups.push(async () => {
    await bot.stop();
  });
  return bot;
}

/** Sends `n` events (new threads) and returns how long each ack took. */
async function burst(bot: Replica, n: number): Promise<number[]> {
  return Promise.all(
    Array.from({ length: n }, async () => {
      const { envelope } = messageEvent({ channel: CHANNEL, text: PASTE });
      const t0 = performance.now();
      const res = await postEvent(bot.eventsUrl, envelope);
      expect(res.status).toBe(200);
      return performance.now() - t0;
    }),
  );
}

const replies = (fake: FakeSlack) => fake.callsTo("chat.postMessage").filter((c) => c.args.channel === CHANNEL);

async function health(bot: Replica): Promise<{ status: number; body: Record<string, unknown> }> {
  const res = await fetch(`http://127.0.0.1:${bot.port}/readyz`, {
    headers: { authorization: `Bearer ${HEALTH_TOKEN}` },
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

/** A SQLite file already migrated (as the bot left it), closed. */
async function preparedSqlite(path: string): Promise<void> {
  const store = await openStore(path);
  await store.close();
}

async function occurrencesIn(location: string): Promise<number> {
  const store = await openStore(location);
  try {
    return await store.countOccurrences({ from: Date.now() - DAY, to: Date.now() + DAY });
  } finally {
    await store.close();
  }
}

describe("faults of the store while serving", () => {
  it("keeps acking within 3 s and answering while another process holds BEGIN EXCLUSIVE, and writes everything once it lets go", async () => {
    const { dir, fake, env } = await setup();
    const db = join(dir, "locked.sqlite");
    const bot = await start(env(db));
    const holder = spawn(
      process.execPath,
      ["--import", "tsx", new URL("./lock-holder.ts", import.meta.url).pathname, db, "9000"],
      {
        stdio: ["ignore", "pipe", "inherit"],
      },
    );
    cleanups.push(() => void holder.kill());
    await new Promise<void>((resolve) => holder.stdout?.on("data", (d) => String(d).includes("locked") && resolve()));

    const acks = await burst(bot, 8);
    expect(Math.max(...acks)).toBeLessThan(3000);
    // Answered while the lock is still held: this process decides alone meanwhile, as the database
    // would (one card, then pointers to it), so every event gets its answer.
    await fake.waitFor(() => replies(fake).length === 8, 8000);
    expect(holder.exitCode).toBeNull();
    // Degraded, not unready: a load balancer keeps sending events to a replica that answers them.
    expect(await health(bot)).toMatchObject({ status: 200, body: { status: "degraded" } });

    await new Promise<void>((resolve) => holder.once("exit", () => resolve()));
    // The queued writes are retried with backoff and land once the lock is gone.
    await fake.waitFor(async () => (await occurrencesIn(db)) === 8, 30_000);
    expect(replies(fake)).toHaveLength(8);
    // One card and pointers to it: nothing went past the card cap, so no line was held back.
    expect(replies(fake).filter((r) => /card held back/.test(String(r.args.text)))).toHaveLength(0);
    expect((await health(bot)).status).toBe(200);
  }, 60_000);

  it.skipIf(process.platform === "win32")(
    "answers every event from a read-only file, reports degraded (200) and counts the writes it could not make",
    async () => {
      const { dir, fake, env } = await setup();
      const folder = join(dir, "ro");
      mkdirSync(folder);
      const db = join(folder, "readonly.sqlite");
      await preparedSqlite(db);
      if (isRoot) chownSync(folder, 65534, 65534);
      chmodSync(db, 0o444);
      const bot = await start(env(db), UNPRIVILEGED);
      const h = await health(bot);
      expect(h.status).toBe(200);
      expect(h.body).toMatchObject({ status: "degraded", degraded: ["database read-only"] });
      expect(String(h.body.db)).toMatch(/readonly/);
      const acks = await burst(bot, 4);
      expect(Math.max(...acks)).toBeLessThan(3000);
      // Each message its own thread: 4 answers (one card, three pointers) without a writable store.
      await fake.waitFor(() => replies(fake).length === 4, 10_000);
      const writes = (await health(bot)).body.writes as { pending: number; failed: number };
      expect(writes.pending + writes.failed).toBeGreaterThan(0);
      expect(await bot.stop()).toBe(0);
      expect(bot.output()).toMatch(/store write\(s\) lost, \d+ abandoned at shutdown/);
    },
    60_000,
  );

  it("refuses to start on a read-only folder with one clear line and no stack trace", async () => {
    const { dir, env } = await setup();
    const folder = join(dir, "locked-folder");
    mkdirSync(folder, { mode: 0o555 });
    if (!isRoot) chmodSync(folder, 0o555);
    const { code, output } = await serveOnce(env(join(folder, "sub", "db.sqlite")), { asUid: UNPRIVILEGED });
    expect(code, output).toBe(1);
    expect(output).toMatch(/^rwerror: cannot open the SQLite database .*locked-folder\/sub\/db\.sqlite: .*$/m);
    expect(output).not.toMatch(/^\s+at /m);
  }, 30_000);
});

describe.skipIf(pgSkipped !== undefined)(
  `PostgreSQL outage while serving${pgSkipped ? ` (skipped: ${pgSkipped})` : ""}`,
  () => {
    it("keeps answering while PostgreSQL is unreachable, stays ready (degraded), and retries the writes until they land", async () => {
      const { fake, env } = await setup();
      const database = `rwerror_outage_${process.pid}`;
      await pgAdmin((c) => c.query(`CREATE DATABASE ${database}`));
      cleanups.push(() =>
        pgAdmin((c) => c.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`)).then(() => undefined),
      );
      const target = new URL(PG_URL ?? "");
      const proxy = await startProxy(target.hostname, Number(target.port || 5432));
      cleanups.push(() => proxy.close());
      const viaProxy = new URL(PG_URL ?? "");
      viaProxy.port = String(proxy.port);
      viaProxy.pathname = `/${database}`;
      const direct = new URL(PG_URL ?? "");
      direct.pathname = `/${database}`;
      const bot = await start(env(viaProxy.toString()));
      expect((await health(bot)).body).toMatchObject({ ok: true, store: "postgres" });

      proxy.cut();
      const acks = await burst(bot, 6);
      expect(Math.max(...acks)).toBeLessThan(3000);
      await fake.waitFor(() => replies(fake).length >= 1, 10_000);
      expect(await health(bot)).toMatchObject({ status: 200, body: { status: "degraded" } });
      expect(await occurrencesIn(direct.toString())).toBe(0);

      proxy.restore();
      await fake.waitFor(async () => (await occurrencesIn(direct.toString())) === 6, 40_000);
      expect((await health(bot)).status).toBe(200);
      expect(bot.output()).toMatch(/database failing/);
    }, 90_000);
  },
);
