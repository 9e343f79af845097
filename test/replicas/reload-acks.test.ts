/**
 * A catalog reload under load, against the real process: SIGHUP ten times while a 50,000-record catalog
 * is loaded (on a worker thread, the matcher built in slices) and events keep arriving. Acks stay far
 * within Slack's 3 s, the ten signals make at most two reloads, and the new catalog is served.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { loadCatalog } from "../../src/catalog/index.ts";
import { startFakeSlack } from "../support/fake-slack.ts";
import { messageEvent } from "../support/payloads.ts";
import { repoRoot } from "../support/seeds.ts";
import { postEvent, TEST_SIGNING_SECRET } from "../support/signing.ts";
import { FAULT_PASTE, FAULT_RECORD } from "./answer-count.ts";
import { startReplica } from "./replica-process.ts";

const CHANNEL = "C0RELOAD01";
const RECORDS = 50_000;

let cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const c of cleanups.reverse()) await c();
  cleanups = [];
});

/** The shipped catalog's records, copied (ids and slugs made unique) up to 50,000: real patterns, real size. */
function writeBigCatalog(file: string, version: string): void {
  const shipped = loadCatalog([join(repoRoot, "data", "risingwave.jsonl.gz")]).catalog.records;
  const lines = [JSON.stringify({ record: FAULT_RECORD, datasetVersion: version })];
  for (let copy = 0; lines.length < RECORDS; copy++) {
    for (const r of shipped) {
      if (lines.length >= RECORDS) break;
      const record = { ...r, id: `${r.id}-copy${copy}`, slug: `${r.slug}-copy${copy}` };
      lines.push(JSON.stringify({ record, datasetVersion: version }));
    }
  }
  writeFileSync(file, `${lines.join("\n")}\n`);
}

describe("a catalog reload of 50,000 records while serving", () => {
  it("keeps acks fast, coalesces ten SIGHUPs into at most two reloads, and serves the new catalog", async () => {
    const dir = mkdtempSync(join(tmpdir(), "rwerror-reload-acks-"));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    const data = join(dir, "records.jsonl");
    writeBigCatalog(data, "big-1");
    const fake = await startFakeSlack();
    cleanups.push(() => fake.close());
    const bot = await startReplica(
      {
        SLACK_BOT_TOKEN: "xoxb-reload-test",
        SLACK_SIGNING_SECRET: TEST_SIGNING_SECRET,
        SLACK_API_URL: fake.apiUrl,
        RWERROR_DATA: data,
        RWERROR_DB: join(dir, "bot.sqlite"),
        RWERROR_AUTO_CHANNELS: CHANNEL,
        LOG_LEVEL: "info",
      },
      { timeoutMs: 90_000 },
    );
    cleanups.push(() => bot.stop());
    const reloads = () => (bot.output().match(/catalog reloaded/g) ?? []).length;

    writeBigCatalog(data, "big-2");
    for (let i = 0; i < 10; i++) bot.child.kill("SIGHUP");
    const acks: number[] = [];
    // Events every 100 ms until the reload is in, as they keep coming during an incident.
    while (reloads() === 0 || acks.length < 10) {
      const { envelope } = messageEvent({ channel: CHANNEL, text: FAULT_PASTE });
      const t0 = performance.now();
      const res = await postEvent(bot.eventsUrl, envelope);
      acks.push(performance.now() - t0);
      expect(res.status).toBe(200);
      if (acks.length > 1_200) throw new Error(`no reload within 2 minutes:\n${bot.output().slice(-2000)}`);
      await new Promise((r) => setTimeout(r, 100));
    }
    // A second reload may follow (the signals that came during the first): let it finish too.
    await new Promise((r) => setTimeout(r, 2_000));
    const sorted = [...acks].sort((a, b) => a - b);
    const note = {
      records: RECORDS,
      acks: acks.length,
      p50: Math.round(sorted[Math.floor(sorted.length / 2)] ?? 0),
      max: Math.round(sorted.at(-1) ?? 0),
      reloads: reloads(),
      reloadLine: /catalog reloaded[^"]*/.exec(bot.output())?.[0],
    };
    console.log(`reload under load ${JSON.stringify(note)}`);
    // Slack's limit is 3 s; a reload on the event loop held acks for seconds.
    expect(note.max).toBeLessThan(1_500);
    expect(note.reloads).toBeGreaterThanOrEqual(1);
    expect(note.reloads).toBeLessThanOrEqual(2);
    expect(note.reloadLine).toMatch(/50000 records, dataset big-2/);
  }, 240_000);
});
