import { describe, expect, it } from "vitest";
import { ACTION, decodeCardRef } from "../../src/render/actions.ts";
import { CANDIDATE_BANNER } from "../../src/render/card.ts";
import { renderAnswer, renderCardFromRef, renderDetailsView, renderRecordCard } from "../../src/render/index.ts";
import { DOWNSTREAM_ID, seedById } from "../support/seeds.ts";
import { buttons, exact, fuzzy, result, texts } from "./fixtures.ts";

const downstream = seedById(DOWNSTREAM_ID);
const opts = { ephemeral: true };
const ids = (blocks: Parameters<typeof buttons>[0]) => buttons(blocks).map((b) => b.action_id);

describe("a card says what it is: an answer, a candidate or a lookup", () => {
  it("an answer says it matched exactly, whatever its score", () => {
    const card = renderAnswer(result([exact(downstream, ["1", "2"], undefined, { confidence: 0.42 })]), opts);
    expect(texts(card.blocks).join("\n")).toContain("Why this match: matched exactly on the root cause (42%)");
    expect(ids(card.blocks)).toContain(ACTION.postInChannel);
  });

  it("a candidate opened from its button renders as a candidate, with nothing to post in the channel", () => {
    const unsure = renderAnswer(
      result([fuzzy(downstream, 0.03, "downstream missing"), fuzzy(seedById(DOWNSTREAM_ID), 0.02, "x")], {
        verdict: "candidates",
      }),
      opts,
    );
    const candidate = buttons(unsure.blocks).find((b) => b.action_id?.startsWith(ACTION.alternativePrefix));
    const ref = decodeCardRef(candidate?.value);
    expect(ref?.s).toBe("c");
    if (!ref) throw new Error("no candidate button");
    const card = renderCardFromRef(downstream, ref, opts);
    const text = texts(card.blocks).join("\n");
    expect(text).toContain("a candidate, not a confident match (3%): check it fits the error");
    expect(text).not.toMatch(/matched exactly|exact match/);
    expect(ids(card.blocks)).not.toContain(ACTION.postInChannel);
  });

  it("an exact match the verdict did not take says candidate, never 'exact match … (27%)'", () => {
    const ref = { r: downstream.id, k: "e" as const, c: 0.27, v: [] };
    const text = texts(renderCardFromRef(downstream, ref, opts).blocks).join("\n");
    expect(text).toContain("a candidate, not a confident match (27%)");
  });

  it("a lookup (show, search, Home, digest) claims no match and no first sighting", () => {
    const text = texts(renderRecordCard(downstream, opts).blocks).join("\n");
    expect(text).toContain("Why this card: looked up by id or search, not matched to a paste");
    expect(text).not.toMatch(/100%|First time rwerror has seen/);
    expect(text).toContain("rwerror has not answered this error in a paste yet.");
    const details = texts(renderDetailsView(downstream).blocks).join("\n");
    expect(details).not.toContain("First time rwerror has seen");
  });

  it("a candidate says so first and never claims a first sighting", () => {
    const ref = { r: downstream.id, k: "f" as const, c: 0.03, v: [], s: "c" as const };
    const text = texts(renderCardFromRef(downstream, ref, opts).blocks);
    expect(text[1]).toContain(CANDIDATE_BANNER);
    expect(text.join("\n")).not.toContain("First time rwerror has seen");
    expect(text.join("\n")).toContain("rwerror has not answered this error in a paste yet.");
  });

  it("an answer's buttons keep its standing, so the shared copy of a 42% answer is still the answer", () => {
    const card = renderAnswer(result([exact(downstream, ["1", "2"], undefined, { confidence: 0.42 })]), opts);
    const post = buttons(card.blocks).find((b) => b.action_id === ACTION.postInChannel);
    const ref = decodeCardRef(post?.value);
    expect(ref?.s).toBe("a");
    if (!ref) throw new Error("no Post in channel");
    const shared = texts(renderCardFromRef(downstream, ref, { ephemeral: false }).blocks).join("\n");
    expect(shared).toContain("matched exactly on the root cause (42%)");
    expect(shared).not.toContain(CANDIDATE_BANNER);
  });

  it("a lookup's shared copy is still a lookup", () => {
    const card = renderRecordCard(downstream, opts);
    const ref = decodeCardRef(buttons(card.blocks).find((b) => b.action_id === ACTION.postInChannel)?.value);
    expect(ref?.s).toBe("l");
  });
});
