import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "../../src/config.ts";

const http = { SLACK_BOT_TOKEN: "xoxb-1", SLACK_SIGNING_SECRET: "shh" };

function problemsOf(env: Record<string, string | undefined>): string[] {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return [...error.problems];
    throw error;
  }
  return [];
}

describe("loadConfig", () => {
  it("runs the local console without a bot token, with every default from the runtime contract", () => {
    const c = loadConfig({});
    expect(c).toMatchObject({
      mode: "console",
      port: 3000,
      slackApiUrl: undefined,
      dataPaths: ["data/"],
      dbPath: "data/rwerror.sqlite",
      autoChannels: [],
      digestChannel: undefined,
      digestCron: "0 9 * * 1",
      timeZone: "UTC",
      retentionDays: 365,
      maxCardsPer10Min: 5,
      unsureReaction: false,
      risingwaveVersion: undefined,
      logLevel: "info",
    });
  });

  it("turns the :grey_question: reaction on only when asked, and names a bad value", () => {
    expect(loadConfig({}).admins).toEqual([]);
    expect(loadConfig({ RWERROR_ADMINS: " U0ALICE, S0ONCALL ,W0BOB" }).admins).toEqual([
      "U0ALICE",
      "S0ONCALL",
      "W0BOB",
    ]);
    expect(problemsOf({ RWERROR_ADMINS: "alice,U0BOB" })).toEqual([
      "RWERROR_ADMINS must be Slack user ids (U…, W…) or user-group ids (S…), comma-separated",
    ]);
    expect(loadConfig({ RWERROR_UNSURE_REACTION: "on" }).unsureReaction).toBe(true);
    expect(loadConfig({ RWERROR_UNSURE_REACTION: "TRUE" }).unsureReaction).toBe(true);
    expect(loadConfig({ RWERROR_UNSURE_REACTION: "off" }).unsureReaction).toBe(false);
    expect(loadConfig({ RWERROR_UNSURE_REACTION: "" }).unsureReaction).toBe(false);
    expect(problemsOf({ RWERROR_UNSURE_REACTION: "maybe" })).toEqual(["RWERROR_UNSURE_REACTION must be on or off"]);
  });

  it("reads the RisingWave release the team runs and refuses one that is not a release", () => {
    expect(loadConfig({ RWERROR_RISINGWAVE_VERSION: " v2.4 " }).risingwaveVersion).toBe("v2.4");
    expect(loadConfig({ RWERROR_RISINGWAVE_VERSION: "" }).risingwaveVersion).toBeUndefined();
    expect(problemsOf({ RWERROR_RISINGWAVE_VERSION: "latest" })).toEqual([
      "RWERROR_RISINGWAVE_VERSION must be a RisingWave release such as v2.4, 2.4.1 or main",
    ]);
  });

  it("chooses Socket Mode when an app token is set and HTTP mode when it is empty", () => {
    expect(loadConfig({ ...http, SLACK_APP_TOKEN: "xapp-1" }).mode).toBe("socket");
    expect(loadConfig({ ...http, SLACK_APP_TOKEN: "" }).mode).toBe("http");
    expect(loadConfig({ SLACK_BOT_TOKEN: "xoxb-1", SLACK_APP_TOKEN: "xapp-1" }).mode).toBe("socket");
  });

  it("requires the signing secret in HTTP mode, naming the variable", () => {
    expect(problemsOf({ SLACK_BOT_TOKEN: "xoxb-1" })).toEqual([expect.stringMatching(/^SLACK_SIGNING_SECRET /)]);
  });

  it("reads lists, numbers and the API URL, which always ends in /api/", () => {
    const c = loadConfig({
      ...http,
      PORT: "8080",
      RWERROR_DATA: "data/, extra/more.jsonl ,",
      RWERROR_AUTO_CHANNELS: "C0123ABCD, #incidents,inc-*",
      RWERROR_MAX_CARDS_PER_10MIN: "2",
      SLACK_API_URL: "http://127.0.0.1:9999",
      RWERROR_DIGEST_CHANNEL: "#rw-digest",
      RWERROR_TZ: "Europe/Berlin",
      LOG_LEVEL: "DEBUG",
    });
    expect(c.port).toBe(8080);
    expect(c.dataPaths).toEqual(["data/", "extra/more.jsonl"]);
    expect(c.autoChannels).toEqual(["C0123ABCD", "#incidents", "inc-*"]);
    expect(c.maxCardsPer10Min).toBe(2);
    expect(c.slackApiUrl).toBe("http://127.0.0.1:9999/api/");
    expect(loadConfig({ ...http, SLACK_API_URL: "https://slack-gov.com/api/" }).slackApiUrl).toBe(
      "https://slack-gov.com/api/",
    );
    expect(c.digestChannel).toBe("rw-digest");
    expect(c.timeZone).toBe("Europe/Berlin");
    expect(c.logLevel).toBe("debug");
  });

  it("reports every bad variable on its own line, by name, without echoing its value", () => {
    const problems = problemsOf({
      ...http,
      PORT: "eighty-SECRETVALUE",
      RWERROR_TZ: "Mars/Olympus-SECRETVALUE",
      RWERROR_RETENTION_DAYS: "0",
      RWERROR_MAX_CARDS_PER_10MIN: "-3",
      RWERROR_DIGEST_CRON: "every monday SECRETVALUE",
      LOG_LEVEL: "loud-SECRETVALUE",
      SLACK_API_URL: "not a url SECRETVALUE",
    });
    expect(problems.map((p) => p.split(" ")[0]).sort()).toEqual(
      [
        "LOG_LEVEL",
        "PORT",
        "RWERROR_DIGEST_CRON",
        "RWERROR_MAX_CARDS_PER_10MIN",
        "RWERROR_RETENTION_DAYS",
        "RWERROR_TZ",
        "SLACK_API_URL",
      ].sort(),
    );
    for (const p of problems) expect(p).not.toContain("SECRETVALUE");
  });

  it("throws a ConfigError with a code, one message line per problem", () => {
    try {
      loadConfig({ PORT: "x", RWERROR_TZ: "Nowhere/Land" });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      expect((error as ConfigError).code).toBe("CONFIG_ERROR");
      expect((error as ConfigError).message.split("\n")).toHaveLength(2);
    }
  });

  it("never puts a token into an error message", () => {
    const problems = problemsOf({ SLACK_BOT_TOKEN: "xoxb-very-secret", PORT: "nope" });
    expect(problems.join("\n")).not.toContain("xoxb-very-secret");
  });
});
