/**
 * JSON log lines (pino) behind Bolt's Logger interface, so Bolt, the Web API client and rwerror
 * write one format. Every line passes through the redactor and has the configured credentials
 * cut out literally: no secret reaches the log at any level, whatever a caller passes in.
 */
import { type Logger, LogLevel } from "@slack/bolt";
import pino from "pino";
import type { Config, LogLevelName } from "../config.ts";
import { REDACTED, redactSecrets } from "../redact/index.ts";

const TO_PINO: Record<LogLevel, LogLevelName> = {
  [LogLevel.DEBUG]: "debug",
  [LogLevel.INFO]: "info",
  [LogLevel.WARN]: "warn",
  [LogLevel.ERROR]: "error",
};
const FROM_PINO: Record<LogLevelName, LogLevel> = {
  debug: LogLevel.DEBUG,
  info: LogLevel.INFO,
  warn: LogLevel.WARN,
  error: LogLevel.ERROR,
};

function describe(part: unknown): string {
  if (typeof part === "string") return part;
  if (part instanceof Error) return part.message;
  try {
    return JSON.stringify(part) ?? String(part);
  } catch {
    return String(part);
  }
}

/** The credentials this process holds, longest first (one may contain another). */
export function configuredSecrets(config: Config): string[] {
  return [config.slackBotToken, config.slackSigningSecret, config.slackAppToken, config.healthToken]
    .filter((s): s is string => typeof s === "string" && s.length >= 6)
    .sort((a, b) => b.length - a.length);
}

export function scrubber(secrets: readonly string[]): (text: string) => string {
  return (text) => {
    let out = text;
    for (const s of secrets) if (out.includes(s)) out = out.split(s).join(REDACTED);
    return redactSecrets(out);
  };
}

/** A Bolt Logger writing pino JSON lines to `destination` (stdout by default). */
export function createLogger(
  config: Pick<Config, "logLevel"> & Partial<Config>,
  destination: pino.DestinationStream = pino.destination({ fd: 1, sync: true }),
): Logger {
  const scrub = scrubber(configuredSecrets(config as Config));
  let base = pino(
    { level: config.logLevel, base: { app: "rwerror" }, timestamp: pino.stdTimeFunctions.isoTime },
    destination,
  );
  const write =
    (level: LogLevelName) =>
    (...msg: unknown[]) => {
      if (!base.isLevelEnabled(level)) return;
      base[level](scrub(msg.map(describe).join(" ")));
    };
  return {
    debug: write("debug"),
    info: write("info"),
    warn: write("warn"),
    error: write("error"),
    setLevel: (level) => {
      base.level = TO_PINO[level] ?? "info";
    },
    getLevel: () => FROM_PINO[base.level as LogLevelName] ?? LogLevel.INFO,
    setName: (name) => {
      base = base.child({ name });
    },
  };
}
