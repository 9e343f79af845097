import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { buildCatalog } from "../../src/catalog/index.ts";
import { maxTextFor, unsafePatternReason } from "../../src/catalog/pattern-safety.ts";
import type { ErrorRecord } from "../../src/catalog/schema.ts";
import { validateCommand } from "../../src/cli/validate.ts";
import { loadConfig } from "../../src/config.ts";
import { createMatcher } from "../../src/matcher/index.ts";
import { loadForServing } from "../../src/setup/catalog.ts";
import { expectLinear } from "../support/linear-time.ts";
import { shippedData } from "../support/seeds.ts";

const EVIL_PATTERNS = ["(a+)+$", "(a|aa)+$", "^(\\w+\\s?)*$", "(.*a){20}", "^(([a-z])+.)+[A-Z]([a-z])+$"];
const seed = JSON.parse(readFileSync(shippedData, "utf8").split("\n")[0] ?? "").record as ErrorRecord;
const dir = mkdtempSync(join(tmpdir(), "rwerror-patterns-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function recordWith(pattern: string, i: number): ErrorRecord {
  return { ...structuredClone(seed), id: `e0000000000000${String(i).padStart(2, "0")}`, messagePattern: pattern };
}

function io() {
  const out: string[] = [];
  const err: string[] = [];
  return {
    stdin: process.stdin,
    out: (t: string) => void out.push(t),
    err: (t: string) => void err.push(t),
    outs: out,
    errs: err,
  };
}

describe("record patterns outside the safe subset", () => {
  it.each([
    ["(a+)+$", "nested quantifier (a+)+"],
    ["(a|aa)+$", "overlapping alternatives a and aa"],
    ["^(\\w+\\s?)*$", "nested quantifier (\\w+\\s?)*"],
    ["(.*a){20}", "nested quantifier (.*a){20}"],
    ["^(([a-z])+.)+[A-Z]([a-z])+$", "nested quantifier"],
    ["(\\w+) again \\1", "backreference \\1"],
    ["error(?=.* now)", "lookaround (?=.* now) with an unbounded quantifier"],
    ["(?<!no +)error", "lookaround (?<!no +) with an unbounded quantifier"],
    ["\\d+\\d*", "overlapping adjacent quantifiers"],
  ])("rejects %s, naming the construct", (pattern, construct) => {
    expect(unsafePatternReason(pattern)).toContain(construct);
  });

  it.each([
    "Failed to (.+?) because (.+?)",
    "Column (\\w+) not found: (.+?) \\(id \\d+\\)",
    "(?:table|view) (.+?) not found",
    "(foo|bar)+ failed",
    "x{2,5}y",
    "h2 protocol error: (?![^\\n]{0,200}(?:stream error received|broken pipe))[^\\n]{1,300}",
  ])("accepts %s", (pattern) => {
    expect(unsafePatternReason(pattern)).toBeNull();
  });

  it("caps the text a pattern is run on by its number of unbounded quantifiers", () => {
    expect(maxTextFor("a (.+?) b")).toBe(1024);
    expect(maxTextFor("a (.+?) b (.+?) c (.+?)")).toBeLessThan(101);
  });

  it("validate names the file, line, field and construct, and exits 1", () => {
    const file = join(dir, "evil.jsonl");
    const lines = [JSON.stringify(seed), ...EVIL_PATTERNS.map((p, i) => JSON.stringify(recordWith(p, i)))];
    writeFileSync(file, `${lines.join("\n")}\n`);
    const out = io();
    expect(validateCommand([file], out)).toBe(1);
    expect(out.outs).toHaveLength(EVIL_PATTERNS.length);
    expect(out.outs[0]).toBe(
      `${file}:2: field "messagePattern": unsafe pattern: nested quantifier (a+)+ (a repeated group holds a+: exponential backtracking)`,
    );
    expect(out.outs[3]).toContain(`${file}:5: field "messagePattern": unsafe pattern: nested quantifier (.*a){20}`);
  });

  it("serving skips unsafe records with a warning and keeps the good ones", () => {
    const file = join(dir, "serve.jsonl");
    writeFileSync(file, `${JSON.stringify(seed)}\n${JSON.stringify(recordWith("(a+)+$", 9))}\n`);
    const out = io();
    const catalog = loadForServing(loadConfig({ RWERROR_DATA: file }), out);
    expect(catalog.records.map((r) => r.id)).toEqual([seed.id]);
    expect(out.errs.join("\n")).toContain(`warning: skipped ${file}:2: field "messagePattern": unsafe pattern`);
  });
});

describe("no record holds the event loop", () => {
  it("a catalog built around validation never runs an evil pattern (each paste ≤ 50 ms)", () => {
    const entries = EVIL_PATTERNS.map((p, i) => ({
      record: recordWith(p, i),
      datasetVersion: null,
      file: "x",
      line: i,
    }));
    const matcher = createMatcher(buildCatalog(entries));
    for (const paste of ["a".repeat(64), `${"a".repeat(65)}!`, `${"ab ".repeat(30)}!`, "a".repeat(256 * 1024)]) {
      expectLinear((t) => matcher.match(t), paste, 50, `${paste.length} chars`);
    }
  });

  it("a safe pattern with five unbounded quantifiers stays within its step budget (unbounded: 1.8 s on 400 chars)", () => {
    const record = recordWith("Failed (.+?)x(.+?)y(.+?)x(.+?)y(.+?)z\\d+", 1);
    const matcher = createMatcher(buildCatalog([{ record, datasetVersion: null, file: "x", line: 1 }]));
    for (const n of [5, 100, 200, 4096]) {
      const paste = `Failed ${"xy".repeat(n)}`;
      expectLinear((t) => matcher.match(t), paste, 50, `${n}`);
    }
  });

  it("a safe pattern still matches texts within its budget", () => {
    const record = recordWith("Failed (.+?)x(.+?)y(.+?)z\\d+", 1);
    const matcher = createMatcher(buildCatalog([{ record, datasetVersion: null, file: "x", line: 1 }]));
    expect(matcher.match("Failed 1x2y3z4").matches[0]?.record.id).toBe(record.id);
  });
});
