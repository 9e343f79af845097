import { describe, expect, it } from "vitest";
import { ACTION } from "../../src/render/actions.ts";
import { checkBlockKitLimits, NOT_SURE_TEXT, renderAnswer } from "../../src/render/index.ts";
import { DOWNSTREAM_ID, JOB_FRAGMENTS_ID, seedById } from "../support/seeds.ts";
import { BARE_PLACEHOLDER, buttons, exact, fuzzy, notFound, result, texts, unanalysed } from "./fixtures.ts";

const storage = unanalysed({
  id: "0000storagewrap1",
  slug: "storage-error",
  errorMessage: "Storage error: {0}",
  messagePattern: "Storage error: (.+?)",
});
const hint = unanalysed({
  id: "0000hintline0001",
  slug: "hint-line",
  errorMessage: "try again later",
  messagePattern: "try again later",
});

describe("honest when unsure", () => {
  const guesses = [
    fuzzy(seedById(DOWNSTREAM_ID), 0.17, "downstream relation lost for 1 -> 2"),
    fuzzy(storage, 0.16),
    fuzzy(storage, 0.15),
    fuzzy(hint, 0.15, "HINT:  try again later"),
    fuzzy(seedById(DOWNSTREAM_ID), 0.14, "downstream relation lost"),
    fuzzy(seedById(JOB_FRAGMENTS_ID), 0.12),
    fuzzy(notFound(), 0.11),
    fuzzy(unanalysed({ id: "0000extra0000001", slug: "extra", errorMessage: "one more guess" }), 0.1),
  ];
  const msg = renderAnswer(
    result(guesses, {
      verdict: "candidates",
      layers: ["Failed to run the query", "downstream relation lost for 1 -> 2"],
    }),
    { ephemeral: true },
    "ERROR: downstream relation lost for 1 -> 2",
  );
  const candidateButtons = buttons(msg.blocks).filter((b) => b.action_id?.startsWith(ACTION.alternativePrefix));

  it("says it is not sure instead of showing a card", () => {
    expect(texts(msg.blocks)[0]).toContain(NOT_SURE_TEXT);
    expect(msg.text).toContain(NOT_SURE_TEXT);
  });

  it("offers at most three distinct candidates: no duplicate text, no pure wrapper, no pasted HINT line", () => {
    const labels = candidateButtons.map((b) => b.text.text);
    expect(labels.length).toBeLessThanOrEqual(3);
    expect(new Set(labels).size).toBe(labels.length);
    expect(labels.join()).not.toContain("Storage error");
    expect(labels.join()).not.toContain("try again later");
    expect(labels).toEqual([
      "downstream relation missing for … -> …",
      "job fragments should exist for streaming job",
      "… not found: …",
    ]);
    for (const t of texts(msg.blocks)) expect(t).not.toMatch(BARE_PLACEHOLDER);
  });

  it("has no severity chip and no Post in channel, and offers Report as a new error", () => {
    const all = texts(msg.blocks).join("\n");
    for (const chip of [":red_circle:", ":rotating_light:", ":warning:"]) expect(all).not.toContain(chip);
    const ids = buttons(msg.blocks).map((b) => b.action_id);
    expect(ids).not.toContain(ACTION.postInChannel);
    expect(ids).toContain(ACTION.reportGap);
    const report = buttons(msg.blocks).find((b) => b.action_id === ACTION.reportGap);
    expect(JSON.parse(report?.value ?? "{}")).toEqual({ t: "downstream relation lost for 1 -> 2" });
    expect(checkBlockKitLimits(msg)).toEqual([]);
  });

  it("says plainly when nothing matches, with the same report button", () => {
    const none = renderAnswer(
      result([], { verdict: "none", layers: ["quantum flux misaligned"] }),
      { ephemeral: true },
      "ERROR: quantum flux misaligned",
    );
    // A whole error the knowledge base lacks: said so, and the paste is not blamed.
    expect(texts(none.blocks)[0]).toContain("This error is not in the knowledge base.");
    expect(texts(none.blocks)[0]).toContain("Report as a new error");
    expect(texts(none.blocks).join("\n")).not.toMatch(/Paste the whole error/);
    expect(none.text).toBe("This error is not in the knowledge base.");
    expect(buttons(none.blocks).map((b) => b.action_id)).toEqual([
      ACTION.reportGap,
      ACTION.searchDocs,
      ACTION.searchIssues,
      ACTION.openIssue,
    ]);
    expect(checkBlockKitLimits(none)).toEqual([]);
  });

  it("asks for the whole error only when the paste was a few words, not an error", () => {
    const words = renderAnswer(
      result([], { verdict: "none", looksLikeError: false, layers: [] }),
      { ephemeral: true },
      "flux shard",
    );
    expect(texts(words.blocks)[0]).toContain("No known RisingWave error matches this.");
    expect(texts(words.blocks)[0]).toContain("Paste the whole error with its `Caused by` chain");
    expect(buttons(words.blocks).map((b) => b.action_id)).toContain(ACTION.reportGap);
  });

  it("treats a confident exact answer as a card, not as unsure", () => {
    const answer = renderAnswer(result([exact(seedById(DOWNSTREAM_ID), ["1", "2"])]), { ephemeral: true });
    expect(texts(answer.blocks).join()).not.toContain(NOT_SURE_TEXT);
    expect(answer.blocks[0]?.type).toBe("header");
  });
});
