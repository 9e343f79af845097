import type { KnownBlock } from "@slack/types";
import { afterEach, describe, expect, it } from "vitest";
import { renderDigestMessage, renderDigestText } from "../../src/render/digest.ts";
import { ACTION, checkBlockKitLimits } from "../../src/render/index.ts";
import { buildWeeklyDigest, digestTargetAt, digestTargetForWeek } from "../../src/report/weekly.ts";
import { fakeCatalog, logEvents } from "../report/fixtures.ts";
import { tempDir } from "../store/temp-store.ts";
import { BARE_PLACEHOLDER, texts } from "./fixtures.ts";

let env: ReturnType<typeof tempDir>;
afterEach(() => env?.cleanup());

const run = Date.parse("2026-11-30T09:00:00Z"); // Monday 09:00 UTC, 2026-W49
const from = run - 7 * 86_400_000;

describe("the digest's Block Kit", () => {
  it("names the week it covers, gives every top error a Show button, lists team notes and reported gaps", async () => {
    env = tempDir();
    const store = await env.open(() => run);
    await logEvents(store, [
      { recordId: "r-table", channelId: "C1", text: "table not found: t1", at: from + 1000 },
      { recordId: "r-table", channelId: "C1", text: "table not found: t2", at: from + 2000 },
    ]);
    await store.addNote({
      recordId: "r-table",
      text: "Recreated the table from the backup",
      userId: "U0ALICE",
      at: from + 3000,
    });
    await store.reportGap({ errorText: "quantum flux misaligned on shard 1007", userId: "U0BOB", at: from + 4000 });
    const d = await buildWeeklyDigest(store, fakeCatalog(), digestTargetAt(run, "UTC"));
    expect(d.periodKey).toBe("2026-W49");
    const msg = renderDigestMessage(d);
    const blocks = msg.blocks as KnownBlock[];
    expect(blocks[0]).toMatchObject({ type: "header", text: { text: "RisingWave errors: weekly digest 2026-W48" } });
    const shows = blocks.flatMap((b) => (b.type === "section" && b.accessory?.type === "button" ? [b.accessory] : []));
    expect(shows).toEqual([expect.objectContaining({ action_id: `${ACTION.showPrefix}0`, value: "r-table" })]);
    const all = texts(blocks).join("\n");
    expect(all).toContain(
      "*Team notes (what fixed it)*\n• table not found: …: Recreated the table from the backup — <@U0ALICE>",
    );
    expect(all).toContain(
      "*Reported as new errors (gaps in the knowledge base)*\n• *1×* `quantum flux misaligned on shard &lt;NUM&gt;`",
    );
    for (const t of texts(blocks)) expect(t).not.toMatch(BARE_PLACEHOLDER);
    expect(checkBlockKitLimits(msg)).toEqual([]);
    expect(renderDigestText(d)).toContain(
      "Team notes (what fixed it):\n  • table not found: …: Recreated the table from the backup — U0ALICE",
    );
  });

  it("names the covered week with --week too", async () => {
    env = tempDir();
    const store = await env.open(() => run);
    const d = await buildWeeklyDigest(store, fakeCatalog(), digestTargetForWeek("2026-W45", "UTC"));
    expect(d.periodKey).toBe("2026-W46");
    expect(renderDigestText(d).split("\n")[0]).toBe("RisingWave errors: weekly digest 2026-W45");
  });

  it("says once that the first week counted is all new, and never shows a pasted fence as ˋˋˋ", async () => {
    env = tempDir();
    const store = await env.open(() => run);
    await logEvents(store, [
      { recordId: "r-table", channelId: "C1", text: "table not found: t1", at: from + 1000 },
      { recordId: null, channelId: "C1", text: "```sql\nERROR: quantum flux misaligned\n```", at: from + 2000 },
    ]);
    const msg = renderDigestMessage(await buildWeeklyDigest(store, fakeCatalog(), digestTargetAt(run, "UTC")));
    const all = texts(msg.blocks as KnownBlock[]).join("\n");
    expect(all).toContain("The first week rwerror counted: every error above is new");
    expect(all).not.toContain("New this week");
    expect(all).not.toContain("ˋˋˋ");
    expect(all).toContain("quantum flux misaligned");
  });
});
