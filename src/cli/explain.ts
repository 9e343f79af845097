/** `rwerror explain [TEXT|-] [--json] [--batch]`: answer a paste from the terminal. */

import type { Matcher } from "../matcher/types.ts";
import { cleanPaste } from "../redact/index.ts";
import { renderAnswerText } from "../render/text.ts";
import type { CliIo } from "../terminal/io.ts";
import { readAll } from "../terminal/io.ts";
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
  const clean = cleanPaste(text);
  const result = matcher.match(clean);
  io.out(opts.json ? JSON.stringify(toJsonAnswer(result)) : renderAnswerText(result, clean));
  return 0;
}

/** A batch line past this is not read whole (a 256 KiB paste JSON-escaped fits easily). */
const MAX_BATCH_LINE_BYTES = 4 << 20;

const EMPTY: JsonAnswer = { looksLikeError: false, truncated: false, verdict: "none", matches: [] };

/**
 * One input per line (a JSON string or `{"text": …}`): the answer in the `--json` shape, or the
 * reason the line could not be read (the caller prints an empty answer to keep the order).
 */
function answerLine(line: string, matcher: Matcher): JsonAnswer | { problem: string } {
  if (line.trim() === "") return EMPTY;
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch (e) {
    return { problem: `invalid JSON: ${(e as Error).message}` };
  }
  const text =
    typeof value === "string"
      ? value
      : typeof value === "object" && value !== null && typeof (value as { text?: unknown }).text === "string"
        ? (value as { text: string }).text
        : undefined;
  if (text === undefined) return { problem: 'expected a JSON string or {"text": …}' };
  return toJsonAnswer(matcher.match(cleanPaste(text)));
}

/** Lines of a stream, each capped: a longer line yields `tooLong` instead of growing memory. */
async function* cappedLines(stream: NodeJS.ReadableStream, max: number): AsyncGenerator<string | { tooLong: true }> {
  let parts: Buffer[] = [];
  let size = 0;
  let tooLong = false;
  const finish = () => {
    const out = tooLong ? { tooLong: true as const } : Buffer.concat(parts).toString("utf8").replace(/\r$/, "");
    parts = [];
    size = 0;
    tooLong = false;
    return out;
  };
  for await (const chunk of stream) {
    const buf = typeof chunk === "string" ? Buffer.from(chunk) : (chunk as Buffer);
    let start = 0;
    for (let nl = buf.indexOf(10, start); nl >= 0; nl = buf.indexOf(10, start)) {
      if (!tooLong) parts.push(buf.subarray(start, nl));
      yield finish();
      start = nl + 1;
    }
    const rest = buf.subarray(start);
    size += rest.length;
    if (size > max) {
      tooLong = true;
      parts = [];
    } else if (rest.length > 0) parts.push(Buffer.from(rest));
  }
  if (size > 0 || tooLong) yield finish();
}

/** stdout keeps exactly one `--json` answer per input line, in order; problems go to stderr. */
async function explainBatch(matcher: Matcher, io: CliIo): Promise<number> {
  let lineNo = 0;
  let problems = 0;
  for await (const line of cappedLines(io.stdin, MAX_BATCH_LINE_BYTES)) {
    lineNo++;
    const answer =
      typeof line === "string" ? answerLine(line, matcher) : { problem: `longer than ${MAX_BATCH_LINE_BYTES} bytes` };
    if ("problem" in answer) {
      problems++;
      io.err(`rwerror explain --batch: line ${lineNo}: ${answer.problem}`);
      io.out(JSON.stringify(EMPTY));
    } else {
      io.out(JSON.stringify(answer));
    }
  }
  // The batch itself completed: a harness reads every line's answer; bad lines are named on stderr.
  if (problems > 0) io.err(`rwerror explain --batch: ${problems} line(s) could not be read`);
  return 0;
}
