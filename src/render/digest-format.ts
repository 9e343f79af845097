/** Small formatting pieces shared by the digest and report renderers (pure). */

const BARS = "▁▂▃▄▅▆▇█";

/** One bar per bucket, scaled to the largest; an empty bucket is the lowest bar. */
export function sparkline(values: readonly number[]): string {
  const max = Math.max(0, ...values);
  return values
    .map((v) => (max === 0 ? BARS[0] : BARS[Math.min(BARS.length - 1, Math.round((v / max) * (BARS.length - 1)))]))
    .join("");
}

/** `▲ 30%`, `▼ 12%`, `±0%`, or `new` when there was nothing before. */
export function formatChange(change: number | null): string {
  if (change === null) return "new";
  const pct = Math.round(change * 100);
  if (pct === 0) return "±0%";
  return pct > 0 ? `▲ ${pct}%` : `▼ ${-pct}%`;
}

/** Slack mrkdwn needs only these three escaped; user and record text always goes through it. */
export function escapeMrkdwn(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

/** Cuts to `max` characters with an ellipsis, never mid surrogate pair. */
export function truncate(text: string, max: number): string {
  if (text.length <= max) return text;
  let cut = text.slice(0, Math.max(0, max - 1));
  if (/[\uD800-\uDBFF]$/.test(cut)) cut = cut.slice(0, -1);
  return `${cut}…`;
}

/** One line, for table cells and list items. */
export function oneLine(text: string): string {
  return text.replace(/\s+/g, " ").trim();
}

export function plural(n: number, word: string, many = `${word}s`): string {
  return `${n} ${n === 1 ? word : many}`;
}
