/** Small formatting pieces shared by the digest and report renderers (pure). */
export { escapeText as escapeMrkdwn, truncate } from "./mrkdwn.ts";

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

/** One line, for table cells and list items. */
export function oneLine(text: string): string {
  return text.replace(/\s+/g, " ").trim();
}

export function plural(n: number, word: string, many = `${word}s`): string {
  return `${n} ${n === 1 ? word : many}`;
}
