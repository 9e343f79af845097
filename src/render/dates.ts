/**
 * Times as a reader wants them: Slack's `<!date^…>` tokens, which every client shows in its reader's own
 * time zone (with a UTC fallback for clients that cannot), and relative times ("3 h ago").
 */

/** `2026-12-02 14:05 UTC`: the fallback text and the terminal's wording. */
export function utcMinute(ms: number): string {
  return `${new Date(ms).toISOString().slice(0, 16).replace("T", " ")} UTC`;
}

/** A Slack date token: "today at 2:05 PM" / "Dec 2 at 2:05 PM" in each reader's time zone. */
export function slackDate(ms: number, format = "{date_short_pretty} at {time}"): string {
  return `<!date^${Math.floor(ms / 1000)}^${format}|${utcMinute(ms)}>`;
}

/** "just now", "12 min ago", "3 h ago", "2 days ago", "5 weeks ago"; the future reads "in 3 h". */
export function relativeTime(ms: number, now: number): string {
  const diff = now - ms;
  const span = Math.abs(diff);
  const minutes = Math.round(span / 60_000);
  let words: string;
  if (minutes < 1) return "just now";
  if (minutes < 60) words = `${minutes} min`;
  else if (minutes < 36 * 60) words = `${Math.round(minutes / 60)} h`;
  else if (minutes < 14 * 1440) words = `${Math.round(minutes / 1440)} days`;
  else words = `${Math.round(minutes / 10_080)} weeks`;
  return diff >= 0 ? `${words} ago` : `in ${words}`;
}

/** A token plus, when the clock is known, how long ago: "Dec 2 at 2:05 PM (3 h ago)". */
export function whenSeen(ms: number, now: number | undefined, mrkdwn = true): string {
  const at = mrkdwn ? slackDate(ms) : utcMinute(ms);
  return now === undefined ? at : `${at} (${relativeTime(ms, now)})`;
}
