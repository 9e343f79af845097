/**
 * `rwerror digest` as a real process against the stand-in Slack: the weekly digest is posted once when
 * the response of its post is lost, and when the database fails between the post and marking it posted
 * (a full tmpfs under the SQLite file). The post carries its key in the message metadata, and the next
 * run finds it in the channel instead of posting it again.
 */
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import Database from "better-sqlite3";
import { afterEach, describe, expect, it } from "vitest";
import { openStore } from "../../src/store/index.ts";
import { type FakeSlack, startFakeSlack } from "../support/fake-slack.ts";
import { writeFaultCatalog } from "./answer-count.ts";
import { fill, mountProblem, mountTmpfs } from "./tmpfs.ts";

const CLI = fileURLToPath(new URL("../../src/cli.ts", import.meta.url));
const DIGEST = "C0DIGEST01";

let cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const c of cleanups.reverse()) await c();
  cleanups = [];
});

/** `rwerror digest` as its own process (async: the stand-in Slack runs in this one). */
function digest(env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  const child = spawn(process.execPath, ["--import", "tsx", CLI, "digest"], {
    env: { PATH: process.env.PATH ?? "", HOME: "/tmp", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.on("data", (d) => {
    output += String(d);
  });
  child.stderr.on("data", (d) => {
    output += String(d);
  });
  return new Promise((resolve) => child.once("exit", (code) => resolve({ code, output })));
}

async function setup(db: (dir: string) => string) {
  const dir = mkdtempSync(join(tmpdir(), "rwerror-digest-once-"));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  const fake = await startFakeSlack();
  cleanups.push(() => fake.close());
  const path = db(dir);
  await (await openStore(path)).close();
  const env = {
    SLACK_BOT_TOKEN: "xoxb-digest-test",
    SLACK_API_URL: fake.apiUrl,
    RWERROR_DATA: writeFaultCatalog(dir),
    RWERROR_DB: path,
    RWERROR_DIGEST_CHANNEL: DIGEST,
  };
  return { dir, fake, env, path };
}

const digestPosts = (fake: FakeSlack) => fake.messages.filter((m) => m.channel === DIGEST);

describe("the weekly digest, posted once", () => {
  it("is posted once when the response of its post is lost, and a second run refuses", async () => {
    const { fake, env } = await setup((dir) => join(dir, "bot.sqlite"));
    // Slack takes the post and the connection drops before the answer: the one-try client does not
    // re-send blind; its next attempt looks for the key first and finds the post.
    fake.fault("chat.postMessage", { lose: true }, 60_000);
    const first = await digest(env);
    const second = await digest(env);
    console.log(
      `digest, lost response: ${digestPosts(fake).length} post(s); runs exited ${first.code}, ${second.code}`,
    );
    expect(first.output).toMatch(/was already in C0DIGEST01 \(ts [0-9.]+\); recorded it as posted/);
    expect(first.code).toBe(0);
    expect(second.output).toMatch(/already posted/);
    expect(digestPosts(fake)).toHaveLength(1);
    expect(digestPosts(fake)[0]?.metadata).toMatchObject({
      event_type: "rwerror_answer",
      event_payload: { key: expect.stringMatching(/^digest:\d{4}-W\d\d$/) },
    });
    expect(first.output + second.output).not.toMatch(/\n\s+at /);
  }, 60_000);

  const noMount = mountProblem();
  it.skipIf(noMount !== undefined)(
    `is posted once when the database fails between the post and marking it posted${noMount ? ` (skipped: ${noMount})` : ""}`,
    async () => {
      let mnt = "";
      const { fake, env, path } = await setup((dir) => {
        const tmpfs = mountTmpfs(dir);
        cleanups.push(tmpfs.unmount);
        mnt = tmpfs.mnt;
        return join(mnt, "bot.sqlite");
      });
      const filler = join(mnt, "filler");
      // The disk fills the moment Slack has the digest: the claim is in, the mark cannot land.
      fake.onCall("chat.postMessage", () => fill(filler));
      const failed = await digest(env);
      expect(failed.code).toBe(1);
      expect(failed.output).toMatch(/posted \(ts [0-9.]+\) but not marked posted \(database or disk is full\)/);
      expect(failed.output).not.toMatch(/\n\s+at /);
      rmSync(filler);
      fake.onCall("chat.postMessage", () => undefined);

      // Later (the claim gone stale, as after a crash): a run takes the claim over, finds the post by its
      // key in the channel, and records it instead of posting again.
      const db = new Database(path);
      db.prepare("UPDATE digests SET claimed_at = claimed_at - 3600000").run();
      db.close();
      const again = await digest(env);
      const third = await digest(env);
      console.log(
        `digest, database full after the post: ${digestPosts(fake).length} post(s); runs exited ${failed.code}, ${again.code}, ${third.code}`,
      );
      expect(again.output).toMatch(/was already in C0DIGEST01/);
      expect(again.code).toBe(0);
      expect(third.output).toMatch(/already posted/);
      expect(digestPosts(fake)).toHaveLength(1);
      // Marked posted in the store, with the ts of the one post.
      const post = digestPosts(fake)[0];
      const key = String((post?.metadata as { event_payload?: { key?: string } } | undefined)?.event_payload?.key);
      const store = await openStore(path);
      try {
        const row = await store.getDigest(key.replace(/^digest:/, ""));
        expect(row?.postedAt).toBeGreaterThan(0);
        expect(row?.messageTs).toBe(post?.ts);
      } finally {
        await store.close();
      }
    },
    90_000,
  );
});
