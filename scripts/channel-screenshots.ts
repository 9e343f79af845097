import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { webApi } from "@slack/bolt";
import type { AnyBlock } from "@slack/types";
import { ACTION } from "../src/render/index.ts";
import { buildWeeklyDigest, digestTargetAt } from "../src/report/weekly.ts";
import { createDigestPost } from "../src/slack/digest-poster.ts";
import { startBot } from "../test/support/bot.ts";
import { blockAction, messageEvent, slashCommand } from "../test/support/payloads.ts";
import { postEvent, postForm, postInteraction } from "../test/support/signing.ts";
import { headlessChromium, messageToHtml } from "./block-kit-html.ts";

const out = process.argv[2] ?? mkdtempSync(join(tmpdir(), "rwerror-channel-shots-"));
mkdirSync(out, { recursive: true });
const INC = "C0INCIDENTS";
const ONCALL = "C0ONCALL";
const names = {
  channels: { [INC]: "incidents", [ONCALL]: "oncall-db", C0DIGEST: "rw-oncall" },
  users: { U0ALICE: "alice", U0BOB: "bob", U0CAROL: "carol" },
};
const KAFKA =
  "ERROR:  Failed to run the query\n\nCaused by these errors (recent errors listed first):\n  1: Sink error\n  2: Kafka error: Message production error: MessageTimedOut (Local: Message timed out)";
const S3 =
  '2026-12-01T03:12:44.120Z ERROR risingwave_storage: upload failed error=PermissionDenied (permanent) at write, context: { uri: https://s3.us-east-1.amazonaws.com/rw-bucket/hummock/1.sst, response: Parts { status: 403, version: HTTP/1.1 }, service: s3, path: hummock/1.sst } => S3Error { code: "AccessDenied" }';
const OS = "ERROR:  Failed to run the query\n\nCaused by:\n  Permission denied (os error 13)";
const UNSURE =
  "ERROR:  Failed to run the query\n\nCaused by:\n  materialized view mv_orders is still being created, try again later";
const esc = (t: string) => t.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

const bot = await startBot({ env: { RWERROR_AUTO_CHANNELS: INC, RWERROR_MAX_CARDS_PER_10MIN: "2" } });
const shots: { name: string; blocks: AnyBlock[]; ephemeral?: boolean; width?: number; before?: string }[] = [];
try {
  bot.fake.addChannel(INC, "incidents");
  bot.fake.addChannel(ONCALL, "oncall-db");
  const posts = () => bot.fake.callsTo("chat.postMessage");
  const slash = async (text: string, id: string, channelId: string) => {
    await postForm(bot.eventsUrl, slashCommand({ text: esc(text), responseUrl: bot.fake.responseUrl(id), channelId }));
    await bot.fake.waitFor(() => bot.fake.responsesTo(id).length > 0);
    return bot.fake.responsesTo(id)[0]?.body ?? {};
  };
  const click = async (payload: Record<string, unknown>) => postInteraction(bot.eventsUrl, payload);

  // History: the Kafka error answered in #oncall-db a week ago, with what fixed it.
  const weekAgo = Date.now() - 7 * 86_400_000;
  await bot.store.recordOccurrence({
    recordId: "b2f0b7a1c2d3e4f5",
    source: "slash",
    channelId: ONCALL,
    text: KAFKA,
    occurredAt: weekAgo,
  });
  const kafkaAnswer = await slash(KAFKA, "kafka", ONCALL);
  const kafkaId = JSON.stringify(kafkaAnswer).match(/\\"r\\":\\"([0-9a-f]{16})\\"/)?.[1] ?? "";
  await bot.store.recordOccurrence({
    recordId: kafkaId,
    source: "slash",
    channelId: ONCALL,
    text: KAFKA,
    occurredAt: weekAgo,
  });
  await bot.store.addNote({
    recordId: kafkaId,
    text: "The broker was throttling us: raised properties.message.timeout.ms to 30000 and the sink caught up in 5 min.",
    link: "https://wiki.example/runbooks/kafka-sink",
    userId: "U0BOB",
    channelId: ONCALL,
    at: weekAgo + 3_600_000,
  });

  // A storm in #incidents: two full cards (cap 2), then one line each.
  for (const paste of [KAFKA, S3, OS]) {
    const before = posts().length;
    await postEvent(bot.eventsUrl, messageEvent({ channel: INC, text: esc(paste) }).envelope);
    await bot.fake.waitFor(() => posts().length === before + 1);
  }
  const storm = posts().filter((c) => c.args.channel === INC);
  shots.push({ name: "storm-card", blocks: storm[1]?.args.blocks as AnyBlock[] });
  shots.push({ name: "storm-held-back", blocks: storm[2]?.args.blocks as AnyBlock[] });
  shots.push({ name: "card", blocks: storm[0]?.args.blocks as AnyBlock[] });

  // A candidates card.
  shots.push({
    name: "candidates",
    blocks: (await slash(UNSURE, "unsure", INC)).blocks as AnyBlock[],
    ephemeral: true,
  });

  // Post in channel from the private answer in #oncall-db.
  const value = JSON.stringify(kafkaAnswer).match(
    /"action_id":"rwerror_post_in_channel","value":"((?:[^"\\]|\\.)*)"/,
  )?.[1];
  await click(
    blockAction({
      actionId: ACTION.postInChannel,
      value: JSON.parse(`"${value ?? ""}"`),
      responseUrl: bot.fake.responseUrl("share"),
      channelId: ONCALL,
      ephemeral: true,
      userId: "U0ALICE",
    }),
  );
  await bot.fake.waitFor(() => posts().some((c) => c.args.channel === ONCALL));
  shots.push({ name: "shared", blocks: posts().find((c) => c.args.channel === ONCALL)?.args.blocks as AnyBlock[] });

  // Mute the Kafka card in #incidents from its menu; a vote on the S3 card.
  const menu = JSON.stringify(storm[0]?.args.blocks).match(
    /\{\\?"r\\?":\\?"([0-9a-f]{16})\\?",\\?"d\\?":\\?"24h\\?"\}/,
  );
  const select = blockAction({
    actionId: ACTION.muteMenu,
    value: "",
    responseUrl: bot.fake.responseUrl("mute"),
    channelId: INC,
    userId: "U0BOB",
  });
  select.actions = [
    {
      type: "static_select",
      action_id: ACTION.muteMenu,
      block_id: "b",
      selected_option: { value: JSON.stringify({ r: menu?.[1] ?? kafkaId, d: "24h" }) },
      action_ts: "1",
    },
  ];
  const before = posts().length;
  await click(select);
  await bot.fake.waitFor(() => posts().length === before + 1);
  shots.push({ name: "muted", blocks: posts().at(-1)?.args.blocks as AnyBlock[] });
  await click(
    blockAction({
      actionId: ACTION.helpful,
      value: JSON.stringify({ r: "x", k: "e", c: 1, v: [] }).replace('"x"', `"${kafkaId}"`),
      responseUrl: bot.fake.responseUrl("vote"),
      channelId: INC,
      messageTs: String(storm[1]?.args.ts ?? "1.1"),
      blocks: storm[1]?.args.blocks as unknown[],
      userId: "U0CAROL",
    }),
  );
  await bot.fake.waitFor(() => bot.fake.callsTo("chat.update").length === 1);
  shots.push({ name: "voted", blocks: bot.fake.callsTo("chat.update")[0]?.args.blocks as AnyBlock[] });

  // App Home and the digest.
  await postEvent(bot.eventsUrl, (await import("../test/support/payloads.ts")).appHomeOpened("U0ALICE"));
  await bot.fake.waitFor(() => bot.fake.callsTo("views.publish").length === 1);
  const home = bot.fake.callsTo("views.publish")[0]?.args.view as { blocks: AnyBlock[] };
  shots.push({ name: "home", blocks: home.blocks, width: 760 });
  const post = createDigestPost(new webApi.WebClient("xoxb-screens", { slackApiUrl: bot.fake.apiUrl }));
  await post("C0DIGEST", await buildWeeklyDigest(bot.store, bot.catalog, digestTargetAt(Date.now() + 60_000, "UTC")));
  shots.push({ name: "digest", blocks: posts().at(-1)?.args.blocks as AnyBlock[] });
} finally {
  await bot.close();
}

/** Window heights: each message and a margin, so a PNG is not mostly white. */
const HEIGHTS: Record<string, number> = {
  card: 500,
  "storm-card": 530,
  "storm-held-back": 200,
  candidates: 310,
  shared: 500,
  muted: 200,
  voted: 560,
  home: 630,
  digest: 570,
};

for (const shot of shots) {
  const htmlPath = join(out, `${shot.name}.html`);
  writeFileSync(
    htmlPath,
    messageToHtml(shot.blocks, { names, ephemeral: shot.ephemeral ?? false, width: shot.width ?? 640 }),
  );
  writeFileSync(join(out, `${shot.name}.json`), `${JSON.stringify(shot.blocks, null, 2)}\n`);
  headlessChromium([
    `--screenshot=${join(out, `${shot.name}.png`)}`,
    `--window-size=${(shot.width ?? 640) + 40},${HEIGHTS[shot.name] ?? 600}`,
    `file://${htmlPath}`,
  ]);
  console.log(`${shot.name}: ${shot.blocks.length} blocks`);
}
console.log(`PNG, HTML and payloads in ${out}`);
