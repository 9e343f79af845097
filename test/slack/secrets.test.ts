import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ACTION } from "../../src/render/index.ts";

import { type RunningBot, startBot } from "../support/bot.ts";
import { DOWNSTREAM_ID, slackEscape } from "../support/pastes.ts";
import { blockAction, messageEvent, slashCommand } from "../support/payloads.ts";
import { postEvent, postForm, postInteraction } from "../support/signing.ts";

// Four planted secrets, two of them inside the captures the card and its buttons carry.
const SECRETS = ["hunter2pass", "s3cr3tTOKENvalue", "ghp_A1b2C3d4E5f6G7h8I9j0K1l2M3n4O5p6Q7r8", "AKIAIOSFODNN7EXAMPLE"];
const PASTE = [
  "ERROR:  Failed to run the query",
  "",
  "Caused by:",
  `  downstream relation missing for postgres://rw:${SECRETS[0]}@db/dev -> api_key=${SECRETS[1]}`,
  `token ${SECRETS[2]} key ${SECRETS[3]}`,
].join("\n");

let bot: RunningBot;
beforeAll(async () => {
  bot = await startBot({ env: { LOG_LEVEL: "debug", RWERROR_AUTO_CHANNELS: "C0INCIDENT" } });
});
afterAll(async () => {
  await bot?.close();
});

/** Everything that left the bot: Web API calls, response_url posts, log lines, stored excerpts. */
async function everythingSent(): Promise<string> {
  return JSON.stringify([
    bot.fake.calls.map((c) => c.args),
    bot.fake.responses.map((r) => r.body),
    bot.logger.lines,
    await bot.store.listOccurrences(),
  ]);
}

function buttonValue(blocks: unknown, actionId: string): string | undefined {
  for (const b of (blocks as { type: string; elements?: { action_id?: string; value?: string }[] }[]) ?? []) {
    for (const e of b.elements ?? []) if (e.action_id === actionId) return e.value;
  }
  return undefined;
}

describe("secrets never leave the paste", () => {
  it("the slash-command card, its captures, button values and Post in channel show redacted text", async () => {
    await postForm(bot.eventsUrl, slashCommand({ text: slackEscape(PASTE), responseUrl: bot.fake.responseUrl("sec") }));
    await bot.fake.waitFor(() => bot.fake.responsesTo("sec").length === 1);
    const card = bot.fake.responsesTo("sec")[0]?.body ?? {};
    expect(JSON.stringify(card)).toContain(DOWNSTREAM_ID);
    expect(JSON.stringify(card)).toContain("[REDACTED]");
    const value = buttonValue(card.blocks, ACTION.postInChannel);
    expect(value).toBeDefined();

    await postInteraction(
      bot.eventsUrl,
      blockAction({
        actionId: ACTION.postInChannel,
        value: value ?? "",
        responseUrl: bot.fake.responseUrl("sec-post"),
        channelId: "C0SHARE",
        ephemeral: true,
      }),
    );
    await bot.fake.waitFor(() => bot.fake.callsTo("chat.postMessage").some((c) => c.args.channel === "C0SHARE"));
    const sent = await everythingSent();
    for (const s of SECRETS) expect(sent).not.toContain(s);
  });

  it("an auto-reply in an incident channel and the debug logs show redacted text", async () => {
    const { envelope } = messageEvent({ text: slackEscape(PASTE), channel: "C0INCIDENT" });
    await postEvent(bot.eventsUrl, envelope);
    await bot.fake.waitFor(() => bot.fake.callsTo("chat.postMessage").some((c) => c.args.channel === "C0INCIDENT"));
    const sent = await everythingSent();
    for (const s of SECRETS) expect(sent).not.toContain(s);
    expect(bot.logger.lines.length).toBeGreaterThan(0);
  });
});
