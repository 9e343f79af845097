/** rwerror started the way production starts it: `node bin/rwerror.js serve` in its own process. */
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { BOT_TOKEN } from "./bot.ts";
import { repoRoot } from "./seeds.ts";
import { TEST_SIGNING_SECRET } from "./signing.ts";

export interface BotProcess {
  child: ChildProcess;
  baseUrl: string;
  eventsUrl: string;
  stdout(): string;
  stderr(): string;
  /** Resolves with the exit code and how long after the call the process ended. */
  exited(): Promise<{ code: number | null; afterMs: number }>;
  signal(sig: NodeJS.Signals): number;
}

/** `node bin/rwerror.js serve` in a fresh folder of its own, with stdout and stderr collected. */
export function spawnBot(apiUrl: string, env: Record<string, string> = {}) {
  const dir = mkdtempSync(join(tmpdir(), "rwerror-proc-"));
  const child = spawn(process.execPath, [join(repoRoot, "bin", "rwerror.js"), "serve"], {
    cwd: dir,
    env: {
      PATH: process.env.PATH ?? "",
      HOME: dir,
      SLACK_BOT_TOKEN: BOT_TOKEN,
      SLACK_SIGNING_SECRET: TEST_SIGNING_SECRET,
      SLACK_API_URL: apiUrl,
      PORT: "0",
      RWERROR_DB: join(dir, "bot.sqlite"),
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  let err = "";
  child.stdout?.on("data", (d) => {
    out += String(d);
  });
  child.stderr?.on("data", (d) => {
    err += String(d);
  });
  return { child, dir, stdout: () => out, stderr: () => err };
}

export async function startBotProcess(apiUrl: string, env: Record<string, string> = {}): Promise<BotProcess> {
  const { child, stdout, stderr } = spawnBot(apiUrl, env);
  const exit = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  const port = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`bot did not start:\n${stderr()}`)), 30_000);
    const check = () => {
      const m = /HTTP on port (\d+)/.exec(stderr());
      if (m?.[1]) {
        clearTimeout(timer);
        resolve(m[1]);
      }
    };
    child.stderr?.on("data", check);
    exit.then(() => reject(new Error(`bot exited at start:\n${stderr()}`)));
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  let signalledAt = 0;
  return {
    child,
    baseUrl,
    eventsUrl: `${baseUrl}/slack/events`,
    stdout,
    stderr,
    signal: (sig) => {
      signalledAt = Date.now();
      child.kill(sig);
      return signalledAt;
    },
    exited: async () => {
      const code = await exit;
      return { code, afterMs: Date.now() - signalledAt };
    },
  };
}
