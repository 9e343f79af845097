import type { AnyBlock } from "@slack/types";
import { describe, expect, it } from "vitest";
import { ACTION } from "../../src/render/actions.ts";
import {
  checkBlockKitLimits,
  renderHelp,
  renderHome,
  renderMutes,
  renderNoteModal,
  renderPasteModal,
  renderRecord,
  renderSearchResults,
  renderStats,
} from "../../src/render/index.ts";
import { DOWNSTREAM_ID, JOB_FRAGMENTS_ID, seedById } from "../support/seeds.ts";
import { BARE_PLACEHOLDER, exact, known, notFound, texts } from "./fixtures.ts";

const HEX_ID = /\b[0-9a-f]{16}\b/;

function showButtons(blocks: readonly AnyBlock[]) {
  return known(blocks).flatMap((b) =>
    b.type === "section" && b.accessory?.type === "button"
      ? [{ id: b.accessory.action_id, value: b.accessory.value }]
      : [],
  );
}

describe("lists carry a Show button, never a bare record id", () => {
  it("search results: filled titles (holes as …) and one Show per item", () => {
    const msg = renderSearchResults("downstream", [exact(seedById(DOWNSTREAM_ID)), exact(notFound())]);
    expect(showButtons(msg.blocks)).toEqual([
      { id: `${ACTION.showPrefix}0`, value: DOWNSTREAM_ID },
      { id: `${ACTION.showPrefix}1`, value: "0000notfound0001" },
    ]);
    for (const t of texts(msg.blocks)) {
      expect(t).not.toMatch(HEX_ID);
      expect(t).not.toMatch(BARE_PLACEHOLDER);
    }
    expect(texts(msg.blocks).join()).toContain("… not found: …");
    expect(texts(msg.blocks).join()).toContain("no analysis yet");
    expect(checkBlockKitLimits(msg)).toEqual([]);
  });

  it("stats: counts with a Show per record and the counting rule", () => {
    const msg = renderStats(
      [
        { recordId: DOWNSTREAM_ID, title: "downstream relation missing for … -> …", count: 7 },
        { recordId: JOB_FRAGMENTS_ID, title: "job fragments should exist for streaming job", count: 2 },
      ],
      "the last 90 days",
    );
    expect(texts(msg.blocks)[0]).toBe("*Top errors, the last 90 days*");
    expect(showButtons(msg.blocks).map((b) => b.value)).toEqual([DOWNSTREAM_ID, JOB_FRAGMENTS_ID]);
    expect(texts(msg.blocks).join()).toContain("lookups are not counted");
    for (const t of texts(msg.blocks)) expect(t).not.toMatch(HEX_ID);
  });

  it("App Home: how many records have analysis, channel settings, mutes with Unmute, Show buttons, Explain", () => {
    const view = renderHome({
      now: Date.parse("2026-12-01T10:00:00Z"),
      knowledge: "5,812 RisingWave errors, v0.18.0 – v3.0.3 and main; 175 third-party; 417 with an analysis",
      datasetVersion: "templates-2026-08-21",
      topErrors: [{ recordId: DOWNSTREAM_ID, title: "downstream relation missing for … -> …", count: 3 }],
      settings: {
        autoChannels: ["incidents", "inc-*", "C0INCIDENT1"],
        maxCardsPer10Min: 5,
        unsureReaction: false,
        mutes: [
          {
            channelId: "C0INC",
            recordId: DOWNSTREAM_ID,
            title: "downstream relation missing for … -> …",
            until: Date.parse("2026-12-02T10:00:00Z"),
            userId: "U0BOB",
          },
        ],
      },
    });
    const all = texts(view.blocks).join("\n");
    expect(all).toContain(
      "Knowledge base: 5,812 RisingWave errors, v0.18.0 – v3.0.3 and main; 175 third-party; 417 with an analysis",
    );
    // A channel id reads as the channel; the dataset's version only as the date it was built.
    expect(all).toContain("Auto-replies in `incidents`, `inc-*`, <#C0INCIDENT1>");
    expect(all).toContain("updated 2026-08-21");
    expect(all).not.toContain("templates-2026-08-21");
    expect(all).toContain(
      "<#C0INC>: *downstream relation missing for … -&gt; …*\nuntil <!date^1796205600^{date_short_pretty} at {time}|2026-12-02 10:00 UTC> (in 24 h), muted by <@U0BOB>",
    );
    expect(showButtons(view.blocks).filter((b) => b.id?.startsWith(ACTION.showPrefix))).toEqual([
      { id: `${ACTION.showPrefix}0`, value: DOWNSTREAM_ID },
    ]);
    const elements = known(view.blocks).flatMap((b) => (b.type === "section" && b.accessory ? [b.accessory] : []));
    expect(elements).toContainEqual(expect.objectContaining({ action_id: ACTION.explain }));
    expect(elements).toContainEqual(
      expect.objectContaining({
        action_id: `${ACTION.unmutePrefix}C0INC_${DOWNSTREAM_ID}`,
        value: JSON.stringify({ r: DOWNSTREAM_ID, c: "C0INC" }),
      }),
    );
    expect(checkBlockKitLimits(view)).toEqual([]);
    const off = renderHome({
      knowledge: "2 RisingWave errors; 0 third-party; 2 with an analysis",
      datasetVersion: null,
      topErrors: [],
      settings: { autoChannels: [], maxCardsPer10Min: 5, unsureReaction: false, mutes: [] },
    });
    expect(texts(off.blocks).join()).toContain("Auto-replies: *off*");
  });
});

describe("other replies and modals", () => {
  it("help names mute, mutes, stats 90d and @rwerror", () => {
    const help = texts(renderHelp().blocks).join();
    // Escaped like any posted text: Slack would read a raw <paste> as a link.
    for (const piece of ["/rwerror mute &lt;id|slug|last&gt; [for 24h]", "/rwerror mutes", "90d", "@rwerror"])
      expect(help).toContain(piece);
  });

  it("show says so for an unknown key and renders a known one as a card", () => {
    expect(texts(renderRecord(undefined, "nope").blocks)[0]).toContain("No record with id or slug `nope`");
    expect(renderRecord(seedById(DOWNSTREAM_ID), DOWNSTREAM_ID).blocks[0]).toMatchObject({
      type: "header",
      text: { text: "downstream relation missing for … -> …" },
    });
  });

  it("the note modal asks for text and an optional link, within limits", () => {
    const view = renderNoteModal(seedById(DOWNSTREAM_ID), JSON.stringify({ r: DOWNSTREAM_ID }));
    expect(view.type).toBe("modal");
    const inputs = known(view.blocks).filter((b) => b.type === "input");
    expect(inputs.map((b) => b.type === "input" && b.optional === true)).toEqual([false, true]);
    expect(checkBlockKitLimits(view)).toEqual([]);
    expect(checkBlockKitLimits(renderPasteModal("{}"))).toEqual([]);
  });

  it("lists mutes, or says there are none", () => {
    expect(texts(renderMutes([]).blocks).join()).toContain("No muted errors");
  });
});
