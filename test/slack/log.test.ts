import { Writable } from "node:stream";
import { LogLevel } from "@slack/bolt";
import { describe, expect, it } from "vitest";
import { loadConfig } from "../../src/config.ts";
import { createLogger } from "../../src/slack/log.ts";

function sink() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _enc, done) {
      lines.push(
        ...String(chunk)
          .split("\n")
          .filter((l) => l.trim() !== ""),
      );
      done();
    },
  });
  return { stream, lines };
}

const config = loadConfig({
  SLACK_BOT_TOKEN: "xoxb-configured-bot-token",
  SLACK_SIGNING_SECRET: "signing-secret-value",
  LOG_LEVEL: "debug",
});

describe("the Bolt logger adapter", () => {
  it("writes one JSON line per call with pino's level, at every level", () => {
    const { stream, lines } = sink();
    const log = createLogger(config, stream);
    log.debug("d", { a: 1 });
    log.info("i");
    log.warn("w");
    log.error(new Error("boom"));
    const parsed = lines.map((l) => JSON.parse(l) as { level: number; msg: string; app: string });
    expect(parsed.map((p) => [p.level, p.msg])).toEqual([
      [20, 'd {"a":1}'],
      [30, "i"],
      [40, "w"],
      [50, "boom"],
    ]);
    expect(parsed.every((p) => p.app === "rwerror")).toBe(true);
  });

  it("drops what is below the level Bolt sets", () => {
    const { stream, lines } = sink();
    const log = createLogger(config, stream);
    log.setLevel(LogLevel.WARN);
    log.info("hidden");
    log.debug("hidden");
    log.warn("shown");
    expect(lines).toHaveLength(1);
    expect(log.getLevel()).toBe(LogLevel.WARN);
  });

  it("never writes a configured credential or a pasted secret, at any level", () => {
    const { stream, lines } = sink();
    const log = createLogger(config, stream);
    const planted = [
      "token xoxb-configured-bot-token",
      "secret signing-secret-value",
      "url postgres://rw:hunter2pass@db/dev",
      "key AKIAIOSFODNN7EXAMPLE",
      'body {"password":"pw-in-json"}',
    ];
    for (const text of planted) {
      log.debug(text);
      log.info({ text });
      log.warn(text);
      log.error(new Error(text));
    }
    const all = lines.join("\n");
    for (const s of [
      "xoxb-configured-bot-token",
      "signing-secret-value",
      "hunter2pass",
      "AKIAIOSFODNN7EXAMPLE",
      "pw-in-json",
    ]) {
      expect(all).not.toContain(s);
    }
    expect(lines).toHaveLength(planted.length * 4);
  });
});
