import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { catalogFromRecords } from "../../src/catalog/index.ts";
import type { ErrorRecord } from "../../src/catalog/schema.ts";
import { blockKitProblems, type RunningBot, startBot } from "../support/bot.ts";
import { appHomeOpened, blockAction, slashCommand } from "../support/payloads.ts";
import { DOWNSTREAM_ID, seedById } from "../support/seeds.ts";
import { postEvent, postForm, postInteraction } from "../support/signing.ts";

function template(id: string, releases: string[], filePath: string): ErrorRecord {
  return {
    ...seedById(DOWNSTREAM_ID),
    id,
    slug: id,
    errorMessage: "actor {} exited unexpectedly while streaming",
    messagePattern: "actor (.+?) exited unexpectedly while streaming",
    filePath,
    githubUrl: `https://github.com/risingwavelabs/risingwave/blob/abc/${filePath}#L1-L9`,
    releases,
  };
}

let bot: RunningBot;
beforeAll(async () => {
  bot = await startBot({
    catalog: catalogFromRecords([
      template("exited-old", ["v1.4.0", "v1.9.0"], "src/stream/src/task/old_manager.rs"),
      template("exited-new", ["v2.4.0", "main"], "src/stream/src/task/barrier_manager.rs"),
    ]),
  });
  // A public channel: App Home lists its release.
  bot.fake.addChannel("C0RELEASE", "release");
});
afterAll(async () => {
  await bot?.close();
});

async function command(text: string, id: string, channelId = "C0RELEASE") {
  await postForm(bot.eventsUrl, slashCommand({ text, responseUrl: bot.fake.responseUrl(id), channelId }));
  await bot.fake.waitFor(() => bot.fake.responsesTo(id).length === 1);
  return JSON.stringify(bot.fake.responsesTo(id)[0]?.body);
}

describe("/rwerror version", () => {
  it("sets, shows and refuses a channel's RisingWave release", async () => {
    expect(await command("version", "show-none")).toMatch(/no release set/);
    expect(await command("version 1.9.2", "set")).toContain("v1.9.2");
    expect(await bot.store.getChannelVersion("C0RELEASE")).toBe("v1.9.2");
    expect(await command("version", "show-set")).toContain("v1.9.2");
    expect(await command("version banana", "bad")).toMatch(/not a RisingWave release/);
    expect(await bot.store.getChannelVersion("C0RELEASE")).toBe("v1.9.2");
  });

  it("answers pastes in that channel for its release, and elsewhere with the newest wording", async () => {
    const paste = "ERROR:  Failed to run the query\n\nCaused by:\n  actor 7 exited unexpectedly while streaming";
    const here = await command(paste, "paste-here");
    expect(here).toContain("exited-old");
    expect(here).toContain("answered for v1.9.2 (this channel's setting)");
    const elsewhere = await command(paste, "paste-elsewhere", "C0OTHER");
    expect(elsewhere).toContain("exited-new");
    // No release known there: the card names the range and nothing about an "unknown release".
    expect(elsewhere).toContain("releases v2.4–main");
    expect(elsewhere).not.toContain("unknown release");
    // The paste's own version beats the channel's.
    const detected = await command(`risingwavelabs/risingwave:v2.4.1\n${paste}`, "paste-detected");
    expect(detected).toContain("answered for v2.4.1 (detected in the paste)");
  });

  it("keeps the release line when a card is drawn again from its buttons (Helpful, Post in channel)", async () => {
    const paste = "ERROR:  Failed to run the query\n\nCaused by:\n  actor 7 exited unexpectedly while streaming";
    await postForm(
      bot.eventsUrl,
      slashCommand({
        text: `risingwavelabs/risingwave:v2.4.1\n${paste}`,
        responseUrl: bot.fake.responseUrl("rr-card"),
        channelId: "C0OTHER",
      }),
    );
    await bot.fake.waitFor(() => bot.fake.responsesTo("rr-card").length === 1);
    const card = bot.fake.responsesTo("rr-card")[0]?.body as {
      blocks: { type: string; elements?: { action_id?: string; value?: string }[] }[];
    };
    const buttons = card.blocks.flatMap((b) => (b.type === "actions" ? (b.elements ?? []) : []));
    const value = buttons.find((e) => e.action_id === "rwerror_feedback_helpful")?.value ?? "";
    expect(value).toContain('"t":"v2.4.1"');

    const press = async (actionId: string, id: string) => {
      const res = await postInteraction(
        bot.eventsUrl,
        blockAction({ actionId, value, responseUrl: bot.fake.responseUrl(id), channelId: "C0OTHER", ephemeral: true }),
      );
      expect(res.status).toBe(200);
    };
    await press("rwerror_feedback_helpful", "rr-helpful");
    await bot.fake.waitFor(() => bot.fake.responsesTo("rr-helpful").length === 1);
    const again = JSON.stringify(bot.fake.responsesTo("rr-helpful")[0]?.body);
    expect(again).toContain("exited-new");
    expect(again).toContain("answered for v2.4.1 (detected in the paste)");

    const posts = bot.fake.callsTo("chat.postMessage").length;
    await press("rwerror_post_in_channel", "rr-post");
    await bot.fake.waitFor(() => bot.fake.callsTo("chat.postMessage").length === posts + 1);
    expect(JSON.stringify(bot.fake.callsTo("chat.postMessage").at(-1)?.args)).toContain(
      "answered for v2.4.1 (detected in the paste)",
    );
  });

  it("lists the channel's release in App Home, and clears it", async () => {
    await postEvent(bot.eventsUrl, appHomeOpened("U0HOMER"));
    await bot.fake.waitFor(() => bot.fake.callsTo("views.publish").length === 1);
    expect(JSON.stringify(bot.fake.callsTo("views.publish")[0]?.args.view)).toContain("<#C0RELEASE> v1.9.2");
    expect(await command("version clear", "clear")).toMatch(/cleared/);
    expect(await bot.store.getChannelVersion("C0RELEASE")).toBeUndefined();
  });

  it("sends only payloads within Block Kit limits", () => {
    expect(blockKitProblems(bot)).toEqual([]);
  });
});
