import { afterEach, describe, expect, it } from "vitest";
import { runDigestCommand } from "../../src/cli/digest.ts";
import { runReportCommand } from "../../src/cli/report.ts";
import type { DigestMessage } from "../../src/render/digest.ts";
import { csvCell } from "../../src/render/digest-report.ts";
import type { Store } from "../../src/store/index.ts";
import { fakeCatalog, logEvents } from "../report/fixtures.ts";
import { tempDir } from "../store/temp-store.ts";

let env: ReturnType<typeof tempDir>;
afterEach(() => env?.cleanup());

const DAY = 86_400_000;
const now = Date.parse("2026-12-02T12:00:00Z"); // Wednesday of 2026-W49

async function setup(): Promise<{ store: Store; deps: Parameters<typeof runReportCommand>[1]; output: () => string }> {
  env = tempDir();
  const store = await env.open(() => now);
  await logEvents(store, [
    { recordId: "r-table", channelId: "C1", text: "a", at: now - 1 * DAY },
    { recordId: "r-table", channelId: "C2", text: "b", at: now - 2 * DAY },
    { recordId: "r-table", channelId: "C2", text: "c", at: now - 10 * DAY },
    { recordId: "r-oom", channelId: "C1", text: "d", at: now - 3 * DAY },
    { recordId: null, channelId: "C1", text: 'sink "s1" stalled for 30s, cell =SUM(A1)', at: now - 1 * DAY },
    { recordId: null, channelId: "C3", text: 'sink "s2" stalled for 95s, cell =SUM(A1)', at: now - 2 * DAY },
  ]);
  let out = "";
  return {
    store,
    deps: { store, catalog: fakeCatalog(), now: () => now, tz: "UTC", out: (s) => (out += s) },
    output: () => out,
  };
}

describe("rwerror report", () => {
  it("prints JSON with per-record counts, channels and the unmatched fingerprints", async () => {
    const { deps, output } = await setup();
    expect(await runReportCommand(["--since", "7d", "--format", "json"], deps)).toBe(0);
    const json = JSON.parse(output());
    expect(json.totals).toMatchObject({ total: 5, matched: 3, unmatched: 2 });
    expect(
      json.records.map((r: { recordId: string; count: number; channels: number; previousCount: number }) => [
        r.recordId,
        r.count,
        r.channels,
        r.previousCount,
      ]),
    ).toEqual([
      ["r-table", 2, 2, 1],
      ["r-oom", 1, 1, 0],
    ]);
    expect(json.records[0].firstSeen).toBe(new Date(now - 2 * DAY).toISOString());
    expect(json.unmatched).toHaveLength(1);
    expect(json.unmatched[0]).toMatchObject({
      count: 2,
      channels: 2,
      template: 'sink "<*>" stalled for <NUM>, cell =SUM(<*>)',
    });
  });

  it("prints a table with titles and change, and CSV that spreadsheets cannot execute", async () => {
    const { deps, output } = await setup();
    expect(await runReportCommand([], deps)).toBe(0);
    expect(output()).toContain("table not found: … (table-not-found-name)");
    expect(output()).toMatch(/ 2\s+▲ 100%\s+2 /);
    expect(output()).toContain("new");
    expect(output()).toContain("Unmatched errors");
    const csv = await setup();
    expect(await runReportCommand(["--format", "csv", "--from", "2026-11-25"], csv.deps)).toBe(0);
    const lines = csv.output().trim().split("\r\n");
    expect(lines[0]).toBe("kind,id,slug,title,count,channels,first_seen,last_seen,previous_count,change");
    expect(lines.filter((l) => l.startsWith("record,"))).toHaveLength(2);
    expect(lines.find((l) => l.startsWith("unmatched,"))).toContain('"sink ""<*>"" stalled for <NUM>, cell =SUM(<*>)"');
    expect(csvCell("=HYPERLINK(1)")).toBe("'=HYPERLINK(1)");
    expect(csvCell("-1")).toBe("'-1");
    expect(csvCell(-1)).toBe("-1");
  });

  it("selects an ISO week in the configured zone", async () => {
    const { deps, output } = await setup();
    expect(await runReportCommand(["--week", "2026-W48", "--format", "json"], { ...deps, tz: "Asia/Tokyo" })).toBe(0);
    const json = JSON.parse(output());
    expect(json.period.from).toBe("2026-11-22T15:00:00.000Z");
    expect(json.totals.total).toBe(1); // only the event ten days before now
  });

  it("explains bad arguments with exit code 2", async () => {
    for (const argv of [
      ["--format", "xml"],
      ["--since", "soon"],
      ["--week", "2026-W99"],
      ["--limit", "0"],
    ]) {
      const { deps, output } = await setup();
      expect(await runReportCommand(argv, deps)).toBe(2);
      expect(output()).toContain("usage: rwerror report");
    }
    const bogus = await setup();
    expect(await runReportCommand(["--bogus"], bogus.deps)).toBe(2);
    expect(bogus.output().trim()).toBe("rwerror report: unknown option --bogus (see rwerror report --help)");
    const { deps } = await setup();
    expect(await runReportCommand([], { ...deps, tz: "Mars/Olympus" })).toBe(2);
  });
});

describe("rwerror digest", () => {
  it("prints the digest with --dry-run without claiming the week", async () => {
    const { store, deps, output } = await setup();
    expect(await runDigestCommand(["--dry-run"], deps)).toBe(0);
    expect(output()).toContain("weekly digest 2026-W48");
    expect(output()).toContain("Top errors");
    expect(output()).toContain("Not in the knowledge base");
    expect(await store.getDigest("2026-W48")).toBeUndefined();
    expect(await store.getDigest("2026-W49")).toBeUndefined();
    const json = await setup();
    expect(await runDigestCommand(["--dry-run", "--json", "--week", "2026-W48"], json.deps)).toBe(0);
    const msg = JSON.parse(json.output()) as DigestMessage;
    expect(msg.blocks[0]).toMatchObject({ type: "header" });
    // Named after the week it covers, not the week it is filed under (2026-W49).
    expect(msg.text).toContain("2026-W48");
    expect(msg.text).not.toContain("2026-W49");
  });

  it("posts once per week and refuses a second post", async () => {
    const { deps, output } = await setup();
    const posts: string[] = [];
    const post = async (channel: string) => {
      posts.push(channel);
      return { ts: "9.9" };
    };
    expect(await runDigestCommand([], { ...deps, post, channel: "C-digest" })).toBe(0);
    expect(await runDigestCommand([], { ...deps, post, channel: "C-digest" })).toBe(1);
    expect(posts).toEqual(["C-digest"]);
    expect(output()).toContain("already posted");
    expect(await runDigestCommand(["--force"], { ...deps, post, channel: "C-digest" })).toBe(0);
    expect(posts).toHaveLength(2);
  });

  it("says what is missing when it cannot post", async () => {
    const { deps, output } = await setup();
    expect(await runDigestCommand([], deps)).toBe(2);
    expect(output()).toContain("SLACK_BOT_TOKEN");
    expect(await runDigestCommand([], { ...deps, post: async () => ({}) })).toBe(2);
    expect(output()).toContain("RWERROR_DIGEST_CHANNEL");
  });
});
