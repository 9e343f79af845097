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

describe("pino's object API through the adapter", () => {
  it("writes fields as fields and `err` with its type, message and stack, secrets scrubbed in all of them", () => {
    const { stream, lines } = sink();
    const log = createLogger(config, stream);
    const error = new Error("post failed for xoxb-configured-bot-token");
    log.error({ event_id: "Ev1", channel: "C1", ms: 12, err: error }, "event failed");
    const line = JSON.parse(lines[0] ?? "{}") as {
      level: number;
      msg: string;
      event_id: string;
      ms: number;
      err: { type: string; message: string; stack: string };
    };
    expect(line).toMatchObject({ level: 50, msg: "event failed", event_id: "Ev1", channel: "C1", ms: 12 });
    expect(line.err.type).toBe("Error");
    expect(line.err.message).toBe("post failed for [REDACTED]");
    expect(line.err.stack).toMatch(/^Error: post failed for \[REDACTED\]\n\s+at /);
    expect(lines[0]).not.toContain("xoxb-configured-bot-token");
  });

  it("logs a handled event once at info, and one that threw at error with `err`, rethrowing it", async () => {
    const { loggedEvent } = await import("../../src/slack/event-log.ts");
    const { stream, lines } = sink();
    const log = createLogger({ ...config, logLevel: "info" }, stream);
    const seen = { eventId: "Ev2", team: "T1", channel: "C2", kind: "message" };
    await loggedEvent(log, seen, async (set) => {
      set({ kind: "card", replyTs: "1.2", verdict: "answer", recordId: "rec-1" });
      return true;
    });
    await loggedEvent(log, seen, async () => false);
    await expect(
      loggedEvent(log, seen, async () => {
        throw new Error("database gone");
      }),
    ).rejects.toThrow("database gone");
    const parsed = lines.map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(parsed.map((p) => [p.level, p.msg, p.outcome])).toEqual([
      [30, "event handled", "card"],
      [30, "event handled", "duplicate"],
      [50, "event failed", "failed"],
    ]);
    expect(parsed[0]).toMatchObject({ event_id: "Ev2", team: "T1", channel: "C2", kind: "message" });
    expect(parsed[0]).toMatchObject({ verdict: "answer", record_id: "rec-1" });
    expect(typeof parsed[0]?.ms).toBe("number");
    expect((parsed[2]?.err as { message?: string } | undefined)?.message).toBe("database gone");
  });
});
