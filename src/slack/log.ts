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

function isPlainObject(v: unknown): v is Record<string, unknown> {
  if (typeof v !== "object" || v === null) return false;
  const proto = Object.getPrototypeOf(v);
  return proto === Object.prototype || proto === null;
}

/**
 * A log line's fields with every string scrubbed. An Error (`err`) stays an Error of its own class, with
 * its message, stack and other properties scrubbed, so pino serialises it (type, message, stack, cause)
 * and a secret in an error message stays out.
 */
function scrubFields(value: unknown, scrub: (text: string) => string, depth = 0): unknown {
  if (typeof value === "string") return scrub(value);
  if (depth > 5 || typeof value !== "object" || value === null) return value;
  if (value instanceof Error) {
    const copy = Object.create(Object.getPrototypeOf(value)) as Record<string, unknown>;
    for (const key of Object.getOwnPropertyNames(value)) {
      copy[key] = scrubFields((value as unknown as Record<string, unknown>)[key], scrub, depth + 1);
    }
    return copy;
  }
  if (Array.isArray(value)) return value.map((v) => scrubFields(v, scrub, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) out[k] = scrubFields(v, scrub, depth + 1);
  return out;
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
      const [first, ...rest] = msg;
      // pino's object API: `logger.info({ event_id, … }, "event handled")`, `err` with its stack.
      if (isPlainObject(first)) base[level](scrubFields(first, scrub), scrub(rest.map(describe).join(" ")));
      else base[level](scrub(msg.map(describe).join(" ")));
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
