/** `rwerror explain [TEXT|-] [--json] [--batch]`: answer a paste from the terminal. */
import { createInterface } from "node:readline";
import type { Matcher } from "../matcher/types.ts";
import { renderAnswerText } from "../render/text.ts";
import type { CliIo } from "./io.ts";
import { readAll } from "./io.ts";
import { type JsonAnswer, toJsonAnswer } from "./json.ts";

/** A bit over the matcher's own 256 KiB cap, so it can still see and report the cut. */
const STDIN_CAP = 300 * 1024;

export interface ExplainOptions {
  json: boolean;
  batch: boolean;
  text: string[];
}

export async function explainCommand(opts: ExplainOptions, matcher: Matcher, io: CliIo): Promise<number> {
  if (opts.batch) return explainBatch(matcher, io);
  const fromStdin = opts.text.length === 0 || (opts.text.length === 1 && opts.text[0] === "-");
  if (fromStdin && io.stdin.isTTY) {
    io.err("rwerror explain: give the error as an argument, or pipe it in (rwerror explain - < error.txt)");
    return 2;
  }
  const text = fromStdin ? await readAll(io.stdin, STDIN_CAP) : opts.text.join(" ");
  const result = matcher.match(text);
  io.out(opts.json ? JSON.stringify(toJsonAnswer(result)) : renderAnswerText(result));
  return 0;
}

type BatchLine = JsonAnswer & { error?: string };

/** One input per line (a JSON string or `{"text": …}`), one JSON result per line, same order. */
function answerLine(line: string, lineNo: number, matcher: Matcher): BatchLine {
  const empty: BatchLine = { looksLikeError: false, truncated: false, matches: [] };
  if (line.trim() === "") return empty;
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch (e) {
    return { ...empty, error: `line ${lineNo}: invalid JSON: ${(e as Error).message}` };
  }
  const text =
    typeof value === "string"
      ? value
      : typeof value === "object" && value !== null && typeof (value as { text?: unknown }).text === "string"
        ? (value as { text: string }).text
        : undefined;
  if (text === undefined) return { ...empty, error: `line ${lineNo}: expected a JSON string or {"text": …}` };
  return toJsonAnswer(matcher.match(text));
}

async function explainBatch(matcher: Matcher, io: CliIo): Promise<number> {
  const lines = createInterface({ input: io.stdin, crlfDelay: Number.POSITIVE_INFINITY });
  let lineNo = 0;
  for await (const line of lines) {
    lineNo++;
    io.out(JSON.stringify(answerLine(line, lineNo, matcher)));
  }
  return 0;
}
