import { describe, expect, it } from "vitest";
import type { ErrorRecord } from "../../src/catalog/schema.ts";
import type { ReleaseFacts } from "../../src/matcher/release-rank.ts";
import {
  checkBlockKitLimits,
  renderAnswer,
  renderAnswerText,
  renderDetailsView,
  visibleChars,
} from "../../src/render/index.ts";
import { exact, firstScreen, result, texts, unanalysed } from "./fixtures.ts";

/** A record as `rwerror catalog build` ships it: facts, no source text, no analysis. */
function built(over: Partial<ErrorRecord> = {}): ErrorRecord {
  return unanalysed({
    id: "1111222233334444",
    errorMessage: "actor {} exited unexpectedly: {}",
    messagePattern: "actor (.+?) exited unexpectedly: (.+?)",
    filePath: "src/stream/src/task/barrier_manager.rs",
    lineNumber: 412,
    githubUrl: `https://github.com/risingwavelabs/risingwave/blob/${"a".repeat(40)}/src/stream/src/task/barrier_manager.rs#L412`,
    sourceCode: null,
    sourceCodeStart: null,
    sourceCodeEnd: null,
    releases: ["v1.4.0", "v1.5.0", "v2.0.1"],
    component: "stream",
    function: "LocalBarrierWorker::notify_actor_failure",
    history: {
      added: { release: "v1.4.0", commit: "c".repeat(40), pr: 12345 },
      removed: {
        release: "v2.1.0",
        commit: "d".repeat(40),
        pr: 23456,
        subject: "refactor(stream): merge actor errors (#23456)",
      },
    },
    examples: [{ sql: "select 1/0;", source: "e2e_test/batch/functions/div.slt.part:7", release: "v2.0.1" }],
    ...over,
  });
}

const ctx = { ephemeral: false as const };
const answer = (r: ErrorRecord, release?: Partial<ReleaseFacts>) =>
  renderAnswer(result([exact(r, ["7", "boom"], undefined, release ? { release: release as ReleaseFacts } : {})]), ctx);

describe("cards use what catalog build knows about a record", () => {
  it("names the component and function where it is raised, linked to the exact line", () => {
    const meta = texts(firstScreen(answer(built()).blocks)).join("\n");
    expect(meta).toContain(
      "raised in *stream* · `LocalBarrierWorker::notify_actor_failure` · <https://github.com/risingwavelabs/risingwave/blob/",
    );
    expect(meta).toContain("/barrier_manager.rs#L412|src/stream/src/task/barrier_manager.rs:412>");
  });

  it("says when the wording arrived, with its PR", () => {
    const meta = texts(firstScreen(answer(built()).blocks)).join("\n");
    expect(meta).toContain("added in v1.4 (<https://github.com/risingwavelabs/risingwave/pull/12345|#12345>)");
  });

  it("says which PR changed the wording when it is gone from main, and never calls it a fix", () => {
    const text = texts(firstScreen(answer(built()).blocks)).join("\n");
    expect(text).toContain(
      "changed in v2.1 by <https://github.com/risingwavelabs/risingwave/pull/23456|#23456> “refactor(stream): merge actor errors”",
    );
    expect(text).not.toMatch(/fixed/i);
  });

  it("leaves the change out when the user's release still prints the wording", () => {
    const text = texts(firstScreen(answer(built(), { inUserRelease: true }).blocks)).join("\n");
    expect(text).toContain("added in v1.4");
    expect(text).not.toContain("changed in");
    const gone = texts(firstScreen(answer(built(), { inUserRelease: false }).blocks)).join("\n");
    expect(gone).toContain("changed in v2.1");
  });

  it("says nothing of a change for a wording main still prints", () => {
    const text = texts(
      firstScreen(
        answer(
          built({
            releases: ["v1.4.0", "main"],
            history: { added: { release: "v1.4.0", commit: null, pr: null }, removed: null },
          }),
        ).blocks,
      ),
    ).join("\n");
    expect(text).toContain("added in v1.4");
    expect(text).not.toContain("(#");
    expect(text).not.toContain("changed in");
  });

  it("links the raising lines when the record has no source text", () => {
    const text = texts(answer(built()).blocks).join("\n");
    expect(text).toContain("Read the code that raises it: <https://github.com/risingwavelabs/risingwave/blob/");
    expect(text).not.toContain("no source lines");
  });

  it("shows RisingWave's own test SQL under Show details, linked at its release", () => {
    const view = renderDetailsView(built());
    const text = texts(view.blocks).join("\n");
    expect(text).toContain("RisingWave's own tests raise it with:");
    expect(text).toContain("```select 1/0;```");
    expect(text).toContain(
      "<https://github.com/risingwavelabs/risingwave/blob/v2.0.1/e2e_test/batch/functions/div.slt.part#L7|e2e_test/batch/functions/div.slt.part:7>",
    );
    expect(checkBlockKitLimits(view)).toEqual([]);
  });

  it("keeps a card with every fact within its first screen", () => {
    const message = answer(built({ function: `Some::${"very_long_name".repeat(12)}` }));
    expect(visibleChars(firstScreen(message.blocks))).toBeLessThanOrEqual(900);
    expect(checkBlockKitLimits(message)).toEqual([]);
  });

  it("prints the same facts on the terminal", () => {
    const text = renderAnswerText(result([exact(built(), ["7", "boom"])]));
    expect(text).toContain(
      "raised in stream · LocalBarrierWorker::notify_actor_failure · src/stream/src/task/barrier_manager.rs:412",
    );
    expect(text).toContain("added in v1.4 (#12345) · changed in v2.1 by #23456 “refactor(stream): merge actor errors”");
    expect(text).toContain("RisingWave's own tests raise it with:\n    select 1/0;");
  });
});

describe("a card with no analysis still says who acts and what to do (issue 16 item 5)", () => {
  const card = (over: Partial<ErrorRecord>) => texts(firstScreen(answer(built(over)).blocks)).join("\n");
  const terminal = (over: Partial<ErrorRecord>) => renderAnswerText(result([exact(built(over), ["7", "boom"])]));

  it("tells the user the statement or a setting is theirs to change, with the values the message names", () => {
    const text = card({ origin: "user" });
    expect(text).toContain("Who acts: you. RisingWave refused the statement or a setting in the stream");
    expect(text).toContain("Check the values the message names (7, boom)");
    expect(terminal({ origin: "user" })).toContain("Who acts: you.");
  });

  it("points at the upstream system for an external error", () => {
    const text = card({ origin: "external" });
    expect(text).toContain("Who acts: an upstream system.");
    expect(text).toContain("a log line's error= field carries that system's own words");
  });

  it("calls an internal failure a bug and offers the prefilled issue", () => {
    const text = card({ origin: "internal" });
    expect(text).toContain(
      "Who acts: RisingWave. An internal check failed in the stream (LocalBarrierWorker::notify_actor_failure): a bug if it fires.",
    );
    expect(text).toMatch(
      /Not reported yet\? <https:\/\/github\.com\/risingwavelabs\/risingwave\/issues\/new\?[^|]+\|Open a GitHub issue>/,
    );
  });

  it("says a log line is not the error and where to look instead", () => {
    const text = card({ errorType: "log", origin: null });
    expect(text).toContain("A log line in the stream");
    expect(text).toContain("for an ERROR line or a panic");
  });

  it("keeps the search steps when the code does not say who acts", () => {
    const text = card({ origin: null });
    expect(text).not.toContain("Who acts");
    expect(text).toContain("Nothing there?");
  });

  it("escapes what the paste put in the values", () => {
    const r = built({ origin: "user" });
    const text = texts(firstScreen(renderAnswer(result([exact(r, ["<!channel>", "a & b"])]), ctx).blocks)).join("\n");
    const step = text.split("\n").find((l) => l.includes("Check the values")) ?? "";
    expect(step).toContain("(&lt;!channel&gt;, a &amp; b)");
    expect(step).not.toContain("<!channel>");
  });
});
