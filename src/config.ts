import { z } from "zod";

/** Raised when the environment cannot run the bot; the message has one line per bad variable, never its value. */
export class ConfigError extends Error {
  readonly code = "CONFIG_ERROR";
  constructor(readonly problems: readonly string[]) {
    super(problems.join("\n"));
    this.name = "ConfigError";
  }
}

export type RunMode = "console" | "socket" | "http";
export type LogLevelName = "debug" | "info" | "warn" | "error";

export interface Config {
  mode: RunMode;
  slackBotToken: string | undefined;
  slackSigningSecret: string | undefined;
  slackAppToken: string | undefined;
  port: number;
  /** Web API base URL ending in `/api/`, or undefined for Slack's own. */
  slackApiUrl: string | undefined;
  dataPaths: string[];
  dbPath: string;
  /** Channel IDs, names (without #) and globs such as `inc-*`; empty = auto-replies off. */
  autoChannels: string[];
  digestChannel: string | undefined;
  digestCron: string;
  timeZone: string;
  retentionDays: number;
  maxCardsPer10Min: number;
  /** React :grey_question: on pastes in auto channels that got no confident answer (RWERROR_UNSURE_REACTION). */
  unsureReaction: boolean;
  /**
   * Slack user ids (U…, W…) and user-group ids (S…) who alone may mute errors and set a channel's
   * release (RWERROR_ADMINS); empty = every member may.
   */
  admins: string[];
  /** The RisingWave release the team runs (`v2.4`); undefined = unknown. A paste's own version wins. */
  risingwaveVersion: string | undefined;
  logLevel: LogLevelName;
  /** Bearer token that unlocks /readyz details (records, dataset version, database status). */
  healthToken: string | undefined;
  /** Concurrent HTTP connections accepted (Slack, health, metrics). */
  maxConnections: number;
  /** Connections one client address may keep pending past a second (slowloris); a proxy in front is one client. */
  maxConnectionsPerClient: number;
  /** How long SIGTERM waits for running handlers before it gives up on them. */
  shutdownGraceMs: number;
  /**
   * How long a replica holds an event it is answering, or an answer it is posting, before another
   * replica may take it over (its process died).
   */
  leaseMs: number;
  /** How long an answer Slack would not take (429, 5xx, timeouts) keeps being retried. */
  answerRetryMs: number;
}

/** Empty strings count as unset: `FOO=` in a .env file means "not configured". */
const optional = z.preprocess((v) => (typeof v === "string" && v.trim() === "" ? undefined : v), z.string().optional());

const list = (fallback: string) =>
  z.preprocess(
    (v) => (typeof v === "string" && v.trim() !== "" ? v : fallback),
    z.string().transform((s) =>
      s
        .split(",")
        .map((x) => x.trim())
        .filter((x) => x.length > 0),
    ),
  );

const intIn = (fallback: number, min: number, max: number) =>
  z.preprocess(
    (v) => (typeof v === "string" && v.trim() !== "" ? v.trim() : String(fallback)),
    z
      .string()
      .regex(/^\d+$/, "must be a whole number")
      .transform(Number)
      .pipe(z.number().int().min(min, `must be at least ${min}`).max(max, `must be at most ${max}`)),
  );

function isTimeZone(tz: string): boolean {
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}

/** Five cron fields (croner also accepts six with seconds); the scheduler validates the values. */
const cronShape = /^\s*(\S+\s+){4,5}\S+\s*$/;

const envSchema = z.object({
  // Token prefixes are not enforced: Slack stand-ins and GovSlack use their own.
  SLACK_BOT_TOKEN: optional,
  SLACK_SIGNING_SECRET: optional,
  SLACK_APP_TOKEN: optional,
  PORT: intIn(3000, 0, 65535),
  SLACK_API_URL: optional.refine(
    (v) => v === undefined || /^https?:\/\/[^\s/]+(\/\S*)?$/.test(v),
    "must be an http(s) URL",
  ),
  RWERROR_DATA: list("data/"),
  RWERROR_DB: optional,
  // The default database lives in the user's state folder when there is one, else under the working directory.
  XDG_STATE_HOME: optional,
  RWERROR_HEALTH_TOKEN: optional,
  RWERROR_MAX_CONNECTIONS: intIn(256, 1, 100_000),
  RWERROR_MAX_CONNECTIONS_PER_CLIENT: intIn(64, 1, 100_000),
  RWERROR_SHUTDOWN_GRACE_MS: intIn(10_000, 0, 120_000),
  RWERROR_LEASE_MS: intIn(60_000, 1_000, 3_600_000),
  RWERROR_ANSWER_RETRY_MS: intIn(20 * 60_000, 1_000, 7 * 86_400_000),
  RWERROR_AUTO_CHANNELS: list(""),
  RWERROR_DIGEST_CHANNEL: optional,
  RWERROR_DIGEST_CRON: z.preprocess(
    (v) => (typeof v === "string" && v.trim() !== "" ? v.trim() : "0 9 * * 1"),
    z.string().regex(cronShape, "must be a cron expression with 5 fields, e.g. 0 9 * * 1"),
  ),
  RWERROR_TZ: z.preprocess(
    (v) => (typeof v === "string" && v.trim() !== "" ? v.trim() : "UTC"),
    z.string().refine(isTimeZone, "must be an IANA time zone such as UTC or Europe/Berlin"),
  ),
  RWERROR_RETENTION_DAYS: intIn(365, 1, 36500),
  RWERROR_MAX_CARDS_PER_10MIN: intIn(5, 1, 1000),
  RWERROR_UNSURE_REACTION: z.preprocess(
    (v) => (typeof v === "string" && v.trim() !== "" ? v.trim().toLowerCase() : "off"),
    z.enum(["on", "off", "true", "false", "1", "0"], { error: "must be on or off" }),
  ),
  RWERROR_ADMINS: list("").refine(
    (ids) => ids.every((id) => /^[UWS][A-Z0-9]{2,20}$/.test(id)),
    "must be Slack user ids (U…, W…) or user-group ids (S…), comma-separated",
  ),
  RWERROR_RISINGWAVE_VERSION: optional.refine(
    (v) => v === undefined || /^(?:v?\d{1,3}\.\d{1,3}(?:\.\d{1,3})?(?:-[0-9A-Za-z.]{1,32})?|main)$/i.test(v.trim()),
    "must be a RisingWave release such as v2.4, 2.4.1 or main",
  ),
  LOG_LEVEL: z.preprocess(
    (v) => (typeof v === "string" && v.trim() !== "" ? v.trim().toLowerCase() : "info"),
    z.enum(["debug", "info", "warn", "error"], { error: "must be one of debug, info, warn, error" }),
  ),
});

/** Every variable the environment schema reads (.env.example must list each one). */
export const ENV_VARIABLES: readonly string[] = Object.keys(envSchema.shape);

/** The API base must end in `/api/`: the Web API client appends method names to it. */
function normaliseApiUrl(url: string | undefined): string | undefined {
  if (url === undefined) return undefined;
  if (url.endsWith("/api/")) return url;
  if (url.endsWith("/api")) return `${url}/`;
  return url.endsWith("/") ? `${url}api/` : `${url}/api/`;
}

/** The database when RWERROR_DB is unset: never inside the installed package. */
export const DEFAULT_DB = "data/rwerror.sqlite";

export interface LoadConfigOptions {
  /**
   * Whether this process receives Slack traffic (`serve`). Only then does HTTP mode need the
   * signing secret: `rwerror digest` posts with the bot token alone.
   */
  receiving?: boolean;
}

/** Parses the environment once. Throws ConfigError naming every bad variable (never echoing values). */
export function loadConfig(
  env: Record<string, string | undefined>,
  { receiving = true }: LoadConfigOptions = {},
): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => {
      const name = String(issue.path[0] ?? "environment");
      // Every rule above carries its own message, none of which quotes the value.
      return `${name} ${issue.message}`;
    });
    throw new ConfigError(problems);
  }
  const e = parsed.data;
  const mode: RunMode =
    e.SLACK_BOT_TOKEN === undefined ? "console" : e.SLACK_APP_TOKEN !== undefined ? "socket" : "http";
  if (receiving && mode === "http" && e.SLACK_SIGNING_SECRET === undefined) {
    throw new ConfigError([
      "SLACK_SIGNING_SECRET is required in HTTP mode (set it, or set SLACK_APP_TOKEN for Socket Mode)",
    ]);
  }
  return {
    mode,
    slackBotToken: e.SLACK_BOT_TOKEN,
    slackSigningSecret: e.SLACK_SIGNING_SECRET,
    slackAppToken: e.SLACK_APP_TOKEN,
    port: e.PORT,
    slackApiUrl: normaliseApiUrl(e.SLACK_API_URL),
    dataPaths: e.RWERROR_DATA,
    dbPath:
      e.RWERROR_DB?.trim() ??
      (e.XDG_STATE_HOME ? `${e.XDG_STATE_HOME.replace(/\/+$/, "")}/rwerror/rwerror.sqlite` : DEFAULT_DB),
    healthToken: e.RWERROR_HEALTH_TOKEN,
    maxConnections: e.RWERROR_MAX_CONNECTIONS,
    maxConnectionsPerClient: e.RWERROR_MAX_CONNECTIONS_PER_CLIENT,
    shutdownGraceMs: e.RWERROR_SHUTDOWN_GRACE_MS,
    leaseMs: e.RWERROR_LEASE_MS,
    answerRetryMs: e.RWERROR_ANSWER_RETRY_MS,
    autoChannels: e.RWERROR_AUTO_CHANNELS,
    digestChannel: e.RWERROR_DIGEST_CHANNEL?.trim().replace(/^#/, ""),
    digestCron: e.RWERROR_DIGEST_CRON,
    timeZone: e.RWERROR_TZ,
    retentionDays: e.RWERROR_RETENTION_DAYS,
    maxCardsPer10Min: e.RWERROR_MAX_CARDS_PER_10MIN,
    unsureReaction: ["on", "true", "1"].includes(e.RWERROR_UNSURE_REACTION),
    admins: e.RWERROR_ADMINS,
    risingwaveVersion: e.RWERROR_RISINGWAVE_VERSION?.trim(),
    logLevel: e.LOG_LEVEL,
  };
}
