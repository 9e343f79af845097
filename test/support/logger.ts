/** A Bolt-compatible logger that keeps lines in memory (tests assert what was, and was not, logged). */
import { type Logger, LogLevel } from "@slack/bolt";

export interface MemoryLogger extends Logger {
  readonly lines: string[];
}

export function memoryLogger(): MemoryLogger {
  const lines: string[] = [];
  let level = LogLevel.DEBUG;
  const log =
    (name: string) =>
    (...msg: unknown[]) => {
      lines.push(
        `${name} ${msg.map((m) => (m instanceof Error ? `${m.message}` : typeof m === "string" ? m : JSON.stringify(m))).join(" ")}`,
      );
    };
  return {
    lines,
    debug: log("debug"),
    info: log("info"),
    warn: log("warn"),
    error: log("error"),
    setLevel: (l) => {
      level = l;
    },
    getLevel: () => level,
    setName: () => {},
  };
}
