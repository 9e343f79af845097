import { describe, expect, it } from "vitest";
import { filledTitle, fillTemplate, isPureWrapper, labelCaptures } from "../../src/render/index.ts";
import { pasteHint, sourceHint } from "../../src/render/source.ts";
import { DOWNSTREAM_ID, seedById } from "../support/seeds.ts";
import { notFound } from "./fixtures.ts";

describe("templates as people read them", () => {
  it.each([
    ["downstream relation missing for {} -> {}", ["1002", "1004"], "downstream relation missing for 1002 -> 1004"],
    ["{object_type} not found: {name}", ["sink", "s1"], "sink not found: s1"],
    ["bad id {:#x} in {0}", [], "bad id … in …"],
    ["value {:?} and {}", ["1"], "value 1 and …"],
  ])("fills %s", (template, captures, expected) => {
    expect(fillTemplate(template, captures)).toBe(expected);
  });

  it("titles a record with its first line only", () => {
    expect(filledTitle({ errorMessage: "first {}\nsecond" }, ["x"])).toBe("first x");
  });

  it("labels named placeholders and positional ones the source names", () => {
    expect(labelCaptures(notFound(), ["sink", "s1"])).toEqual([
      { label: "object type", value: "sink" },
      { label: "name", value: "s1" },
    ]);
    expect(labelCaptures(seedById(DOWNSTREAM_ID), ["1", "2"])).toEqual([
      { label: "fragment id", value: "1" },
      { label: "downstream fragment id", value: "2" },
    ]);
    expect(labelCaptures({ errorMessage: "x {} y {}", sourceCode: null }, ["1", "2"])).toEqual([
      { label: null, value: "1" },
      { label: null, value: "2" },
    ]);
  });

  it("tells pure wrappers from templates that say something", () => {
    expect(isPureWrapper("Storage error: {0}")).toBe(true);
    expect(isPureWrapper("Failed to run the query: {}")).toBe(true);
    expect(isPureWrapper("{0}")).toBe(true);
    expect(isPureWrapper("downstream relation missing for {}")).toBe(false);
    expect(isPureWrapper("{object_type} not found: {name}")).toBe(false);
  });
});

describe("hints", () => {
  it("takes a HINT from the paste, or from the source right at the raising line only", () => {
    expect(pasteHint("ERROR:  x\nHINT:  run ANALYZE first")).toBe("run ANALYZE first");
    const sourceCode = [
      'bail!("other error. HINT: unrelated advice far away");',
      ...Array.from({ length: 20 }, () => "// …"),
      'Err(anyhow!("column {} is ambiguous. HINT: qualify it with the table name"))',
    ].join("\n");
    const record = { sourceCode, sourceCodeStart: 100, lineNumber: 121, errorMessage: "column {} is ambiguous" };
    expect(sourceHint(record)).toBe("qualify it with the table name");
    expect(sourceHint({ ...record, lineNumber: null })).toBeNull();
  });
});
