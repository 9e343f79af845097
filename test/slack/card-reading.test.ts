/** Issue 20: what a card says and how it behaves, through Bolt and the fake Slack (items 3, 4, 6, 7, 9, 12). */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { catalogFromRecords } from "../../src/catalog/index.ts";
import { ACTION } from "../../src/render/index.ts";
import { blockKitProblems, type RunningBot, startBot } from "../support/bot.ts";
import { DOWNSTREAM_ID } from "../support/pastes.ts";
import { blockAction, slashCommand } from "../support/payloads.ts";
import { seedById, seedRecords } from "../support/seeds.ts";
import { postForm, postInteraction } from "../support/signing.ts";

// A wrapper template around a long sentence: matched exactly, but too vague to state as the answer.
const wrapper = {
  ...seedById(DOWNSTREAM_ID),
  id: "00000000wrapper1",
  slug: "sink-backfill-stalled",
  errorMessage: "Sink backfill stalled: {}",
  messagePattern: "Sink backfill stalled: (.+?)",
};
const VAGUE = "ERROR: Sink backfill stalled: the upstream actor never acknowledged barrier 42 after many retries";
// A record for a HINT's words: matching the advice must never offer it as the error.
const primaryKey = {
  ...seedById(DOWNSTREAM_ID),
  id: "00000000primkey1",
  slug: "please-define-a-primary-key",
  errorMessage: "Please define a primary key",
  messagePattern: "Please define a primary key",
};
const barrier = {
  ...seedById(DOWNSTREAM_ID),
  id: "00000000barrier1",
  slug: "failed-to-collect-barrier",
  errorMessage: "failed to collect barrier {:?}",
  messagePattern: "failed to collect barrier (.+)",
};
/** A CI log (GitHub Actions' time stamps before every line) with psql's HINT under the chain. */
const CI_PASTE = [
  "ERROR:  Failed to run the query",
  "",
  "Caused by:",
  "  downstream relation missing for 1001 -> 1002",
  "HINT:  Please define a primary key",
]
  .map((l) => `2024-06-24T16:16:39.1234567Z ${l}`)
  .join("\n");

let bot: RunningBot;
beforeAll(async () => {
  bot = await startBot({ catalog: catalogFromRecords([...seedRecords(), wrapper, primaryKey, barrier]) });
});
afterAll(async () => {
  const problems = blockKitProblems(bot);
  await bot?.close();
  expect(problems).toEqual([]);
});

type Element = { action_id?: string; value?: string };
const elements = (blocks: unknown): Element[] =>
  ((blocks as { type: string; elements?: Element[]; accessory?: Element }[]) ?? []).flatMap((b) => [
    ...(b.type === "actions" ? (b.elements ?? []) : []),
    ...(b.accessory ? [b.accessory] : []),
  ]);

async function respondedTo(id: string): Promise<Record<string, unknown>> {
  await bot.fake.waitFor(() => bot.fake.responsesTo(id).length > 0);
  return bot.fake.responsesTo(id)[0]?.body ?? {};
}

describe("cards say what they are", () => {
  it("a record opened with Show from search is a lookup: no match percentage, no first sighting", async () => {
    await postForm(
      bot.eventsUrl,
      slashCommand({ text: "search downstream relation", responseUrl: bot.fake.responseUrl("search") }),
    );
    const show = elements((await respondedTo("search")).blocks).find((e) => e.value === DOWNSTREAM_ID);
    expect(show?.action_id).toMatch(new RegExp(`^${ACTION.showPrefix}\\d+$`));
    await postInteraction(
      bot.eventsUrl,
      blockAction({
        actionId: String(show?.action_id),
        value: DOWNSTREAM_ID,
        responseUrl: bot.fake.responseUrl("show"),
      }),
    );
    const card = JSON.stringify((await respondedTo("show")).blocks);
    expect(card).toContain("Why this card: looked up by id or search, not matched to a paste");
    expect(card).not.toMatch(/First time rwerror has seen|exact match|matched exactly|100%/);
  });

  it("a candidate opened from an unsure answer says it is a candidate and cannot be posted in the channel", async () => {
    await postForm(bot.eventsUrl, slashCommand({ text: VAGUE, responseUrl: bot.fake.responseUrl("unsure") }));
    const unsure = await respondedTo("unsure");
    expect(String(unsure.text)).toContain("not sure");
    const candidate = elements(unsure.blocks).find((e) => e.action_id?.startsWith(ACTION.alternativePrefix));
    expect(candidate?.value).toBeDefined();
    await postInteraction(
      bot.eventsUrl,
      blockAction({
        actionId: String(candidate?.action_id),
        value: String(candidate?.value),
        responseUrl: bot.fake.responseUrl("candidate"),
        ephemeral: true,
      }),
    );
    const card = await respondedTo("candidate");
    const text = JSON.stringify(card.blocks);
    expect(text).toContain("A candidate, not the answer");
    expect(text).not.toMatch(/matched exactly|exact match|First time rwerror has seen/);
    expect(elements(card.blocks).map((e) => e.action_id)).not.toContain(ACTION.postInChannel);
  });

  it("a HINT behind a CI log's gutter leads the first steps and is never offered as a candidate", async () => {
    await postForm(bot.eventsUrl, slashCommand({ text: CI_PASTE, responseUrl: bot.fake.responseUrl("ci-hint") }));
    const body = await respondedTo("ci-hint");
    const text = JSON.stringify(body.blocks);
    expect(text).toMatch(/First step(s\*\\n1\.|, from your paste:\*) HINT: Please define a primary key/);
    const labels = elements(body.blocks).map((e) => JSON.stringify(e));
    expect(labels.filter((l) => l.includes("00000000primkey1"))).toEqual([]);
  });

  it("Post in channel shares the whole error as pasted, never cut mid-word, and says who shared it", async () => {
    const wrapper =
      "gRPC request to meta service (call /ddl_service.DdlService/AlterParallelism) failed: Internal error";
    const paste = `ERROR:  Failed to run the query\n\nCaused by these errors (recent errors listed first):\n  1: ${wrapper}\n  2: downstream relation missing for 1001 -> 1002`;
    await postForm(
      bot.eventsUrl,
      slashCommand({ text: paste, responseUrl: bot.fake.responseUrl("long"), channelId: "C0SHARE1" }),
    );
    const answer = await respondedTo("long");
    const post = elements(answer.blocks).find((e) => e.action_id === ACTION.postInChannel);
    expect(post?.value).toBeDefined();
    await postInteraction(
      bot.eventsUrl,
      blockAction({
        actionId: ACTION.postInChannel,
        value: String(post?.value),
        responseUrl: bot.fake.responseUrl("share-long"),
        channelId: "C0SHARE1",
        ephemeral: true,
        userId: "U0DANA",
      }),
    );
    await respondedTo("share-long");
    const shared = JSON.stringify(
      bot.fake.callsTo("chat.postMessage").find((c) => c.args.channel === "C0SHARE1")?.args,
    );
    expect(shared).toContain("gRPC request to meta service (call /ddl_service.DdlService/AlterParallelism) failed");
    expect(shared).toContain(":outbox_tray: Shared by <@U0DANA>");
  });

  it("a title keeps the error's values and collapses a Debug dump to its type and key fields", async () => {
    const dump =
      "Barrier(Barrier { epoch: EpochPair { curr: 7215913082847232, prev: 7215912951316480 }, kind: Checkpoint, mutation: None, tracing_context: TracingContext(None), passed_actors: [1, 2, 3] })";
    const paste = `ERROR:  Failed to run the query\n\nCaused by:\n  failed to collect barrier ${dump}`;
    await postForm(bot.eventsUrl, slashCommand({ text: paste, responseUrl: bot.fake.responseUrl("debug") }));
    // A generic {:?} template is only a candidate: its button names the error readably, and so does its card.
    const answer = await respondedTo("debug");
    const candidate = elements(answer.blocks).find((e) => e.value?.includes("00000000barrier1"));
    expect(JSON.stringify(candidate)).toContain(
      '"text":"failed to collect barrier Barrier(Barrier {epoch: 7215913082847232,',
    );
    expect(JSON.stringify(candidate?.value ? candidate : {})).not.toMatch(/"text":"[^"]*EpochPair/);
    await postInteraction(
      bot.eventsUrl,
      blockAction({
        actionId: String(candidate?.action_id),
        value: String(candidate?.value),
        responseUrl: bot.fake.responseUrl("debug-card"),
        ephemeral: true,
      }),
    );
    const blocks = (await respondedTo("debug-card")).blocks as { type: string; text?: { text: string } }[];
    expect(blocks[0]?.text?.text).toBe(
      "failed to collect barrier Barrier(Barrier {epoch: 7215913082847232, kind: Checkpoint})",
    );
    expect(JSON.stringify(blocks.slice(0, 4))).not.toContain("tracing_context");
  });
});
