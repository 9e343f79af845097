import { describe, expect, it } from "vitest";
import type { ErrorRecord } from "../../src/catalog/schema.ts";
import { ACTION, decodeCardRef } from "../../src/render/actions.ts";
import {
  CARD_ACTIONS_BLOCK,
  CARD_FIRST_SCREEN,
  checkBlockKitLimits,
  renderAlreadyAnswered,
  renderAnswer,
  renderAnswerText,
  renderCardFromRef,
  renderDetailsView,
  renderFeedbackThanks,
  type SeenBefore,
  visibleChars,
} from "../../src/render/index.ts";
import { redactSecrets } from "../../src/store/index.ts";
import { DOWNSTREAM_ID, JOB_FRAGMENTS_ID, seedById } from "../support/seeds.ts";
import { BARE_PLACEHOLDER, buttons, exact, firstScreen, notFound, result, texts, unanalysed } from "./fixtures.ts";

const downstream = seedById(DOWNSTREAM_ID);
const LAYERS = [
  "Failed to run the query",
  "gRPC request to meta service failed: Internal error",
  "downstream relation missing for 1002 -> 1004",
];
const pasted = exact(downstream, ["1002", "1004"], LAYERS[2], { layerIndex: 2 });

/** A record whose every text field is hostile: Slack control characters and huge sizes. */
function hostileRecord(): ErrorRecord {
  const big = "<script> & <!channel> ".repeat(400);
  return {
    ...downstream,
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

const seen: SeenBefore = {
  count: 4,
  firstAt: Date.parse("2026-11-03T10:00:00Z"),
  lastAt: Date.parse("2026-11-28T10:00:00Z"),
  channels: ["C0INCIDENT", "C0ONCALL"],
  threads: [
    {
      url: "https://fake.slack.test/archives/C0INCIDENT/p1",
      at: Date.parse("2026-11-28T10:00:00Z"),
      helpful: true,
      noted: false,
    },
  ],
};

describe("the error as it happened", () => {
  it("titles the card with the template filled with the captured values, never a bare placeholder", () => {
    const msg = renderAnswer(result([pasted], { layers: LAYERS }), { ephemeral: true });
    expect(msg.blocks[0]).toMatchObject({
      type: "header",
      text: { text: "downstream relation missing for 1002 -> 1004" },
    });
    for (const t of texts(msg.blocks)) expect(t).not.toMatch(BARE_PLACEHOLDER);
    expect(msg.text).toContain("downstream relation missing for 1002 -&gt; 1004");
  });

  it("labels captures with the names the source gives them", () => {
    const meta = texts(renderAnswer(result([pasted]), { ephemeral: true }).blocks)[1];
    expect(meta).toContain("fragment id: *1002*");
    expect(meta).toContain("downstream fragment id: *1004*");
    const generic = renderAnswer(result([exact(notFound(), ["sink", "s1"], "sink not found: s1")]), {
      ephemeral: false,
    });
    expect(texts(generic.blocks)[0]).toBe("sink not found: s1");
    expect(texts(generic.blocks)[1]).toContain("object type: *sink* · name: *s1*");
  });

  it("shows holes as … when a record is looked up without captures", () => {
    const msg = renderAnswer(result([exact(notFound())]), { ephemeral: true });
    expect(texts(msg.blocks)[0]).toBe("… not found: …");
  });

  it("names the wrappers around the root cause in one line", () => {
    const meta = texts(renderAnswer(result([pasted], { layers: LAYERS }), { ephemeral: true }).blocks)[1];
    expect(meta).toContain("inside: Failed to run the query › gRPC request to meta service failed: Internal error");
  });

  it("names only the matched error's own chain as its wrappers, not another error or a version line before it", () => {
    const layers = ["risingwavelabs/risingwave:v2.4.1", ...LAYERS];
    const meta = texts(
      renderAnswer(result([{ ...pasted, layerIndex: 3 }], { layers, layerGroups: [0, 1, 1, 1] }), { ephemeral: true })
        .blocks,
    )[1];
    expect(meta).toContain("inside: Failed to run the query › gRPC request to meta service failed: Internal error");
    expect(meta).not.toContain("risingwave:v2.4.1");
  });

  it("keeps the pasted error after a button click instead of rebuilding it from the template", () => {
    const msg = renderAnswer(result([pasted], { layers: LAYERS }), { ephemeral: true });
    const details = buttons(msg.blocks).find((b) => b.action_id === ACTION.details);
    const ref = decodeCardRef(details?.value);
    expect(ref).toMatchObject({ r: DOWNSTREAM_ID, k: "e", v: ["1002", "1004"], l: LAYERS[2] });
    expect(ref?.w).toEqual(LAYERS.slice(0, 2));
    // No release read from the paste: nothing to carry (the channel's setting is read again on click).
    expect(ref?.t).toBeUndefined();
    if (!ref) throw new Error("no ref");
    const again = renderCardFromRef(downstream, ref, { ephemeral: false });
    expect(texts(again.blocks)[0]).toBe("downstream relation missing for 1002 -> 1004");
    expect(texts(again.blocks)[1]).toContain("inside: Failed to run the query");
    const modal = renderDetailsView(downstream, {
      ...ref,
      l: "downstream relation missing for 1002 -> 1004 (as pasted)",
    });
    expect(texts(modal.blocks).find((t) => t.startsWith("*Error*"))).toContain("(as pasted)");
  });
});

describe("a compact first screen", () => {
  for (const [name, match] of [
    ["an analysed record", pasted],
    ["a panic record", exact(seedById(JOB_FRAGMENTS_ID))],
    ["a record without analysis", exact(unanalysed(), ["1002", "1004"])],
    ["a hostile record", exact(hostileRecord(), ["<x>"])],
  ] as const) {
    it(`fits ${CARD_FIRST_SCREEN.blocks} blocks and ${CARD_FIRST_SCREEN.chars} characters before the buttons: ${name}`, () => {
      const msg = renderAnswer(result([match], { layers: LAYERS }), {
        ephemeral: true,
        seen,
        notes: [{ text: "restart meta ".repeat(30), link: null, userId: "U1", at: 0 }],
      });
      const screen = firstScreen(msg.blocks);
      expect(screen.length).toBeLessThanOrEqual(CARD_FIRST_SCREEN.blocks);
      expect(visibleChars(screen)).toBeLessThanOrEqual(CARD_FIRST_SCREEN.chars);
      expect(msg.blocks[screen.length]).toMatchObject({ type: "actions", block_id: CARD_ACTIONS_BLOCK });
      expect(checkBlockKitLimits(msg)).toEqual([]);
    });
  }

  it("says what it means in at most two sentences and lists the first three steps", () => {
    const body = texts(renderAnswer(result([pasted]), { ephemeral: true }).blocks)[2] ?? "";
    const meaning = /\*What it means:\* (.*)/.exec(body)?.[1] ?? "";
    expect(meaning.split(/(?<=\.)\s+(?=[A-Z])/).length).toBeLessThanOrEqual(2);
    expect(body).toContain("1. Retry the rescale operation");
    expect(body).toContain("3. ");
    expect(body).not.toContain("4. ");
  });

  it("leaves example fix, prevention, trigger scenarios and validation code to Show details", () => {
    const panic = seedById(JOB_FRAGMENTS_ID);
    const card = texts(renderAnswer(result([exact(panic)]), { ephemeral: true }).blocks).join("\n");
    expect(card).not.toContain("Example fix");
    expect(card).not.toContain("Prevention");
    const modal = texts(renderDetailsView(panic).blocks).join("\n");
    for (const title of ["*Example fix*", "*Prevention*", "*Trigger scenarios*", "*What to do*"])
      expect(modal).toContain(title);
    expect(checkBlockKitLimits(renderDetailsView(hostileRecord()))).toEqual([]);
  });

  it("offers Show details and Add what fixed it on every card, Post in channel only when ephemeral", () => {
    const ids = (ephemeral: boolean) =>
      buttons(renderAnswer(result([pasted]), { ephemeral }).blocks).map((b) => b.action_id);
    expect(ids(true)).toEqual([
      ACTION.details,
      ACTION.addNote,
      ACTION.helpful,
      ACTION.notHelpful,
      ACTION.postInChannel,
    ]);
    expect(ids(false)).toEqual([ACTION.details, ACTION.addNote, ACTION.helpful, ACTION.notHelpful]);
  });

  it("says where it was seen before in each reader's time zone and how long ago, with links to earlier threads", () => {
    const now = Date.parse("2026-11-28T13:00:00Z");
    const msg = renderAnswer(result([pasted]), { ephemeral: false, seen, now });
    const footer = texts(firstScreen(msg.blocks)).join("\n");
    expect(footer).toContain(
      `Seen 4 times in <#C0INCIDENT>, <#C0ONCALL> · last <!date^${seen.lastAt / 1000}^{date_short_pretty} at {time}|2026-11-28 10:00 UTC> (3 h ago), first <!date^${seen.firstAt / 1000}^{date_short_pretty}|2026-11-03 10:00 UTC>`,
    );
    expect(footer).toContain("<https://fake.slack.test/archives/C0INCIDENT/p1|3 h ago ✓ helpful>");
    expect(footer).toContain("Why this match: matched exactly on the root cause (100%)");
    const first = texts(
      renderAnswer(result([pasted]), { ephemeral: false, seen: { ...seen, count: 0, threads: [] } }).blocks,
    );
    expect(first.join("\n")).toContain("First time rwerror has seen this error.");
  });

  it("shows what fixed it last time right under the title, with who and when, never cut mid-word", () => {
    const note = {
      text: `Restarted meta after failover; ${"the compute nodes reconnected within a minute and ".repeat(8)}done`,
      link: "https://wiki.example/runbook",
      userId: "U0ALICE",
      at: Date.parse("2026-11-28T11:00:00Z"),
    };
    const msg = renderAnswer(result([pasted]), { ephemeral: false, seen, notes: [note, { ...note, text: "older" }] });
    const shown = texts(firstScreen(msg.blocks));
    const fix = shown[2] ?? "";
    expect(fix).toMatch(/^:white_check_mark: \*What fixed it last time:\* Restarted meta after failover; the compute/);
    expect(fix).toContain(
      `(<https://wiki.example/runbook|link>) — <@U0ALICE>, <!date^${note.at / 1000}^{date_short_pretty}|2026-11-28 11:00 UTC>`,
    );
    expect(fix).toContain("+1 more in Show details");
    expect(fix).toMatch(/(minute|and|nodes|reconnected|within|a|the|compute)… \(/);
    expect(shown.join("\n")).toMatch(/\*What it means:\* [^\n]*[.…]\n/);
  });
});

describe("records without analysis still help", () => {
  const record = unanalysed();
  const paste = "ERROR:  Failed to run the query\nHINT:  Retry once the ALTER … SET PARALLELISM in flight completes.";
  const msg = renderAnswer(
    result([exact(record, ["1002", "1004"], LAYERS[2])], { layers: LAYERS }),
    { ephemeral: true, version: "v2.4.1", redact: redactSecrets },
    paste,
  );
  const shown = texts(msg.blocks);

  it("says plainly that no analysis exists yet and shows the numbered source lines, raising line marked", () => {
    const source = shown.find((t) => t.includes("No analysis exists for this error yet")) ?? "";
    const code = /```([\s\S]*)```/.exec(source)?.[1] ?? "";
    const lines = code.split("\n");
    expect(lines.length).toBeGreaterThanOrEqual(5);
    expect(lines.length).toBeLessThanOrEqual(9);
    expect(lines.filter((l) => l.startsWith("▶"))).toEqual([expect.stringMatching(/^▶ 930 │ /)]);
    expect(lines.every((l) => /^[▶ ] \d{3} │/.test(l))).toBe(true);
  });

  it("puts the paste's HINT first, then searches of the docs and GitHub issues", () => {
    const steps = shown.find((t) => t.startsWith("*First steps*")) ?? "";
    expect(steps).toContain("1. HINT: Retry once the ALTER … SET PARALLELISM in flight completes.");
    expect(steps).toMatch(
      /2\. Search <https:\/\/www\.google\.com\/search\?q=site%3Adocs\.risingwave\.com[^|]+\|the RisingWave docs>/,
    );
    expect(steps).toContain(
      "<https://github.com/risingwavelabs/risingwave/issues?q=is%3Aissue%20%22downstream%20relation%20missing%20for%22|GitHub issues>",
    );
  });

  it("offers Open a GitHub issue prefilled with the filled title, the redacted chain, record, commit and version", () => {
    const issue = buttons(msg.blocks).find((b) => b.action_id === ACTION.openIssue);
    const url = new URL(issue?.url ?? "");
    expect(url.origin + url.pathname).toBe("https://github.com/risingwavelabs/risingwave/issues/new");
    expect(url.searchParams.get("title")).toBe("downstream relation missing for 1002 -> 1004");
    const body = url.searchParams.get("body") ?? "";
    expect(body).toContain(
      "Failed to run the query\ngRPC request to meta service failed: Internal error\ndownstream relation missing for 1002 -> 1004",
    );
    expect(body).toContain("0000unanalysed01");
    expect(body).toContain("6469eb736d691e8e9b8a419a57edd6429ca77417");
    expect(body).toContain("RisingWave version: v2.4.1");
  });

  it("redacts secrets from the pasted chain before they go into the issue link", () => {
    const secret = "password=hunter2secret";
    const leaky = renderAnswer(
      result([exact(record, [], `downstream relation missing for 1 -> 2 ${secret}`)], {
        layers: [`connect ${secret}`, "x"],
      }),
      { ephemeral: true, redact: redactSecrets },
    );
    const url = buttons(leaky.blocks).find((b) => b.action_id === ACTION.openIssue)?.url ?? "";
    expect(decodeURIComponent(url)).not.toContain("hunter2secret");
  });
});

describe("other card messages", () => {
  it("replaces the feedback buttons with a thank-you line and keeps the rest", () => {
    const msg = renderAnswer(result([pasted]), { ephemeral: true });
    const after = renderFeedbackThanks(msg.blocks, true);
    const ids = buttons(after).map((b) => b.action_id);
    expect(ids).not.toContain(ACTION.helpful);
    expect(ids).toContain(ACTION.details);
    expect(texts(after).join()).toMatch(/Thanks, marked as helpful/);
  });

  it("points at the earlier card in a repeat, saying how often, with the filled title", () => {
    const msg = renderAlreadyAnswered(downstream, "https://fake.slack.test/archives/C1/p2", 3, ["1", "2"]);
    expect(msg.text).toContain("pasted 3 times in this channel in the last 30 minutes");
    expect(msg.text).toContain("<https://fake.slack.test/archives/C1/p2|the card posted there>");
    expect(msg.text).toContain("downstream relation missing for 1 -&gt; 2");
    expect(msg.text).not.toMatch(BARE_PLACEHOLDER);
  });

  it("notes a truncated paste", () => {
    const msg = renderAnswer(result([pasted], { truncated: true, inputBytes: 300 * 1024 }), { ephemeral: true });
    expect(texts(msg.blocks).join()).toContain("300 KiB");
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
    const text = renderAnswerText(result([pasted], { layers: LAYERS }));
    expect(text.split("\n")[0]).toBe("downstream relation missing for 1002 -> 1004");
    expect(text).toContain("inside: Failed to run the query › gRPC request to meta service failed: Internal error");
    expect(text).toContain("fragment id: 1002 · downstream fragment id: 1004");
    expect(text).toContain("What it means:");
    expect(text).toContain("  1. Retry the rescale operation");
    expect(text).toContain("raised in src/meta/src/stream/scale.rs:930");
    expect(text).toContain(`Record: ${DOWNSTREAM_ID} (downstream-relation-missing-for)`);
    expect(text).toContain("Why this match: matched exactly on the root cause");
    expect(text).not.toMatch(BARE_PLACEHOLDER);
  });

  it("gives no-match advice that works: the whole error, not keywords", () => {
    const text = renderAnswerText(result([]));
    expect(text).toContain("No known RisingWave error matches this paste.");
    expect(text).toContain("a few keywords are not enough to match");
    expect(text).not.toMatch(/explain` with keywords/);
  });

  it("does not blame a whole error the knowledge base lacks", () => {
    const text = renderAnswerText(result([], { verdict: "none", layers: ["quantum flux misaligned"] }));
    expect(text.split("\n")[0]).toBe("This error is not in the knowledge base.");
    expect(text).toContain("Report as a new error");
    expect(text).not.toContain("a few keywords are not enough");
  });
});

describe("secrets in a paste", () => {
  it("are redacted from the title, the card and the button values when the context redacts", () => {
    const leaky = exact(
      downstream,
      ["postgres://admin:hunter2secret@db:5432", "2"],
      "downstream relation missing for postgres://admin:hunter2secret@db:5432 -> 2",
    );
    const msg = renderAnswer(result([leaky]), { ephemeral: true, redact: redactSecrets });
    expect(JSON.stringify(msg)).not.toContain("hunter2secret");
    expect(texts(msg.blocks)[0]).toContain("downstream relation missing for postgres://");
  });
});
