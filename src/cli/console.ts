/**
 * The local console: what `npm start` runs without Slack credentials. A paste is answered on
 * stdout exactly as the bot answers in Slack, and counted in SQLite like any other answer.
 */

import { createInterface } from "node:readline";
import type { Matcher } from "../matcher/types.ts";
import { occurrenceFromResult } from "../occurrence.ts";
import { cleanPaste } from "../redact/index.ts";
import type { CardContext } from "../render/model.ts";
import { renderAnswerText } from "../render/text.ts";
import type { OccurrenceInput } from "../store/index.ts";
import { type CliIo, readAll } from "./io.ts";

export interface ConsoleDeps {
  matcher: Matcher;
  io: CliIo;
  /** Logs an occurrence; the console works without a store too. */
  record?: (input: OccurrenceInput) => Promise<unknown>;
  /** What the store knows about a record (seen before, team notes), read before the paste is counted. */
  context?: (recordId: string) => Promise<CardContext>;
}

const STDIN_CAP = 300 * 1024;

export async function answerPaste(paste: string, deps: ConsoleDeps): Promise<string> {
  // The console is an edge like Slack: secrets and bidi controls go before anything sees the paste.
  const text = cleanPaste(paste);
  const result = deps.matcher.match(text);
  const best = result.verdict === "answer" ? result.matches[0] : undefined;
  const context = best && deps.context ? await deps.context(best.record.id) : {};
  const occurrence = occurrenceFromResult(result, text, "console");
  if (occurrence && deps.record) await deps.record(occurrence);
  return renderAnswerText(result, text, context);
}

/** Piped input is one paste; a terminal reads pastes ended by two empty lines (psql output has single ones). */
export async function runConsole(deps: ConsoleDeps): Promise<number> {
  const { io } = deps;
  if (!io.stdin.isTTY) {
    const text = await readAll(io.stdin, STDIN_CAP);
    if (text.trim() === "") {
      io.err("rwerror: nothing on stdin. Pipe an error in, e.g. `echo 'ERROR: …' | npm start`.");
      return 2;
    }
    io.out(await answerPaste(text, deps));
    return 0;
  }
  io.err("rwerror console (no SLACK_BOT_TOKEN): paste an error, then press Enter on two empty lines. Ctrl-D quits.");
  const lines = createInterface({ input: io.stdin, crlfDelay: Number.POSITIVE_INFINITY });
  let buffer: string[] = [];
  let blanks = 0;
  const flush = async () => {
    const text = buffer.join("\n");
    buffer = [];
    blanks = 0;
    if (text.trim() !== "") io.out(`\n${await answerPaste(text, deps)}\n`);
  };
  for await (const line of lines) {
    if (line.trim() === "") {
      blanks++;
      if (blanks >= 2) await flush();
      else buffer.push(line);
      continue;
    }
    blanks = 0;
    buffer.push(line);
  }
  await flush();
  return 0;
}
