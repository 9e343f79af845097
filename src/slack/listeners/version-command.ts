/**
 * `/rwerror version [vX.Y|clear]`: the RisingWave release a channel runs, kept in the store and
 * handed to the matcher with every paste from that channel. A change is said in the channel with who
 * made it and logged; RWERROR_ADMINS, when set, decides who may make it.
 */
import type { webApi } from "@slack/bolt";
import { normalizeVersion } from "../../matcher/version-detect.ts";
import { renderNotAllowed, renderPlain, renderVersionNotice } from "../../render/index.ts";
import { renderVersionReply, type VersionReply } from "../../render/version-reply.ts";
import type { ListenerDeps } from "../deps.ts";
import { cannotPostWords } from "../post-errors.ts";
import { callSlack } from "../web-call.ts";

const VERSION_COMMAND = /^version(?:\s+(\S{1,60}))?\s*$/i;
const CLEAR = new Set(["clear", "unset", "none", "off", "reset"]);

type Reply = (message: { text: string; blocks: unknown[] }) => Promise<unknown>;

/** Answers `/rwerror version …`; false when the text is something else (a paste, another subcommand). */
export async function answerVersionCommand(
  deps: ListenerDeps,
  client: webApi.WebClient,
  cmd: { text: string; channel_id?: string | undefined; user_id: string },
  reply: Reply,
): Promise<boolean> {
  const m = VERSION_COMMAND.exec(cmd.text.trim());
  if (!m) return false;
  const arg = m[1];
  const configured = deps.config.risingwaveVersion;
  const channel = cmd.channel_id;
  if (!channel) {
    await reply(renderVersionReply({ kind: "no-channel" }));
    return true;
  }
  if (arg === undefined) {
    await reply(renderVersionReply({ kind: "show", channel: await deps.store.getChannelVersion(channel), configured }));
    return true;
  }
  const version = CLEAR.has(arg.toLowerCase()) ? null : normalizeVersion(arg);
  if (version === undefined) {
    await reply(renderVersionReply({ kind: "invalid", text: arg }));
    return true;
  }
  if (!(await deps.access.mayChangeSettings(cmd.user_id))) {
    await reply(renderNotAllowed("version", deps.access.adminMentions));
    return true;
  }
  const previous = await deps.store.getChannelVersion(channel);
  await deps.store.setChannelVersion(channel, version, cmd.user_id);
  deps.logger.info(
    `setting change: version channel=${channel} by=${cmd.user_id} from=${previous ?? "-"} to=${version ?? "cleared"}`,
  );
  const answer: VersionReply = version === null ? { kind: "cleared", configured } : { kind: "set", version };
  const notice = renderVersionNotice({ userId: cmd.user_id, version, previous });
  const told = await callSlack(client.chat.postMessage({ channel, ...notice }));
  const message = renderVersionReply(answer);
  const untold = told.ok ? [] : renderPlain(`_I could not tell the channel: ${cannotPostWords(told.error)}._`).blocks;
  await reply({ text: message.text, blocks: [...message.blocks, ...untold] });
  return true;
}
