import { afterEach, describe, expect, it } from "vitest";
import { type DigestMessage, renderDigestMessage } from "../../src/render/digest.ts";
import { postDigestOnce } from "../../src/report/digest-post.ts";
import { startDigestScheduler } from "../../src/report/schedule.ts";
import { digestTargetAt, type WeeklyDigest } from "../../src/report/weekly.ts";
import type { Store } from "../../src/store/index.ts";
import { tempDir } from "../store/temp-store.ts";
import { fakeCatalog, logEvents } from "./fixtures.ts";

let env: ReturnType<typeof tempDir>;
const stops: (() => void)[] = [];
afterEach(() => {
  for (const stop of stops.splice(0)) stop();
  env?.cleanup();
});

const DAY = 86_400_000;
const quiet = { info: () => {}, warn: () => {}, error: () => {} };
const monday9 = Date.parse("2026-11-30T09:00:00Z");

/** A Slack stand-in that records posts; `delayMs` keeps the post in flight to widen races. */
function fakeSlack(delayMs = 0) {
  const posts: { channel: string; message: DigestMessage }[] = [];
  return {
    posts,
    // Renders what it is given, as the bot's poster does: the scheduler hands over plain data.
    post: async (channel: string, digest: WeeklyDigest) => {
      posts.push({ channel, message: renderDigestMessage(digest) });
      await new Promise((r) => setTimeout(r, delayMs));
      return { ts: `${posts.length}.000100` };
    },
  };
}

async function seed(store: Store): Promise<void> {
  await logEvents(store, [
    { recordId: "r-table", channelId: "C1", text: "table not found: t1", at: monday9 - 3 * DAY },
    { recordId: "r-table", channelId: "C1", text: "table not found: t2", at: monday9 - 9 * DAY },
  ]);
}

function scheduler(store: Store, post: ReturnType<typeof fakeSlack>["post"], now: () => number, tz = "UTC") {
  const s = startDigestScheduler({ store, catalog: fakeCatalog(), channel: "C-digest", post, now, tz, log: quiet });
  stops.push(() => s.stop());
  return s;
}

describe("digest scheduling", () => {
  it("posts once when two schedulers on two connections to one file race for the same week", async () => {
    env = tempDir();
    const a = await env.open(() => monday9);
    const b = await env.open(() => monday9);
    await seed(a);
    const slack = fakeSlack(50);
    const results = await Promise.all([
      scheduler(a, slack.post, () => monday9).runDue(monday9),
      scheduler(b, slack.post, () => monday9).runDue(monday9 + 1),
    ]);
    expect(slack.posts).toHaveLength(1);
    expect(results.map((r) => r?.status).sort()).toEqual(["already-claimed", "posted"]);
    expect(await b.getDigest("2026-W49")).toMatchObject({ channel: "C-digest", messageTs: "1.000100" });
  });

  it("posts a digest missed while the bot was down on start, exactly once across restarts", async () => {
    env = tempDir();
    const wednesday = monday9 + 2 * DAY;
    const slack = fakeSlack();
    for (let restart = 0; restart < 3; restart++) {
      const store = await env.open(() => wednesday + restart * 60_000);
      if (restart === 0) seed(store);
      await scheduler(store, slack.post, () => wednesday + restart * 60_000).runMissed();
      await store.close();
    }
    expect(slack.posts).toHaveLength(1);
    // The missed digest reports on the 7 days before its slot, not before the restart.
    const store = await env.open();
    expect(await store.getDigest("2026-W49")).toMatchObject({ coversFrom: monday9 - 7 * DAY, coversTo: monday9 });
    expect(slack.posts[0]?.message.text).toContain("1 error");
  });

  it("does not post on start when this week's digest went out before the restart", async () => {
    env = tempDir();
    const store = await env.open(() => monday9);
    await seed(store);
    const slack = fakeSlack();
    await scheduler(store, slack.post, () => monday9).runDue(monday9);
    await scheduler(store, slack.post, () => monday9 + 3 * DAY).runMissed();
    expect(slack.posts).toHaveLength(1);
  });

  it("does not post a digest for a slot before anything was ever logged (fresh install)", async () => {
    env = tempDir();
    const store = await env.open(() => monday9 + DAY);
    const slack = fakeSlack();
    await scheduler(store, slack.post, () => monday9 + DAY).runMissed();
    expect(slack.posts).toHaveLength(0);
  });

  it("gives the week back when posting fails, so the next start posts it", async () => {
    env = tempDir();
    const store = await env.open(() => monday9 + DAY);
    await seed(store);
    const failing = async () => {
      throw new Error("slack is down");
    };
    await expect(scheduler(store, failing, () => monday9 + DAY).runMissed()).rejects.toThrow("slack is down");
    expect(await store.getDigest("2026-W49")).toBeUndefined();
    const slack = fakeSlack();
    await scheduler(store, slack.post, () => monday9 + DAY).runMissed();
    expect(slack.posts).toHaveLength(1);
  });

  it("takes over a claim left by a process that died mid-post only once it is stale", async () => {
    env = tempDir();
    let now = monday9;
    const store = await env.open(() => now);
    await seed(store);
    // A process that claimed the week and died before posting.
    expect(await store.claimDigest("2026-W49", { from: 0, to: 1 })).toBeDefined();
    const slack = fakeSlack();
    const deps = { store, catalog: fakeCatalog(), channel: "C-digest", post: slack.post };
    now = monday9 + 60_000;
    expect((await postDigestOnce(deps, digestTargetAt(monday9, "UTC"))).status).toBe("already-claimed");
    now = monday9 + 20 * 60_000;
    expect((await postDigestOnce(deps, digestTargetAt(monday9, "UTC"))).status).toBe("posted");
    expect(slack.posts).toHaveLength(1);
  });

  it("fires on the cron in the configured zone and posts once per ISO week", async () => {
    env = tempDir();
    const store = await env.open();
    await logEvents(store, [{ recordId: "r-table", channelId: "C1", text: "x", at: Date.now() - DAY }]);
    const slack = fakeSlack();
    const s = startDigestScheduler({
      store,
      catalog: fakeCatalog(),
      cron: "* * * * * *",
      tz: "Asia/Tokyo",
      channel: "C-digest",
      post: slack.post,
      log: quiet,
    });
    stops.push(() => s.stop());
    await new Promise((r) => setTimeout(r, 2600));
    expect(slack.posts).toHaveLength(1);
    expect(slack.posts[0]?.channel).toBe("C-digest");
  });

  it("prunes old occurrences and event ids on start without a digest channel", async () => {
    env = tempDir();
    const now = monday9;
    const store = await env.open(() => now);
    await logEvents(store, [
      { recordId: "r-table", channelId: null, text: "old", at: now - 400 * DAY },
      { recordId: "r-table", channelId: null, text: "recent", at: now - 10 * DAY },
    ]);
    let clock = now - 2 * DAY;
    const old = await env.open(() => clock);
    await old.claimEvent("Ev-old");
    await old.completeEvent("Ev-old");
    clock = now;
    const s = startDigestScheduler({ store, catalog: fakeCatalog(), now: () => now, log: quiet, retentionDays: 365 });
    stops.push(() => s.stop());
    await s.runMissed();
    expect((await store.listOccurrences()).map((o) => o.excerpt)).toEqual(["recent"]);
    expect(await store.claimEvent("Ev-old")).toBe(true);
  });
});

describe("digest claims across processes", () => {
  it("lets exactly one of two processes on one DB file post the week's digest", async () => {
    const { execFile } = await import("node:child_process");
    env = tempDir();
    const store = await env.open(() => monday9);
    await seed(store);
    const child = new URL("./race-child.ts", import.meta.url).pathname;
    const startAt = Date.now() + 1500;
    const run = () =>
      new Promise<string>((resolve, reject) => {
        execFile(
          process.execPath,
          ["--import", "tsx", child, env.path, String(startAt), String(monday9)],
          (error, stdout, stderr) =>
            error ? reject(new Error(`${error.message}\n${stderr}`)) : resolve(stdout.trim()),
        );
      });
    const outcomes = await Promise.all([run(), run()]);
    expect(outcomes.sort()).toEqual(["already-claimed", "posted"]);
    expect((await store.getDigest("2026-W49"))?.postedAt).toBe(monday9);
  });
});
