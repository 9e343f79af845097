/** Issue 20 item 10: source links that cannot 404 or point at the wrong lines. */
import { describe, expect, it } from "vitest";
import { pinnedSourceUrl } from "../../src/render/links.ts";

const REPO = "https://github.com/risingwavelabs/risingwave/blob";
const record = {
  analyzedSha: "6469eb736d691e8e9b8a419a57edd6429ca77417",
  githubUrl: null,
  filePath: "src/meta/src/stream/scale.rs",
  lineNumber: 930,
};

describe("source links", () => {
  it("pins a link to main to the commit the record was taken from, for the record's own file", () => {
    expect(pinnedSourceUrl(`${REPO}/main/src/meta/src/stream/scale.rs#L930`, record)).toBe(
      `${REPO}/${record.analyzedSha}/src/meta/src/stream/scale.rs#L930`,
    );
  });

  it("links nothing for a file on main the record does not hold (it may have moved)", () => {
    expect(pinnedSourceUrl(`${REPO}/main/src/stream/src/executor/moved.rs#L171`, record)).toBeNull();
  });

  it("gives a tag link without a line the record's line, or links nothing", () => {
    expect(pinnedSourceUrl(`${REPO}/v2.4.0/src/meta/src/stream/scale.rs`, record)).toBe(
      `${REPO}/v2.4.0/src/meta/src/stream/scale.rs#L930`,
    );
    expect(pinnedSourceUrl(`${REPO}/v2.4.0/src/other.rs`, record)).toBeNull();
    expect(pinnedSourceUrl(`${REPO}/v2.4.0/src/other.rs#L12-L20`, record)).toBe(`${REPO}/v2.4.0/src/other.rs#L12-L20`);
  });

  it("keeps links elsewhere as they are, and says nothing without one", () => {
    expect(pinnedSourceUrl("https://docs.rs/rdkafka", record)).toBe("https://docs.rs/rdkafka");
    expect(pinnedSourceUrl(null, record)).toBeNull();
  });
});
