import { describe, expect, it } from "vitest";
import type { ErrorRecord } from "../../src/catalog/schema.ts";
import type { Match, MatchResult } from "../../src/matcher/types.ts";
import { ACTION, decodeCardRef } from "../../src/render/actions.ts";
import {
  checkBlockKitLimits,
  renderAlreadyAnswered,
  renderAnswer,
  renderAnswerText,
  renderCardFromRef,
  renderDetailsView,
  renderFeedbackThanks,
  renderHelp,
  renderHome,
  renderNoMatch,
  renderPasteModal,
  renderRecord,
  renderSearchResults,
  renderStats,
} from "../../src/render/index.ts";
import { DOWNSTREAM_ID, JOB_FRAGMENTS_ID, seedById } from "../support/seeds.ts";

function exact(record: ErrorRecord, captures: string[] = [], layer?: string): Match {
  return {
    record,
    kind: "exact",
    confidence: 1,
    captures,
    layer: layer ?? record.errorMessage,
    layerIndex: 0,
    rootCause: true,
  };
}

function result(matches: Match[], extra: Partial<MatchResult> = {}): MatchResult {
  return {
    looksLikeError: true,
    truncated: false,
    inputBytes: 100,
    layers: [],
    matches,
    verdict: matches.length ? "answer" : "none",
    ...extra,
  };
}

/** A record whose every text field is hostile: Slack control characters and huge sizes. */
function hostileRecord(): ErrorRecord {
  const base = seedById(DOWNSTREAM_ID);
  const big = "<script> & <!channel> ".repeat(400);
  return {
    ...base,
    id: "hostile",
    errorMessage: `a <b> & c {} ${"x".repeat(300)}`,
    documentation: big,
    solutions: Array.from({ length: 40 }, (_, i) => `step ${i} ${big}`),
    exampleFix: big,
    preventionTips: Array.from({ length: 40 }, () => big),
    triggerScenarios: big,
    commonSituations: big,
    validationCode: big,
    tryCatchPattern: big,
    sourceCode: big,
  };
}

/** What Slack displays: every string but button values, which are never shown. */
function allText(payload: unknown): string {
  return JSON.stringify(payload, (key, v) => (key === "value" ? undefined : v));
}

describe("remediation card", () => {
  const downstream = seedById(DOWNSTREAM_ID);

  it("shows title, severity, the error with captured values, meaning, numbered solutions, fix, tips, source and why", () => {
    const msg = renderAnswer(
      result([exact(downstream, ["1002", "1004"], "downstream relation missing for 1002 -> 1004")]),
      { ephemeral: true },
    );
    const text = allText(msg.blocks);
    expect(msg.blocks[0]).toMatchObject({
      type: "header",
      text: { text: "downstream relation missing for {} -&gt; {}" },
    });
    expect(text).toContain("downstream relation missing for 1002 -&gt; 1004");
    expect(text).toContain("*What it means*");
    expect(text).toContain("1. Retry the rescale operation once other DDL on the job has settled");
    expect(text).toContain("2. Check meta logs");
    expect(text).toContain("*Example fix*");
    expect(text).toContain("*Prevention*");
    expect(text).toContain(`<${downstream.githubUrl}|src/meta/src/stream/scale.rs:930>`);
    expect(text).toContain(DOWNSTREAM_ID);
    expect(text).toContain("exact match of the pattern on the root cause (confidence 100%)");
    expect(msg.text).toBe(
      "[error] downstream relation missing for 1002 -&gt; 1004. First step: Retry the rescale operation once other DDL on the job has settled",
    );
    expect(checkBlockKitLimits(msg)).toEqual([]);
  });

  it("offers Helpful, Not helpful, Show details, and Post in channel only when ephemeral", () => {
    const ids = (eph: boolean) =>
      renderAnswer(result([exact(downstream)]), { ephemeral: eph }).blocks.flatMap((b) =>
        b.type === "actions" ? b.elements.map((e) => e.action_id) : [],
      );
    expect(ids(true)).toEqual([ACTION.helpful, ACTION.notHelpful, ACTION.details, ACTION.postInChannel]);
    expect(ids(false)).toEqual([ACTION.helpful, ACTION.notHelpful, ACTION.details]);
  });

  it("carries the record and captures in button values that decode back", () => {
    const msg = renderAnswer(result([exact(downstream, ["1002", "1004"])]), { ephemeral: false });
    const actions = msg.blocks.find((b) => b.type === "actions");
    const value = actions?.type === "actions" ? actions.elements[0]?.value : undefined;
    expect(decodeCardRef(value)).toEqual({ r: DOWNSTREAM_ID, k: "e", c: 1, v: ["1002", "1004"] });
  });

  it("lists up to three alternatives as buttons with unique action ids", () => {
    const other = seedById(JOB_FRAGMENTS_ID);
    const alts = [1, 2, 3, 4].map(() => ({ ...exact(other), kind: "fuzzy" as const, confidence: 0.5 }));
    const msg = renderAnswer(result([exact(downstream), ...alts]), { ephemeral: true });
    const altIds = msg.blocks.flatMap((b) =>
      b.type === "actions"
        ? b.elements.map((e) => e.action_id).filter((id) => id.startsWith(ACTION.alternativePrefix))
        : [],
    );
    expect(altIds).toEqual(["rwerror_alternative_0", "rwerror_alternative_1", "rwerror_alternative_2"]);
    expect(checkBlockKitLimits(msg)).toEqual([]);
  });

  it("escapes & < > from records and cuts every field to Block Kit limits", () => {
    const hostile = hostileRecord();
    const msg = renderAnswer(result([exact(hostile, ["<@U1> & <!here>"])]), { ephemeral: true });
    expect(checkBlockKitLimits(msg)).toEqual([]);
    const text = allText(msg.blocks);
    expect(text).not.toContain("<script>");
    expect(text).not.toContain("<!channel>");
    expect(text).not.toContain("<!here>");
    expect(text).toContain("&lt;script&gt; &amp;");
    expect(text).toContain("…");
    const view = renderDetailsView(hostile);
    expect(checkBlockKitLimits(view)).toEqual([]);
    expect(allText(view)).not.toContain("<script>");
  });

  it("re-renders the same card from a button value", () => {
    const ref = { r: DOWNSTREAM_ID, k: "e" as const, c: 0.9, v: ["7", "8"] };
    const msg = renderCardFromRef(downstream, ref, { ephemeral: false });
    expect(allText(msg.blocks)).toContain("downstream relation missing for 7 -&gt; 8");
    expect(checkBlockKitLimits(msg)).toEqual([]);
  });

  it("replaces the feedback buttons with a thank-you line and keeps the rest", () => {
    const msg = renderAnswer(result([exact(downstream)]), { ephemeral: false });
    const thanked = renderFeedbackThanks(msg.blocks, false);
    const text = allText(thanked);
    expect(text).not.toContain(ACTION.helpful);
    expect(text).toContain(ACTION.details);
    expect(text).toContain("marked as not helpful");
  });
});

describe("other messages", () => {
  it("says plainly when nothing matches and lists the closest candidates", () => {
    const fuzzy = { ...exact(seedById(JOB_FRAGMENTS_ID)), kind: "fuzzy" as const, confidence: 0.3 };
    const msg = renderNoMatch(result([]), [fuzzy]);
    expect(msg.text).toBe("No known RisingWave error matches this paste.");
    expect(allText(msg.blocks)).toContain("job fragments should exist for streaming job");
    expect(renderAnswer(result([]), { ephemeral: true }).text).toBe("No known RisingWave error matches this paste.");
  });

  it("notes a truncated paste", () => {
    const msg = renderAnswer(result([], { truncated: true, inputBytes: 300_000 }), { ephemeral: true });
    expect(allText(msg.blocks)).toContain("only its head was read");
  });

  it("renders help, show, search, stats, flood notice, modals and home within limits", () => {
    const rec = seedById(JOB_FRAGMENTS_ID);
    const payloads = [
      renderHelp(),
      renderRecord(rec, rec.id),
      renderRecord(undefined, "nope<>"),
      renderSearchResults("fragments", [exact(rec)]),
      renderSearchResults("zzz", []),
      renderStats([{ recordId: rec.id, title: rec.errorMessage, count: 3 }], "the last 7 days"),
      renderStats([], "the last 7 days"),
      renderAlreadyAnswered(rec, "https://example.slack.com/archives/C1/p1"),
      renderPasteModal('{"channel":"C1"}'),
      renderHome({ recordCount: 2, datasetVersion: "v1", topErrors: [{ recordId: null, title: "<x>", count: 1 }] }),
    ];
    for (const p of payloads) expect(checkBlockKitLimits(p)).toEqual([]);
    expect(allText(renderRecord(undefined, "nope<>"))).toContain("nope&lt;&gt;");
  });

  it("the details modal holds trigger scenarios, situations, tips, validation, try/catch and source", () => {
    const text = allText(renderDetailsView(seedById(DOWNSTREAM_ID)));
    for (const title of [
      "Trigger scenarios",
      "Common situations",
      "Prevention tips",
      "Validation code",
      "Try/catch pattern",
      "Source (src/meta/src/stream/scale.rs:912)",
    ]) {
      expect(text).toContain(title);
    }
  });
});

describe("limits checker", () => {
  it("reports what Slack would reject", () => {
    const tooMany = { text: "x", blocks: Array.from({ length: 51 }, () => ({ type: "divider" })) };
    expect(checkBlockKitLimits(tooMany)).toContain("51 blocks > 50");
    const noFallback = { blocks: [{ type: "section", text: { type: "mrkdwn", text: "a" } }] };
    expect(checkBlockKitLimits(noFallback)).toContain("message has blocks but no plain text fallback");
    const dup = {
      text: "x",
      blocks: [
        { type: "actions", elements: [{ type: "button", text: { type: "plain_text", text: "a" }, action_id: "a" }] },
        { type: "actions", elements: [{ type: "button", text: { type: "plain_text", text: "b" }, action_id: "a" }] },
      ],
    };
    expect(checkBlockKitLimits(dup).join()).toContain("duplicate action_id a");
    const longHeader = { text: "x", blocks: [{ type: "header", text: { type: "plain_text", text: "h".repeat(151) } }] };
    expect(checkBlockKitLimits(longHeader).join()).toContain("text 151 > 150");
  });
});

describe("terminal text", () => {
  it("holds the same content as the card", () => {
    const rec = seedById(DOWNSTREAM_ID);
    const text = renderAnswerText(
      result([exact(rec, ["1002", "1004"], "downstream relation missing for 1002 -> 1004")]),
    );
    expect(text).toContain("downstream relation missing for {} -> {}");
    expect(text).toContain("downstream relation missing for 1002 -> 1004");
    expect(text).toContain('captured: "1002", "1004"');
    expect(text).toContain("What it means:");
    expect(text).toContain("  1. Retry the rescale operation");
    expect(text).toContain("Example fix:");
    expect(text).toContain("Prevention:");
    expect(text).toContain("Source: src/meta/src/stream/scale.rs:930");
    expect(text).toContain(`Record: ${DOWNSTREAM_ID} (downstream-relation-missing-for)`);
    expect(text).toContain("Why this match: exact match");
    expect(renderAnswerText(result([]))).toContain("No known RisingWave error matches this paste.");
  });
});
