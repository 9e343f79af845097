/** Pastes of the two shipped records as users post them, and chatter that must not match. */

/** Matches record 3046ab48bd5b391a (downstream-relation-missing-for). */
export const PASTE_DOWNSTREAM =
  "ERROR:  Failed to run the query\n\nCaused by:\n  downstream relation missing for 1001 -> 1002";
export const DOWNSTREAM_ID = "3046ab48bd5b391a";

/** Matches record b940132d377b6d0e (job-fragments-should-exist-for-streaming-job). */
export const PASTE_PANIC =
  "thread 'rw-streaming' panicked at src/meta/src/controller/fragment.rs:812:14:\njob fragments should exist for streaming job";
export const PANIC_ID = "b940132d377b6d0e";

/** Looks like an error, matches nothing in the catalog. */
export const PASTE_UNKNOWN =
  "ERROR:  Failed to run the query\n\nCaused by:\n  quantum flux capacitor misaligned on shard 7";

export const CHATTER = "is anyone else seeing slow dashboards this morning? deploy went out at 9";

/** As Slack delivers message text: `& < >` escaped. */
export function slackEscape(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}
