import { describe, expect, it } from "vitest";
import { detectVersion, normalizeVersion, resolveVersion } from "../../src/matcher/version-detect.ts";

describe("detecting the RisingWave release in a paste", () => {
  it.each([
    ["SELECT version() in psql", " version\n-----\n PostgreSQL 13.14.0-RisingWave-2.4.0 (8a1b2c3d)\n(1 row)", "v2.4.0"],
    ["SELECT version() of an old release", "PostgreSQL 13.9-RisingWave-0.2.0-alpha (b720f19)", "v0.2.0-alpha"],
    ["a DBeaver footer", "Database Version: PostgreSQL 13.14.0-RisingWave-2.7.3", "v2.7.3"],
    ["a docker image", "image: risingwavelabs/risingwave:v2.4.0\n", "v2.4.0"],
    ["a ghcr image in kubectl output", "Image: ghcr.io/risingwavelabs/risingwave:v1.10.1-rc.2  ", "v1.10.1-rc.2"],
    [
      "a meta node banner",
      "2024-05-08T09:06:17Z  INFO risingwave_meta::server: > version: 1.9.1 (3b2c1a0)\nERROR boom",
      "v1.9.1",
    ],
    ["the CLI", "$ risingwave --version\nrisingwave 2.1.0 (a1b2c3d)", "v2.1.0"],
    ["prose", "we run risingwave v2.4.0 on k8s", "v2.4.0"],
    ["the GitHub issue form", "### The version of RisingWave\n\nv1.10.0-rc.1\n", "v1.10.0-rc.1"],
    [
      "the issue form with a version() line",
      "### The version of RisingWave\n\nPostgreSQL 13.14.0-RisingWave-2.2.0 (x)",
      "v2.2.0",
    ],
    ["the first of two versions", "risingwavelabs/risingwave:v1.7.0 ... upgraded to risingwave v2.0.0", "v1.7.0"],
  ])("reads %s", (_name, paste, version) => {
    expect(detectVersion(paste)?.version).toBe(version);
  });

  it.each([
    ["a plain PostgreSQL", "PostgreSQL 15.3 on x86_64-pc-linux-gnu"],
    ["a nightly image (not a release)", "risingwavelabs/risingwave:nightly-20240101"],
    ["other software versions", "Extension Version: 1.30.0\nKafka 3.6.1\npsql (15.3)"],
    ["a crate path", "risingwave_meta 2.4"],
    ["an error without a version", "ERROR:  Failed to run the query\nCaused by:\n  Connection refused (os error 111)"],
  ])("finds nothing in %s", (_name, paste) => {
    expect(detectVersion(paste)).toBeUndefined();
  });

  it("says what gave the version away", () => {
    expect(detectVersion("x\nPostgreSQL 13.14.0-RisingWave-2.4.0 (abc)")?.evidence).toBe(
      "PostgreSQL 13.14.0-RisingWave-2.4.0",
    );
  });
});

describe("resolving the release an answer is for", () => {
  it("prefers the paste, then the channel, then the configured default", () => {
    const paste = "risingwavelabs/risingwave:v1.8.2";
    expect(resolveVersion(paste, "v2.4", "v2.5")).toEqual({
      version: "v1.8.2",
      source: "detected",
      evidence: "risingwavelabs/risingwave:v1.8.2",
    });
    expect(resolveVersion("boom", "v2.4", "v2.5")).toEqual({ version: "v2.4", source: "channel" });
    expect(resolveVersion("boom", undefined, "2.5")).toEqual({ version: "v2.5", source: "configured" });
    expect(resolveVersion("boom", "garbage", undefined)).toBeUndefined();
  });

  it("counts the original paste's release as detected when a part of it is matched again", () => {
    expect(resolveVersion("boom", "v2.4", "v2.5", "2.4.1")).toEqual({ version: "v2.4.1", source: "detected" });
    // The text matched now still wins, and a value that is no release is ignored.
    expect(resolveVersion("risingwave v1.9.0", "v2.4", undefined, "v2.4.1")).toMatchObject({ version: "v1.9.0" });
    expect(resolveVersion("boom", "v2.4", undefined, "banana")).toEqual({ version: "v2.4", source: "channel" });
  });

  it.each([
    ["v2.4", "v2.4"],
    ["2.4.1", "v2.4.1"],
    [" V1.10 ", "v1.10"],
    ["main", "main"],
    ["latest", undefined],
    ["2", undefined],
  ])("normalises %s", (text, want) => {
    expect(normalizeVersion(text)).toBe(want);
  });
});
