import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { componentOf, tagsOf } from "../../src/build/component.ts";
import { needleOf, prOf } from "../../src/build/history.ts";
import { literalChars, messagePatternOf, recordId, slugOf } from "../../src/build/template.ts";
import { corpusDir, seedRecords } from "../support/seeds.ts";

const releases = join(corpusDir, "risingwave-releases.jsonl");

describe("catalog build: what a record derives from its message", () => {
  it.skipIf(!existsSync(releases))(
    "gives every record of the reference extraction its id, slug and tags (needs ../shared/corpus)",
    () => {
      const lines = readFileSync(releases, "utf8").split("\n").filter(Boolean);
      expect(lines.length).toBeGreaterThan(9000);
      for (const line of lines) {
        const r = JSON.parse(line).record;
        expect(recordId(r.repo, r.filePath, r.errorMessage)).toBe(r.id);
        expect(slugOf(r.errorMessage)).toBe(r.slug);
        expect(tagsOf(r.filePath)).toEqual(r.tags);
      }
    },
  );

  it("gives the seed records' slug and pattern (their ids and tags predate the scheme)", () => {
    for (const seed of seedRecords()) {
      expect(slugOf(seed.errorMessage)).toBe(seed.slug);
      expect(messagePatternOf(seed.errorMessage)).toBe(seed.messagePattern);
    }
  });

  it("escapes literals and turns each placeholder into a lazy group; {{ and }} are braces", () => {
    expect(messagePatternOf("Can't cast {0} to {1}")).toBe("Can't cast (.+?) to (.+?)");
    expect(messagePatternOf('expect json schema {{"host": "url"}} but got {}')).toBe(
      'expect json schema \\{"host": "url"\\} but got (.+?)',
    );
    expect(messagePatternOf("a (b) [c] $d ^e | f.g*h+i?\nnext")).toBe(
      "a \\(b\\) \\[c\\] \\$d \\^e \\| f\\.g\\*h\\+i\\?\\nnext",
    );
    expect(
      new RegExp(`^${messagePatternOf("invalid value for parameter '{}': {:?}")}$`).test(
        "invalid value for parameter 'x': Some(1)",
      ),
    ).toBe(true);
  });

  it("prints a plain string's braces as they are", () => {
    expect(messagePatternOf("Can't find {} in key_format", true)).toBe("Can't find \\{\\} in key_format");
    expect(messagePatternOf("Missing closing brace '}}' character", true)).toBe(
      "Missing closing brace '\\}\\}' character",
    );
    expect(literalChars("{}{}{}{}{}{}", true)).toBe(12);
  });

  it("counts literal characters without placeholders (fewer than 12 drop a template)", () => {
    expect(literalChars("{} not found: {}")).toBe(12);
    expect(literalChars("Storage error: {0}")).toBe(15);
    expect(literalChars("{}: {}")).toBe(2);
  });

  it("cuts slugs at a word within 60 characters and keeps text that only looks like a placeholder", () => {
    expect(slugOf("The concatenate behaviour of two chunk with visibility is undefined")).toBe(
      "the-concatenate-behaviour-of-two-chunk-with-visibility-is",
    );
    expect(slugOf("Can't cast string to time (expected HH:MM:SS[.D+{up to 6 digits}])")).toBe(
      "can-t-cast-string-to-time-expected-hh-mm-ss-d-up-to-6-digits",
    );
    expect(slugOf("invalid value for parameter '{name}': {:?}")).toBe("invalid-value-for-parameter");
    expect(slugOf("{}")).toBe("error");
  });

  it("maps paths to components, the compactor before storage", () => {
    expect(componentOf("src/storage/src/hummock/compactor/mod.rs")).toBe("compactor");
    expect(componentOf("src/storage/src/hummock/sstable/block.rs")).toBe("storage");
    expect(componentOf("src/object_store/src/object/s3.rs")).toBe("storage");
    expect(componentOf("src/frontend/src/binder/expr/mod.rs")).toBe("frontend");
    expect(componentOf("src/rpc_client/src/meta_client.rs")).toBe("rpc");
    expect(componentOf("src/brand_new_crate/src/lib.rs")).toBe("brand-new-crate");
  });

  it("finds a PR in squash and merge subjects, and a needle a diff line can hold", () => {
    expect(prOf("feat(meta): support alter parallelism (#12345)")).toBe(12345);
    expect(prOf("Merge pull request #77 from fork/branch")).toBe(77);
    expect(prOf("chore: bump deps")).toBeNull();
    expect(needleOf('column "{}" is referenced by {}')).toBe("is referenced by");
    expect(needleOf("{}: {}")).toBeNull();
  });
});
