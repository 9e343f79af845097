/** Why rwerror could not post somewhere, in words a user can act on (never a raw `not_in_channel`). */
const WORDS: Record<string, string> = {
  not_in_channel: "I am not a member of this channel: invite me with `/invite @rwerror` and try again",
  channel_not_found:
    "I cannot see this channel (a private channel I was not invited to): invite me with `/invite @rwerror`",
  is_archived: "the channel is archived",
  restricted_action: "this workspace does not let apps post in this channel",
  msg_too_long: "the message was too long for Slack",
  msg_blocks_too_long: "the message was too long for Slack",
  ratelimited: "Slack asked me to slow down; try again in a minute",
};

export function cannotPostWords(error: string): string {
  return WORDS[error] ?? `Slack refused the post (${error.replace(/[^\w .:-]/g, "").slice(0, 80)})`;
}
