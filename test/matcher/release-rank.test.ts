import { existsSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { catalogFromRecords, loadCatalog } from "../../src/catalog/index.ts";
import type { ErrorRecord } from "../../src/catalog/schema.ts";
import { createMatcher } from "../../src/matcher/index.ts";
import { renderAnswerText } from "../../src/render/text.ts";
import { templateRecord } from "../support/records.ts";
import { corpusDir, DOWNSTREAM_ID, seedById } from "../support/seeds.ts";

const BLOB = "https://github.com/risingwavelabs/risingwave/blob";
const BARRIER_FILE = "src/meta/src/barrier/mod.rs";

function template(over: Partial<ErrorRecord> & { id: string; errorMessage: string; releases: string[] }): ErrorRecord {
  const filePath = over.filePath ?? BARRIER_FILE;
  return templateRecord({
    validationCode: null,
    tryCatchPattern: null,
    backgroundTag: null,
    filePath,
    lineNumber: 20,
    sourceCode:
      'impl GlobalBarrierManager {\n    async fn inject_barrier(&self) -> Result<()> {\n        let x = y;\n        bail!("...");',
    sourceCodeStart: 18,
    sourceCodeEnd: 21,
    githubUrl: `${BLOB}/0123abc/${filePath}#L18-L21`,
    ...over,
  });
}

/** One error reworded between releases (same file and function), plus a wording printed by two files. */
const OLD = template({
  id: "old-barrier",
  errorMessage: "Failed to get barrier from the stream: {}",
  releases: ["v1.4.0", "v1.9.0", "v1.10.0"],
});
const NEW = template({
  id: "new-barrier",
  errorMessage: "failed to collect barrier: {}",
  releases: ["v2.1.0", "v2.4.0", "main"],
  documentation: "The meta node injected a barrier and a compute node did not collect it.",
  solutions: ["Check the compute node logs for the actor that failed."],
});
const EXITED_OLD = template({
  id: "exited-old",
  errorMessage: "actor {} exited unexpectedly while streaming",
  releases: ["v1.0.0", "v1.4.0", "v1.9.0"],
  filePath: "src/stream/src/task/old_manager.rs",
});
const EXITED_NEW = template({
  id: "exited-new",
  errorMessage: "actor {} exited unexpectedly while streaming",
  releases: ["v2.1.0", "v2.4.0", "main"],
  filePath: "src/stream/src/task/barrier_manager.rs",
});
const EARLY = template({
  id: "early",
  errorMessage: "hummock version checkpoint is corrupted beyond repair",
  releases: ["v0.18.0", "v1.0.0"],
  filePath: "src/meta/src/hummock/checkpoint.rs",
});
const AGG = [400, 520].map((line, i) =>
  template({
    id: `agg-${i}`,
    errorMessage: `agg state ${i} is inconsistent for group {}`,
    releases: ["v1.9.0", "v1.10.0", "v2.4.0"],
    filePath: "src/stream/src/executor/hash_agg.rs",
    lineNumber: line,
    sourceCode: `    fn apply_chunk_${i}(&mut self) {\n        x;\n`,
    sourceCodeStart: line - 1,
  }),
);

const catalog = catalogFromRecords([OLD, NEW, EXITED_OLD, EXITED_NEW, EARLY, ...AGG]);
const matcher = createMatcher(catalog);
const psql = (root: string) => `ERROR:  Failed to run the query\n\nCaused by:\n  ${root}`;

describe("an old wording of an error", () => {
  const paste = psql("Failed to get barrier from the stream: deadline exceeded after 60s");

  it("matches its record with the release range and the source at its newest release's tag", () => {
    const best = matcher.match(paste).matches[0];
    expect(best?.record.id).toBe("old-barrier");
    expect(best?.release?.range).toBe("v1.4–v1.10");
    expect(best?.release?.sourceTag).toBe("v1.10.0");
    expect(best?.release?.sourceUrl).toBe(`${BLOB}/v1.10.0/${BARRIER_FILE}#L18-L21`);
  });

  it("links the newest release's wording of the same error and carries over its analysis", () => {
    const release = matcher.match(paste).matches[0]?.release;
    expect(release?.successor?.record.id).toBe("new-barrier");
    // main moves: its link stays at the pinned commit the catalog was extracted from.
    expect(release?.successor?.url).toBe(`${BLOB}/0123abc/${BARRIER_FILE}#L18-L21`);
    expect(release?.analysisFrom?.id).toBe("new-barrier");
    expect(release?.note).toBe(
      'this wording is from v1.4–v1.10; in main the same error reads "failed to collect barrier: {}"',
    );
    const text = renderAnswerText(matcher.match(paste));
    expect(text).toContain("The meta node injected a barrier and a compute node did not collect it.");
    expect(text).toContain("1. Check the compute node logs for the actor that failed.");
    expect(text).toContain("Releases: v1.4–v1.10\n");
    expect(text).not.toContain("unknown release");
    expect(text).toContain(`${BLOB}/v1.10.0/${BARRIER_FILE}`);
  });

  it("says the user's release does not print it, naming where that release came from", () => {
    const result = matcher.match(paste, { channelVersion: "v2.4" });
    expect(result.version).toEqual({ version: "v2.4", source: "channel", tag: "v2.4.0" });
    const release = result.matches[0]?.release;
    expect(release?.inUserRelease).toBe(false);
    expect(release?.note).toMatch(
      /^this wording is from v1\.4–v1\.10; your release v2\.4 \(this channel's setting\) does not print it/,
    );
    expect(renderAnswerText(result)).toContain("answered for v2.4 (this channel's setting)");
  });

  it("links the source at the user's own tag when their release prints it", () => {
    const result = matcher.match(`risingwavelabs/risingwave:v1.9.3\n${paste}`, { channelVersion: "v2.4" });
    expect(result.version).toMatchObject({ version: "v1.9.3", source: "detected", tag: "v1.9.0" });
    const release = result.matches[0]?.release;
    expect(release?.inUserRelease).toBe(true);
    expect(release?.sourceUrl).toBe(`${BLOB}/v1.9.0/${BARRIER_FILE}`);
    expect(release?.note).toBe(
      'this wording is from v1.4–v1.10; in main the same error reads "failed to collect barrier: {}"',
    );
  });

  it("has no successor when nothing in the newest release is close", () => {
    const release = matcher.match(psql("hummock version checkpoint is corrupted beyond repair")).matches[0]?.release;
    expect(release?.range).toBe("v0.18–v1.0");
    expect(release?.successor).toBeUndefined();
    expect(release?.note).toBe("this wording is from v0.18–v1.0");
  });
});

describe("version-aware ranking", () => {
  const paste = psql("actor 7 exited unexpectedly while streaming");

  it("prefers the newest release that has the wording when no release is known", () => {
    expect(matcher.match(paste).matches.map((m) => m.record.id)).toEqual(["exited-new", "exited-old"]);
  });

  it("ranks the user's release first, and still offers the other", () => {
    const ids = createMatcher(catalog, { risingwaveVersion: "v1.4" })
      .match(paste)
      .matches.map((m) => m.record.id);
    expect(ids).toEqual(["exited-old", "exited-new"]);
  });

  it("lets the paste's own version beat the channel's, and the channel's beat the configured one", () => {
    const configuredOld = createMatcher(catalog, { risingwaveVersion: "v1.4" });
    expect(configuredOld.match(paste, { channelVersion: "v2.4" }).matches[0]?.record.id).toBe("exited-new");
    expect(
      configuredOld.match(`PostgreSQL 13.14.0-RisingWave-1.9.1 (abc)\n${paste}`, { channelVersion: "v2.4" }).matches[0]
        ?.record.id,
    ).toBe("exited-old");
  });
});

describe("a panic located by file and line", () => {
  const panic =
    "thread 'risingwave-streaming-actor' panicked at src/stream/src/executor/hash_agg.rs:431:21:\ncalled `Option::unwrap()` on a `None` value";

  it("names the function it is in from the nearest record above the line, below an answer", () => {
    const result = matcher.match(panic, { channelVersion: "v1.10" });
    expect(result.verdict).toBe("candidates");
    const best = result.matches[0];
    expect(best?.record.id).toBe("agg-0");
    expect(best?.panicSite).toMatchObject({
      file: "src/stream/src/executor/hash_agg.rs",
      line: 431,
      col: 21,
      release: "v1.10.0",
      function: "apply_chunk_0",
      label: "panicked in src/stream/src/executor/hash_agg.rs:431 (v1.10)",
      url: `${BLOB}/v1.10.0/src/stream/src/executor/hash_agg.rs#L431`,
    });
    expect(renderAnswerText(result)).toContain("panicked in src/stream/src/executor/hash_agg.rs:431 (v1.10)");
    expect(best?.release?.range).toBe("v1.9–v2.4");
  });

  it("reads the old panic header and a build path", () => {
    const old =
      "thread 'tokio-runtime-worker' panicked at 'assertion failed: self.remaining() >= 1', /risingwave/src/stream/src/executor/hash_agg.rs:530:9";
    expect(matcher.match(old).panicSite).toMatchObject({
      file: "src/stream/src/executor/hash_agg.rs",
      line: 530,
      release: "v2.4.0",
    });
    expect(matcher.match(old).matches[0]?.record.id).toBe("agg-1");
  });

  it("keeps a matching template first and the answer verdict", () => {
    const templated =
      "thread 'actor' panicked at src/stream/src/executor/hash_agg.rs:431:21:\nagg state 1 is inconsistent for group 42";
    const result = matcher.match(templated);
    expect(result.matches[0]?.record.id).toBe("agg-1");
    expect(result.matches[0]?.panicSite).toBeUndefined();
    expect(result.panicSite?.line).toBe(431);
  });

  it("skips frames in dependencies and reads the first RisingWave frame of the backtrace", () => {
    const deep = [
      "thread 'risingwave-streaming-actor' panicked at /root/.cargo/registry/src/index.crates.io-6f17d22bba15001f/bytes-1.5.0/src/buf/buf_impl.rs:289:9:",
      "assertion failed: self.remaining() >= 1",
      "stack backtrace:",
      "   0: rust_begin_unwind",
      "             at /rustc/a28077b28a02b92985b3a3faecf92813155f1ea1/library/std/src/panicking.rs:597:5",
      "   1: risingwave_stream::executor::hash_agg::HashAggExecutor::apply_chunk",
      "             at ./src/stream/src/executor/hash_agg.rs:523:17",
    ].join("\n");
    const site = matcher.match(deep).panicSite;
    expect(site).toMatchObject({
      file: "src/stream/src/executor/hash_agg.rs",
      line: 523,
      col: 17,
      function: "apply_chunk_1",
    });
  });

  it("still names where it panicked when no record of that file is near", async () => {
    const { renderNothingFound } = await import("../../src/render/index.ts");
    const far = "thread 'main' panicked at src/stream/src/executor/hash_agg.rs:5000:1:\nattempt to divide by zero";
    const result = matcher.match(far);
    expect(result.matches).toEqual([]);
    expect(result.panicSite?.label).toBe("panicked in src/stream/src/executor/hash_agg.rs:5000 (v2.4)");
    expect(JSON.stringify(renderNothingFound(result, far).blocks)).toContain(
      `<${BLOB}/v2.4.0/src/stream/src/executor/hash_agg.rs#L5000|panicked in src/stream/src/executor/hash_agg.rs:5000 (v2.4)>`,
    );
    expect(renderAnswerText(result)).toContain("panicked in src/stream/src/executor/hash_agg.rs:5000 (v2.4)");
  });

  it("locates nothing in a file the catalog does not know, and nothing without a panic", () => {
    expect(
      matcher.match("thread 'main' panicked at /root/.cargo/registry/src/tokio-1.38.0/src/runtime.rs:10:5:\nboom")
        .matches,
    ).toEqual([]);
    expect(matcher.match("error at src/stream/src/executor/hash_agg.rs:431:21").panicSite).toBeUndefined();
  });
});

const releasesFile = `${corpusDir}risingwave-releases.jsonl`;
describe.skipIf(!existsSync(releasesFile))("with every release loaded (skipped: ../shared/corpus absent)", () => {
  const all = existsSync(releasesFile) ? createMatcher(loadCatalog(["data", releasesFile]).catalog) : matcher;

  it("answers a v1.x-only message with that record, its release range and the source at its tag", () => {
    const result = all.match(
      psql("properties `scan_startup_mode` only support earliest and latest or leave it empty"),
      { channelVersion: "v2.4" },
    );
    const best = result.matches[0];
    expect(best?.record.errorMessage).toBe(
      "properties `scan_startup_mode` only support earliest and latest or leave it empty",
    );
    expect(best?.release?.range).toBe("v0.18–v1.10");
    expect(best?.release?.sourceUrl).toMatch(
      /\/blob\/v1\.10\.0\/src\/connector\/src\/source\/kafka\/enumerator\/client\.rs/,
    );
    expect(best?.release?.note).toMatch(/^this wording is from v0\.18–v1\.10; your release v2\.4/);
  });

  it("answers the old wording of an analysed seed with the seed's analysis", () => {
    const seed = seedById(DOWNSTREAM_ID);
    // The shipped analysis (data/analysis) corrects the seed's own text; the card shows that one.
    const analysed = loadCatalog(["data"]).catalog.records.find((r) => r.id === DOWNSTREAM_ID);
    expect(analysed?.analysis?.kind).toBe("record");
    expect(analysed?.documentation).not.toBe(seed.documentation);
    const best = all.match(psql("downstream relation missing for 1 -> 2")).matches;
    expect(best[0]?.record.documentation).toBe(analysed?.documentation);
    // The seed and its joined corpus copy are one error: one card.
    expect(best.filter((m) => m.record.errorMessage === seed.errorMessage)).toHaveLength(1);
  });
});

describe("the Slack card of an old wording", () => {
  it("shows the release range, the note and the source at the tag in one context line", async () => {
    const { renderAnswer } = await import("../../src/render/index.ts");
    const result = matcher.match(psql("Failed to get barrier from the stream: deadline exceeded after 60s"), {
      channelVersion: "v2.4",
    });
    const blocks = JSON.stringify(renderAnswer(result, { ephemeral: true }).blocks);
    expect(blocks).toContain("releases v1.4–v1.10 · answered for v2.4 (this channel's setting)");
    expect(blocks).toContain("this wording is from v1.4–v1.10; your release v2.4");
    expect(blocks).toContain(`<${BLOB}/v1.10.0/${BARRIER_FILE}#L18-L21|${BARRIER_FILE}:20>`);
    // The analysis of the newest wording is carried over.
    expect(blocks).toContain("The meta node injected a barrier and a compute node did not collect it.");
  });
});

describe("a wording that both an old and the newest release's template explain", () => {
  const oldCast = template({
    id: "cast-old",
    errorMessage: "cannot cast type {} to {} in {} context",
    releases: ["v1.4.0", "v1.10.0"],
    filePath: "src/frontend/src/expr/type_inference/cast.rs",
  });
  const newCast = template({
    id: "cast-new",
    errorMessage: "cannot cast type {} to {}",
    releases: ["v2.1.0", "main"],
    filePath: "src/frontend/src/expr/type_inference/cast.rs",
  });
  const m = createMatcher(catalogFromRecords([oldCast, newCast]));
  const paste = psql('cannot cast type "varchar" to "varchar[]" in Assign context');

  it("leads with the newest release's template when no release is known", () => {
    expect(m.match(paste).matches.map((x) => x.record.id)).toEqual(["cast-new", "cast-old"]);
  });

  it("leads with the user's release's template when it is known", () => {
    expect(m.match(paste, { channelVersion: "v1.10" }).matches[0]?.record.id).toBe("cast-old");
  });
});

describe("an old wording with a family analysis", () => {
  it("shows the newest wording's record analysis, not the family's", async () => {
    const { dataFolder, familyLine } = await import("../support/analysis-files.ts");
    const dir = dataFolder([OLD, NEW], { "families.jsonl": [familyLine("meta-errors", { filePath: "src/meta/**" })] });
    const loaded = loadCatalog([dir]).catalog;
    expect(loaded.byId("old-barrier")?.analysis).toMatchObject({ kind: "family", from: "meta-errors" });
    const best = createMatcher(loaded).match(psql("Failed to get barrier from the stream: deadline exceeded after 60s"))
      .matches[0];
    expect(best?.record.id).toBe("old-barrier");
    expect(best?.release?.analysisFrom?.id).toBe("new-barrier");
    const { toJsonAnswer } = await import("../../src/cli/json.ts");
    expect(
      toJsonAnswer(createMatcher(loaded).match(psql("Failed to get barrier from the stream: x"))).matches[0]?.analysis,
    ).toBe("record");
  });
});
