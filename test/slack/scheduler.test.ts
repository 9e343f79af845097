import { webApi } from "@slack/bolt";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createDigestPoster, type PlainMessage } from "../../src/slack/digest-poster.ts";
import { BOT_TOKEN } from "../support/bot.ts";
import { type FakeSlack, startFakeSlack } from "../support/fake-slack.ts";

let fake: FakeSlack;
beforeEach(async () => {
  fake = await startFakeSlack();
  fake.addChannel("C0DIGEST01", "rw-digest");
});
afterEach(async () => {
  await fake.close();
});

const message: PlainMessage = {
  text: "Weekly digest",
  blocks: [{ type: "section", text: { type: "mrkdwn", text: "hi" } }],
};

describe("createDigestPoster", () => {
  it("resolves a channel name to its ID once and posts the digest there", async () => {
    const post = createDigestPoster(new webApi.WebClient(BOT_TOKEN, { slackApiUrl: fake.apiUrl }));
    const first = await post("#rw-digest", message);
    await post("#rw-digest", message);
    expect(first.channel).toBe("C0DIGEST01");
    expect(first.ts).not.toBe("");
    expect(fake.callsTo("conversations.list")).toHaveLength(1);
    expect(fake.callsTo("chat.postMessage").map((c) => c.args.channel)).toEqual(["C0DIGEST01", "C0DIGEST01"]);
    expect(fake.callsTo("chat.postMessage")[0]?.args.blocks).toEqual(message.blocks);
  });

  it("posts to a channel ID without looking it up", async () => {
    const post = createDigestPoster(new webApi.WebClient(BOT_TOKEN, { slackApiUrl: fake.apiUrl }));
    await post("C0ELSEWHERE", message);
    expect(fake.callsTo("conversations.list")).toEqual([]);
  });

  it("fails with a message naming the channel when no channel has that name", async () => {
    const post = createDigestPoster(new webApi.WebClient(BOT_TOKEN, { slackApiUrl: fake.apiUrl }));
    await expect(post("nope", message)).rejects.toThrow(/#nope/);
  });
});
