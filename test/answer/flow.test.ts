/**
 * The answer flow on its own, without Slack: a real matcher over the seed records, a real SQLite file,
 * and a port that records what it was asked to post.
 */
import { afterEach, describe, expect, it } from "vitest";
import { type AnswerDeps, type AnswerPort, answerPaste, blockKit } from "../../src/answer/index.ts";
import { catalogFromRecords } from "../../src/catalog/index.ts";
import { createMatcher } from "../../src/matcher/index.ts";
import type { Matcher } from "../../src/matcher/types.ts";
import type { SlackMessage } from "../../src/render/index.ts";
import { createLocalClaims, guardStore, type Store } from "../../src/store/index.ts";
import { tempDir } from "../store/temp-store.ts";
import { PASTE_DOWNSTREAM } from "../support/pastes.ts";
import { DOWNSTREAM_ID, seedRecords } from "../support/seeds.ts";

const quiet = { debug: () => {}, info: () => {}, warn: () => {}, error: () => {} };
let cleanup: (() => void) | undefined;
afterEach(() => {
  cleanup?.();
  cleanup = undefined;
});

/** The store with every call it answers named, in order. */
function spied(store: Store, calls: string[]): Store {
  return new Proxy(store, {
    get(target, name, receiver) {
      const value = Reflect.get(target, name, receiver);
      if (typeof value !== "function") return value;
      return (...args: unknown[]) => {
        calls.push(String(name));
        return value.apply(target, args);
      };
    },
  });
}

async function setup() {
  const t = tempDir();
  cleanup = t.cleanup;
  const store = await t.open();
  const calls: string[] = [];
  const real = createMatcher(catalogFromRecords(seedRecords()));
  const matched: string[] = [];
  const matcher: Matcher = {
    ...real,
    match: (text, ctx) => {
      matched.push(text);
      return real.match(text, ctx);
    },
  };
  const deps: AnswerDeps = {
    matcher,
    guard: guardStore(spied(store, calls), { log: quiet }),
    localClaims: createLocalClaims(),
    now: Date.now,
    config: { maxCardsPer10Min: 5, unsureReaction: false },
    logger: quiet,
  };
  const posts: SlackMessage[] = [];
  const links: string[] = [];
  const port: AnswerPort<SlackMessage> = {
    post: async (m) => {
      posts.push(m);
      return `170000000${posts.length}.000100`;
    },
    permalink: async (channel, ts) => {
      links.push(ts);
      return `https://slack.test/archives/${channel}/p${ts}`;
    },
  };
  return { store, deps, calls, matched, posts, links, port };
}

const where = (threadTs: string) => ({
  source: "auto" as const,
  channelId: "C1",
  userId: "U1",
  messageTs: threadTs,
  threadTs,
});

describe("the answer flow", () => {
  it("unescapes Slack's text exactly once: a typed &lt;x&gt; reaches the matcher as &lt;x&gt;", async () => {
    const s = await setup();
    await answerPaste(s.deps, { slackText: "ERROR: bad &amp;lt;x&amp;gt; in &lt;y&gt;" }, where("1.1"), "private", {
      render: blockKit({ ephemeral: true }),
      port: s.port,
    });
    expect(s.matched).toEqual(["ERROR: bad &lt;x&gt; in <y>"]);
  });

  it("redacts message text and file text together before matching", async () => {
    const s = await setup();
    const paste = { slackText: "ERROR: boom password=hunter2", rawTexts: ["token=sk_live_abcdefghijklmnop1234"] };
    await answerPaste(s.deps, paste, where("1.2"), "private", { render: blockKit({ ephemeral: true }), port: s.port });
    expect(s.matched).toHaveLength(1);
    expect(s.matched[0]).not.toContain("hunter2");
    expect(s.matched[0]).not.toContain("abcdefghijklmnop1234");
  });

  it("answers a thread once, and a second delivery claims before reading any history", async () => {
    const s = await setup();
    const reply = { render: blockKit({ ephemeral: false }), port: s.port };
    const first = await answerPaste(s.deps, { slackText: PASTE_DOWNSTREAM }, where("2.1"), "auto", reply);
    expect(first.kind).toBe("card");
    expect(s.calls.indexOf("claimReply")).toBeLessThan(s.calls.indexOf("recordHistory"));
    expect(s.calls.indexOf("recordHistory")).toBeLessThan(s.calls.indexOf("recordOccurrence"));
    expect(s.posts).toHaveLength(1);

    s.calls.length = 0;
    const again = await answerPaste(s.deps, { slackText: PASTE_DOWNSTREAM }, where("2.1"), "auto", reply);
    expect(again.kind).toBe("already-replied");
    expect(s.posts).toHaveLength(1);
    expect(s.calls.filter((c) => ["recordHistory", "answeredThreads", "notesFor"].includes(c))).toEqual([]);
    expect(s.links).toEqual([]);
    // Still one occurrence: the message is counted once, whichever delivery saw it.
    expect((await s.store.listOccurrences()).map((o) => o.recordId)).toEqual([DOWNSTREAM_ID]);
  });

  it("keeps the reply's ts so a repeat elsewhere in the channel links to it", async () => {
    const s = await setup();
    const reply = { render: blockKit({ ephemeral: false }), port: s.port };
    await answerPaste(s.deps, { slackText: PASTE_DOWNSTREAM }, where("3.1"), "auto", reply);
    const pointer = await answerPaste(s.deps, { slackText: PASTE_DOWNSTREAM }, where("3.2"), "auto", reply);
    expect(pointer.kind).toBe("pointer");
    expect(s.links).toEqual(["1700000001.000100"]);
    expect(s.posts[1]?.text).toContain("pasted twice in this channel");
  });

  it("gives the claim back when the post fails, so a redelivery can answer", async () => {
    const s = await setup();
    const failing: AnswerPort<SlackMessage> = {
      post: async () => {
        throw new Error("slack down");
      },
    };
    const reply = { render: blockKit({ ephemeral: false }), port: failing };
    await expect(answerPaste(s.deps, { slackText: PASTE_DOWNSTREAM }, where("4.1"), "auto", reply)).rejects.toThrow(
      "slack down",
    );
    const retry = await answerPaste(s.deps, { slackText: PASTE_DOWNSTREAM }, where("4.1"), "auto", {
      render: blockKit({ ephemeral: false }),
      port: s.port,
    });
    expect(retry.kind).toBe("card");
  });

  it("stays silent in an auto channel on chatter, and counts nothing", async () => {
    const s = await setup();
    const out = await answerPaste(s.deps, { slackText: "lunch at noon?" }, where("5.1"), "auto", {
      render: blockKit({ ephemeral: false }),
      port: s.port,
    });
    expect(out.kind).toBe("not-an-error");
    expect(s.posts).toEqual([]);
    expect(await s.store.listOccurrences()).toEqual([]);
  });
});
