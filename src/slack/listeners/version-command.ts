/**
 * `/rwerror version [vX.Y|clear]`: the RisingWave release a channel runs, kept in the store and
 * handed to the matcher with every paste from that channel.
 */

import { normalizeVersion } from "../../matcher/version-detect.ts";
import { renderVersionReply, type VersionReply } from "../../render/version-reply.ts";
import type { ListenerDeps } from "../deps.ts";

const VERSION_COMMAND = /^version(?:\s+(\S{1,60}))?\s*$/i;
const CLEAR = new Set(["clear", "unset", "none", "off", "reset"]);

/** Answers `/rwerror version …`; false when the text is something else (a paste, another subcommand). */
export async function answerVersionCommand(
  deps: ListenerDeps,
  cmd: { text: string; channel_id?: string | undefined; user_id: string },
  reply: (message: { text: string; blocks: unknown[] }) => Promise<unknown>,
): Promise<boolean> {
  const m = VERSION_COMMAND.exec(cmd.text.trim());
  if (!m) return false;
  const arg = m[1];
  const configured = deps.config.risingwaveVersion;
  let answer: VersionReply;
  if (!cmd.channel_id) answer = { kind: "no-channel" };
  else if (arg === undefined) {
    answer = { kind: "show", channel: await deps.store.getChannelVersion(cmd.channel_id), configured };
  } else if (CLEAR.has(arg.toLowerCase())) {
    await deps.store.setChannelVersion(cmd.channel_id, null, cmd.user_id);
    answer = { kind: "cleared", configured };
  } else {
    const version = normalizeVersion(arg);
    if (version) {
      await deps.store.setChannelVersion(cmd.channel_id, version, cmd.user_id);
      deps.logger.info(`version command: channel=${cmd.channel_id} set to ${version}`);
      answer = { kind: "set", version };
    } else answer = { kind: "invalid", text: arg };
  }
  await reply(renderVersionReply(answer));
  return true;
}
