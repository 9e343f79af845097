import { describe, expect, it } from "vitest";
import { classifyLine } from "../../src/scan/classify.ts";
import { collectLines } from "../../src/scan/lines.ts";
import { messageOf } from "../../src/scan/scan.ts";

describe("classifyLine", () => {
  it.each([
    ["2026-11-30T08:00:00.123456789Z  INFO risingwave_meta: up", "quiet"],
    ["2026-11-30T08:00:00.123456789Z DEBUG risingwave_meta: up", "quiet"],
    ["2026-11-30T08:00:00.123456789Z  WARN risingwave_meta: slow", "error"],
    ["2026-11-30T08:00:00.123456789Z ERROR risingwave_meta: failed", "error"],
    ["compute-node-1  | 2026-11-30T08:00:00Z ERROR risingwave_stream: failed", "error"],
    ["compute-node-1  | 2026-11-30T08:00:00Z  INFO risingwave_stream: fine", "quiet"],
    ["[2026-11-30 08:00:00] ERROR something broke", "error"],
    ['{"timestamp":"2026-11-30T08:00:00Z","level":"ERROR","fields":{"message":"x"}}', "error"],
    ['{"timestamp":"2026-11-30T08:00:00Z","level":"INFO","fields":{"message":"x"}}', "quiet"],
    ["Caused by:", "other"],
    ["  1: table not found", "other"],
  ])("reads %j as %s", (line, kind) => {
    expect(classifyLine(line)).toBe(kind);
  });
});

describe("messageOf", () => {
  it("drops timestamp, level, spans and target so the same message groups under any span", () => {
    expect(
      messageOf(
        '2026-11-30T08:00:00.1Z  WARN actor{otel.name="Actor 1" actor_id=1}:executor{id=2}: risingwave_stream::executor: lag grew',
      ),
    ).toBe("lag grew");
    expect(messageOf("2026-11-30T08:00:00.1Z ERROR risingwave_meta::barrier: failed: boom")).toBe("failed: boom");
    expect(messageOf("no header here: at all")).toBe("no header here: at all");
  });
});

describe("readLines", () => {
  const collect = async (chunks: string[], max = 100): Promise<string[]> =>
    (await collectLines(chunks, max)).map((l) => `${l.number}:${l.text}`);

  it("joins lines split across chunks and numbers them from 1", async () => {
    expect(await collect(["ab", "c\nde", "f\r\n", "\nlast"])).toEqual(["1:abc", "2:def", "3:", "4:last"]);
  });

  it("cuts an overlong line and skips its rest without losing the line count", async () => {
    expect(await collect(["x".repeat(250), "y".repeat(250), "\nnext\n"], 100)).toEqual([
      `1:${"x".repeat(100)}`,
      "2:next",
    ]);
  });
});
