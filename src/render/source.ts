/** The few source lines around where an error is raised, numbered, the raising line marked. */
import type { ErrorRecord } from "../catalog/schema.ts";

export interface SourceExcerpt {
  /** Ready-to-fence text: `▶ 930 │ code` for the raising line, `  929 │ code` around it. */
  text: string;
  line: number;
}

const MAX_LINE_CHARS = 110;

/** 5–9 lines around lineNumber (or around the template literal when the line is unknown); null without source. */
export function sourceExcerpt(
  record: Pick<ErrorRecord, "sourceCode" | "sourceCodeStart" | "lineNumber" | "errorMessage">,
  around = 3,
): SourceExcerpt | null {
  if (!record.sourceCode?.trim()) return null;
  const lines = record.sourceCode.replace(/\r/g, "").split("\n");
  const start = record.sourceCodeStart ?? 1;
  let index = record.lineNumber !== null ? record.lineNumber - start : -1;
  if (index < 0 || index >= lines.length) {
    const literal = (record.errorMessage.split(/\{[^{}]*\}/)[0] ?? "").trim().slice(0, 40);
    index = literal ? lines.findIndex((l) => l.includes(literal)) : -1;
  }
  if (index < 0) return null;
  // A raising line near either end still gets the whole window, shifted.
  const span = 2 * around + 1;
  const from = Math.max(0, Math.min(index - around, lines.length - span));
  const to = Math.min(lines.length, from + span);
  const picked = lines.slice(from, to);
  const indent = Math.min(...picked.filter((l) => l.trim() !== "").map((l) => /^\s*/.exec(l)?.[0].length ?? 0));
  const width = String(start + to - 1).length;
  const text = picked
    .map((l, i) => {
      const n = start + from + i;
      const code = l.slice(Number.isFinite(indent) ? indent : 0).trimEnd();
      const cut = code.length > MAX_LINE_CHARS ? `${code.slice(0, MAX_LINE_CHARS - 1)}…` : code;
      return `${from + i === index ? "▶" : " "} ${String(n).padStart(width)} │ ${cut}`;
    })
    .join("\n");
  return { text, line: start + index };
}

/**
 * A HINT the source gives with this error (`HINT: …` in the raising code). Only the lines right
 * around the raising line count: a snippet often holds a neighbouring error's hint too.
 */
export function sourceHint(
  record: Pick<ErrorRecord, "sourceCode" | "sourceCodeStart" | "lineNumber" | "errorMessage">,
): string | null {
  if (!record.sourceCode) return null;
  const lines = record.sourceCode.split("\n");
  const at = record.lineNumber !== null ? record.lineNumber - (record.sourceCodeStart ?? 1) : -1;
  const near = at >= 0 && at < lines.length ? lines.slice(Math.max(0, at - 2), at + 8).join("\n") : "";
  const m = /\bHINT:\s*([^"\\\n]{8,240})/i.exec(near.slice(0, 4000));
  return m?.[1]?.trim() ?? null;
}

/**
 * `HINT:` after whatever a tool prints first on a line: blanks, a CI log's time stamp, a line number,
 * `svc-name  | `, `│`, a quote's `>`. Bounded repetitions, each eating at least one character: linear.
 */
const HINT_AFTER_GUTTER = /^(?:[\t >|│#[\]\d:.,TZ+-]|UTC\b|[\w.-]{1,40} +[|│]){0,40}HINT:\s+(\S.{3,299})$/im;

/** A HINT line the paste carries (psql prints `HINT:  …` after the error), behind any log gutter. */
export function pasteHint(text: string): string | null {
  const m = HINT_AFTER_GUTTER.exec(text.slice(0, 20_000));
  return m?.[1]?.trim() ?? null;
}

/** A layer that is the paste's HINT (or a piece of it): advice, never an error to offer as a candidate. */
export function isHintLayer(layer: string, hint: string | null): boolean {
  if (HINT_AFTER_GUTTER.test(layer.split("\n")[0] ?? "")) return true;
  const first = (layer.split("\n")[0] ?? "").trim();
  return hint !== null && first.length >= 8 && hint.includes(first);
}
