/** Replies of `/rwerror version` and the App Home line about releases (pure). */
import { type SlackMessage, section } from "./blocks.ts";
import { escapeText, inlineCode } from "./mrkdwn.ts";

export type VersionReply =
  | { kind: "set"; version: string }
  | { kind: "cleared"; configured: string | undefined }
  | { kind: "show"; channel: string | undefined; configured: string | undefined }
  | { kind: "invalid"; text: string }
  | { kind: "no-channel" };

const PASTE_WINS = "A version in the paste itself (`SELECT version()`, an image tag, a start-up banner) always wins.";

function fallback(configured: string | undefined): string {
  return configured
    ? `the configured default ${inlineCode(configured, 40)} (RWERROR_RISINGWAVE_VERSION)`
    : "no release (the newest release that has a template wins)";
}

export function renderVersionReply(reply: VersionReply): SlackMessage {
  let text: string;
  switch (reply.kind) {
    case "set":
      text = `This channel runs RisingWave ${inlineCode(reply.version, 40)}: answers rank that release's templates first and link its sources. ${PASTE_WINS}`;
      break;
    case "cleared":
      text = `This channel's release is cleared; answers use ${fallback(reply.configured)}.`;
      break;
    case "show":
      text = reply.channel
        ? `This channel runs RisingWave ${inlineCode(reply.channel, 40)}. ${PASTE_WINS} Change it with \`/rwerror version v2.4\`, clear it with \`/rwerror version clear\`.`
        : `This channel has no release set; answers use ${fallback(reply.configured)}. Set one with \`/rwerror version v2.4\`.`;
      break;
    case "invalid":
      text = `${inlineCode(reply.text, 60)} is not a RisingWave release. Use a tag like \`/rwerror version v2.4\` (or \`2.4.1\`, \`main\`), or \`/rwerror version clear\`.`;
      break;
    case "no-channel":
      text = "Run `/rwerror version` in the channel whose release you want to set.";
      break;
  }
  return { text: text.replace(/[`*]/g, ""), blocks: [section(text)] };
}

/** One App Home line: the default release and the channels that set their own. */
export function homeReleaseLine(
  configured: string | undefined,
  channels: readonly { channelId: string; version: string }[],
): string {
  const parts = [`RisingWave release: ${configured ? `*${escapeText(configured)}* by default` : "unknown by default"}`];
  if (channels.length > 0) {
    parts.push(
      `per channel: ${channels.map((c) => `<#${escapeText(c.channelId)}> ${escapeText(c.version)}`).join(", ")}`,
    );
  }
  parts.push("a version in the paste wins · `/rwerror version v2.4` sets a channel's");
  return parts.join(" · ");
}
