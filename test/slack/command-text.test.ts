import { describe, expect, it } from "vitest";
import { parseCommandText } from "../../src/slack/listeners/command-text.ts";

describe("parseCommandText", () => {
  it.each([
    ["", { kind: "modal" }],
    ["   ", { kind: "modal" }],
    ["help", { kind: "help" }],
    ["HELP", { kind: "help" }],
    ["show 3046ab48bd5b391a", { kind: "show", key: "3046ab48bd5b391a" }],
    ["search downstream relation", { kind: "search", query: "downstream relation" }],
    ["stats", { kind: "stats", days: 7 }],
    ["stats 30d", { kind: "stats", days: 30 }],
    ["stats 7d", { kind: "stats", days: 7 }],
    ["stats 90d", { kind: "stats", days: 90 }],
    ["stats 365", { kind: "stats", days: 365 }],
    ["mutes", { kind: "mutes" }],
    ["unmute last", { kind: "unmute", key: "last" }],
    ["unmute x", { kind: "unmute", key: "x" }],
    ["unmte", { kind: "didYouMean", command: "unmute" }],
    ["mute last", { kind: "mute", key: "last", forMs: 86_400_000, label: "24h" }],
    [
      "mute downstream-relation-missing-for for 2h",
      { kind: "mute", key: "downstream-relation-missing-for", forMs: 7_200_000, label: "2h" },
    ],
    ["mute 3046ab48bd5b391a for 7d", { kind: "mute", key: "3046ab48bd5b391a", forMs: 604_800_000, label: "7d" }],
    ["mute last for 30 min", { kind: "mute", key: "last", forMs: 1_800_000, label: "30m" }],
  ])("reads %j as a subcommand", (text, expected) => {
    expect(parseCommandText(text)).toEqual(expected);
  });

  it.each([
    "downstream relation missing for 1 -> 2",
    "help me: Failed to run the query",
    "show must go on: job fragments should exist for streaming job",
    "stats table corrupted for fragment 7",
    "stats 900d",
    "mute last for ever",
    "search\nCaused by: something",
  ])("treats %j as a paste", (text) => {
    expect(parseCommandText(text)).toEqual({ kind: "paste", text });
  });

  it.each([
    ["barrier", { kind: "search", query: "barrier" }],
    ["kafka timeout", { kind: "search", query: "kafka timeout" }],
    ["meta", { kind: "search", query: "meta" }],
    ["helo", { kind: "didYouMean", command: "help" }],
    ["serch", { kind: "didYouMean", command: "search" }],
    ["shwo", { kind: "didYouMean", command: "show" }],
  ])("reads keywords %j as a search or a near-command (issue 20 item 8)", (text, expected) => {
    expect(parseCommandText(text)).toEqual(expected);
  });

  it("treats a long single line as a paste even when it starts with a subcommand word", () => {
    const text = `search ${"x ".repeat(150)}`;
    expect(parseCommandText(text).kind).toBe("paste");
  });
});
