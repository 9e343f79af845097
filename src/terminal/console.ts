/**
 * The local console: what `npm start` runs without Slack credentials. A paste is answered on
 * stdout exactly as the bot answers in Slack, and counted in SQLite like any other answer.
 */

import { createInterface } from "node:readline";
import { type AnswerDeps, answerPaste, terminalText } from "../answer/index.ts";
import type { Matcher } from "../matcher/types.ts";
import { createLocalClaims, guardStore, type Store } from "../store/index.ts";
import { type CliIo, readAll } from "./io.ts";

export interface ConsoleDeps {
  matcher: Matcher;
  io: CliIo;
  /** Where answers are counted and "seen before" is read. */
  store: Store;
  /** The release the team runs (RWERROR_RISINGWAVE_VERSION). */
  risingwaveVersion?: string | undefined;
  /** What the knowledge base holds, for the terminal's banner ("2 RisingWave errors; …"). */
  knowledge?: string;
  now?: () => number;
}

const STDIN_CAP = 300 * 1024;

/** The terminal's side of the answer flow: its output is the port, its text the renderer. */
function answerDeps(deps: ConsoleDeps): AnswerDeps {
  const log = { warn: deps.io.err, error: deps.io.err };
  return {
    matcher: deps.matcher,
    guard: guardStore(deps.store, { log }),
    localClaims: createLocalClaims(),
    now: deps.now ?? Date.now,
    config: { risingwaveVersion: deps.risingwaveVersion, maxCardsPer10Min: 0, unsureReaction: false },
    logger: { debug: () => undefined, info: () => undefined, warn: deps.io.err },
  };
}

/** One paste answered as the bot answers in Slack (the same flow), printed. */
async function answerOne(deps: AnswerDeps, io: CliIo, paste: string, framed: boolean): Promise<void> {
  const print = async (text: string) => {
    io.out(framed ? `\n${text}\n` : text);
    return undefined;
  };
  await answerPaste(deps, { rawTexts: [paste] }, { source: "console" }, "console", {
    render: terminalText(),
    port: { post: print },
  });
}

/** Piped input is one paste; a terminal reads pastes ended by two empty lines (psql output has single ones). */
export async function runConsole(consoleDeps: ConsoleDeps): Promise<number> {
  const { io } = consoleDeps;
  const deps = answerDeps(consoleDeps);
  try {
    return await readPastes(deps, io, consoleDeps.knowledge);
  } finally {
    await deps.guard.drain();
  }
}

async function readPastes(deps: AnswerDeps, io: CliIo, knowledge: string | undefined): Promise<number> {
  if (!io.stdin.isTTY) {
    const text = await readAll(io.stdin, STDIN_CAP);
    if (text.trim() === "") {
      io.err("rwerror: nothing on stdin. Pipe an error in, e.g. `echo 'ERROR: …' | npm start`.");
      return 2;
    }
    await answerOne(deps, io, text, false);
    return 0;
  }
  io.err("rwerror console (no SLACK_BOT_TOKEN): paste an error, then press Enter on two empty lines. Ctrl-D quits.");
  if (knowledge) io.err(`Knowledge base: ${knowledge}.`);
  const lines = createInterface({ input: io.stdin, crlfDelay: Number.POSITIVE_INFINITY });
  let buffer: string[] = [];
  let blanks = 0;
  const flush = async () => {
    const text = buffer.join("\n");
    buffer = [];
    blanks = 0;
    if (text.trim() !== "") await answerOne(deps, io, text, true);
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
