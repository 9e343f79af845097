/** Slack's three control characters; everything from a record or a user passes through here. */
export function escapeText(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

/** Cuts to `max` characters (code points kept whole), ending with "…" when anything was cut. */
export function truncate(text: string, max: number): string {
  if (text.length <= max) return text;
  let cut = text.slice(0, Math.max(0, max - 1));
  // Do not leave half of a surrogate pair or an escape sequence like "&am".
  if (/[\uD800-\uDBFF]$/.test(cut)) cut = cut.slice(0, -1);
  cut = cut.replace(/&[a-z]{0,3}$/, "");
  return `${cut}…`;
}

/** Cut at a word boundary (blanks folded): a step, a sentence or a note cut mid-word reads as broken. */
export function cutWords(text: string, max: number): string {
  const flat = text.replace(/\s+/g, " ").trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max - 1);
  // One word longer than the whole budget is cut where it must be.
  return `${/\s/.test(cut) ? cut.replace(/\s+\S*$/, "") : cut}…`;
}

/** The inline code spans of `text`: [index of the opening backtick, index of the closing one]. */
function codeSpans(text: string): [number, number][] {
  const spans: [number, number][] = [];
  let open = -1;
  for (let i = 0; i < text.length; i++) {
    if (text[i] !== "`") continue;
    if (open < 0) open = i;
    else {
      spans.push([open, i]);
      open = -1;
    }
  }
  return spans;
}

const CLAUSE_END = /[;:,]\s|\s[—–]\s/g;

/**
 * Cuts a step or a meaning at a word boundary without leaving an inline code span open (a command
 * cut in half shows a stray backtick and cannot be copied): a span the cut would split is kept whole
 * when it ends within half the budget again, else the cut comes before it. With `clause`, the cut
 * ends at the last clause mark (; : , —) in the budget's last 40% rather than mid-clause. The "…"
 * never follows a dangling ";", ":", "," or "(".
 */
export function cutProse(text: string, max: number, clause = false): string {
  const flat = text.replace(/\s+/g, " ").trim();
  if (flat.length <= max) return flat;
  const at = max - 1;
  const spans = codeSpans(flat);
  const split = spans.find(([open, close]) => open < at && close >= at);
  let cut: string;
  if (split && split[1] + 1 <= Math.floor(max * 1.5)) cut = flat.slice(0, split[1] + 1);
  else if (split) cut = flat.slice(0, split[0]);
  else {
    cut = flat.slice(0, at);
    // One word longer than the whole budget is cut where it must be.
    if (/\s/.test(cut)) cut = cut.replace(/\s+\S*$/, "");
  }
  if (clause) {
    const outside = (i: number) => !spans.some(([open, close]) => open <= i && i <= close);
    let best = -1;
    for (const m of cut.matchAll(CLAUSE_END)) if (m.index >= max * 0.6 && outside(m.index)) best = m.index;
    if (best > 0) cut = cut.slice(0, best);
  }
  cut = cut.replace(/[\s;:,(—–-]+$/, "");
  return cut.length >= flat.length ? flat : `${cut}…`;
}

/** Escapes then cuts, so the cut never splits an entity and the limit holds after escaping. */
export function safeText(text: string, max: number): string {
  return truncate(escapeText(text), max);
}

/**
 * A fenced code block for Slack mrkdwn. Triple backticks inside would end the fence early,
 * so they are broken up; the fence itself counts against `max`.
 */
export function codeBlock(text: string, max: number): string {
  const body = escapeText(text.replace(/```/g, "`\u200b``").replace(/\s+$/, ""));
  return `\`\`\`${truncate(body, Math.max(1, max - 6))}\`\`\``;
}

/** Inline code; backticks inside would end it, so they become a look-alike. */
export function inlineCode(text: string, max: number): string {
  // A pasted fence (```sql) is markup: dropped rather than shown as ˋˋˋ.
  const body = escapeText(
    text
      .replace(/`{3,}[\w-]*/g, " ")
      .replace(/`/g, "ˋ")
      .replace(/\s+/g, " ")
      .trim(),
  );
  return `\`${truncate(body, Math.max(1, max - 2))}\``;
}

/** A Slack link with an escaped label; the URL is only kept when it is http(s). */
export function link(url: string | null | undefined, label: string, max = 300): string {
  const text = safeText(label, max).replace(/\|/g, "¦");
  if (!url || !/^https?:\/\/[^\s<>|]+$/.test(url)) return text;
  return `<${url}|${text}>`;
}
