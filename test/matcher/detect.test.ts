import { describe, expect, it } from "vitest";
import { looksLikeError } from "../../src/matcher/index.ts";
import { chatter, noMatchPastes, paste, pasteNames } from "./fixtures.ts";

describe("looksLikeError", () => {
  it("has at least 40 chatter fixtures", () => {
    expect(chatter().length).toBeGreaterThanOrEqual(40);
  });

  it.each(chatter())("is false for chatter: %s", (line) => {
    expect(looksLikeError(line)).toBe(false);
  });

  it.each(pasteNames())("is true for the %s paste", (name) => {
    expect(looksLikeError(paste(name))).toBe(true);
  });

  it.each([
    "Bind error: GROUP BY position 2 is not in select list",
    "ERROR:  Failed to run the query",
    'psql:setup.sql:3: ERROR:  relation "t" already exists',
    "Invalid input syntax: Aggregation function first_value requires ORDER BY clause",
    "Feature is not yet implemented: subquery in filter clause",
    "sql parser error: expected statement, found: selet",
    "2026-11-30T08:00:00.000000Z  WARN risingwave_meta::barrier: barrier failed error=Executor error: boom",
    "thread 'main' panicked at src/x.rs:1:2:",
    "called `Result::unwrap()` on an `Err` value: Io(Os { code: 2 })",
    "Caused by these errors (recent errors listed first):",
    // Words chatter uses, inside real messages: one of them alone, or quoted, is not chatter.
    "Protocol error: field foo not found in our schema",
    "Connector error: invalid jdbc url, to switch to postgres rust connector, we need to use the url jdbc:postgresql://...",
    'Bind error: column "me" not found',
    "Bind error: column `my` is ambiguous",
    "Internal error: left len 1, right len 2, i 3, lmap {}",
    "ERROR:  we should only add to L0 when we commit an epoch.",
    ...noMatchPastes(),
  ])("is true for printed error output: %s", (text) => {
    expect(looksLikeError(text)).toBe(true);
  });

  it("is false for empty or non-text input", () => {
    expect(looksLikeError("")).toBe(false);
    expect(looksLikeError(null as unknown as string)).toBe(false);
  });

  it("ignores info-level log lines", () => {
    expect(looksLikeError("2026-11-30T08:00:00Z  INFO risingwave_meta::barrier: recovery finished")).toBe(false);
  });
});
