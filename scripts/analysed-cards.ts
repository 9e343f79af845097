import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { loadCatalog } from "../src/catalog/index.ts";
import { toJsonAnswer } from "../src/cli/json.ts";
import { createMatcher } from "../src/matcher/index.ts";
import { renderAnswer } from "../src/render/index.ts";
import { redactSecrets } from "../src/store/index.ts";
import { headlessChromium, messageToHtml, type SlackFrame } from "./block-kit-html.ts";

export interface AnalysedPaste {
  slug: string;
  /** What kind of error it is, for the table in docs/cards/README.md. */
  error: string;
  /** The GitHub thread the paste comes from (verbatim, or its error lines only). */
  url: string;
  paste: string;
  /** The record the card must be for, and where its analysis comes from. */
  expect: { id: string; analysis: "record" | "family" };
}

export const PASTES: AnalysedPaste[] = [
  {
    slug: "catalog-table-not-found",
    error: "bind/catalog: table or source not found",
    url: "https://github.com/risingwavelabs/risingwave/issues/14307",
    paste: `ERROR:  Failed to run the query

Caused by these errors (recent errors listed first):
  1: Catalog error
  2: table or source not found: t`,
    expect: { id: "507c4b82bad3d931", analysis: "record" },
  },
  {
    slug: "cdc-no-primary-key",
    error: "CDC table without a primary key",
    url: "https://github.com/risingwavelabs/risingwave/issues/22179",
    paste: `ERROR: Failed to run the query
Caused by these errors (recent errors listed first):
 1: failed to auto derive table schema
 2: Postgres table should define the primary key for non-append-only tables`,
    expect: { id: "a1884db67def6911", analysis: "record" },
  },
  {
    slug: "kafka-topic-not-found",
    error: "Kafka source: topic not found (metadata fetch)",
    url: "https://github.com/risingwavelabs/risingwave/pull/6294",
    paste: `dev=> create materialized source s1 (v1 int, v2 varchar) with (
dev(>   connector = 'kafka',
dev(>   topic = 'kafka_1_partition_topic',
dev(>   properties.bootstrap.server = '127.0.0.1:29092',
dev(>   scan.startup.mode = 'earliest'
dev(> ) row format json;
ERROR:  QueryError: internal error: connector error: failed to fetch metadata from kafka (127.0.0.1:29092), error: topic kafka_1_partition_topic not found`,
    expect: { id: "74bee9d8f14519b5", analysis: "record" },
  },
  {
    slug: "s3-object-not-found",
    error: "object store: S3 object not found (NoSuchKey)",
    url: "https://github.com/risingwavelabs/risingwave/issues/5220",
    paste:
      '2022-09-08T09:12:50.561605Z ERROR risingwave_storage::monitor::monitored_store: Failed in iter: Hummock error: ObjectStore failed with IO error Internal error: read "hummock_001/241/9710.meta" in block None failed, error: NoSuchKey: The specified key does not exist.',
    expect: { id: "737da282074ede30", analysis: "record" },
  },
  {
    slug: "barrier-read-unavailable",
    error: "barrier/recovery: Barrier read is unavailable",
    url: "https://github.com/risingwavelabs/risingwave/issues/12064",
    paste: `dev=> select * from business_custom_mv limit 10;
ERROR:  QueryError: internal error: Storage error: Hummock error: Barrier read is unavailable for now. Likely the cluster is recovering.`,
    expect: { id: "69484a57c4cc11b7", analysis: "record" },
  },
  {
    slug: "batch-memory-limit",
    error: "memory: batch query over its memory limit",
    url: "https://github.com/risingwavelabs/risingwave/pull/16616",
    paste: `dev=>  select count(*) from t group by id, v order by id, v;
ERROR:  Failed to run the query

Caused by:
  Not enough memory to run this query, batch memory limit is 171798691 bytes`,
    expect: { id: "a8e8161a6569187a", analysis: "record" },
  },
  {
    slug: "permission-denied",
    error: "permissions: Do not have the privilege",
    url: "https://github.com/risingwavelabs/risingwave/issues/22067",
    paste: `ERROR:  Failed to run the query

Caused by:
  Permission denied: Do not have the privilege`,
    expect: { id: "a7f3ae1d2395a39f", analysis: "record" },
  },
  {
    slug: "not-supported-nested-loop-join",
    error: "not supported, with HINT: streaming nested-loop join",
    url: "https://github.com/risingwavelabs/risingwave/issues/22752",
    paste: `ERROR:  Failed to run the query

Caused by:
  Not supported: streaming nested-loop join
HINT: The non-equal join in the query requires a nested-loop join executor, which could be very expensive to run. Consider rewriting the query to use dynamic filter as a substitute if possible.
See also: https://docs.risingwave.com/docs/current/sql-pattern-dynamic-filters/`,
    expect: { id: "860f76f1af955249", analysis: "record" },
  },
  {
    slug: "meta-rpc-connection-reset",
    error: "meta RPC: gRPC request to meta service failed (connection reset)",
    url: "https://github.com/risingwavelabs/risingwave/issues/17143",
    paste: `psycopg2.errors.InternalError_: Failed to run the query
Caused by these errors (recent errors listed first):
  1: gRPC request to meta service failed: Unknown error
  2: transport error
  3: connection error
  4: connection reset`,
    expect: { id: "46fe113c99fa4c9a", analysis: "record" },
  },
  {
    slug: "sink-upsert-no-primary-key",
    error: "sink configuration: upsert Kafka sink without primary_key",
    url: "https://github.com/risingwavelabs/risingwave/issues/8862",
    paste:
      "ERROR:  QueryError: internal error: config error: primary key not defined for upsert kafka sink (please define in `primary_key` field)",
    expect: { id: "dafe91b8a41170d2", analysis: "record" },
  },
];

/** A 1,366×768 laptop: Slack's own top bar (about 40 px) and message box (about 100 px) leave this much. */
const SCREEN = { width: 1366, height: 768, sidebar: 260 } as const;
const FOLD = { at: SCREEN.height - 40 - 100, label: "first screen ends here (1,366×768 laptop)" };

function chromium(args: string[]): string {
  return headlessChromium(args, "/usr/bin/chromium", 60_000);
}

function main(): void {
  const root = fileURLToPath(new URL("../", import.meta.url));
  // The shipped data only: what a new install answers with.
  const matcher = createMatcher(loadCatalog([join(root, "data/")]).catalog);
  const outDir = join(root, "docs/cards");
  mkdirSync(outDir, { recursive: true });
  const work = mkdtempSync(join(tmpdir(), "rwerror-cards-"));
  const failures: string[] = [];
  for (const p of PASTES) {
    const result = matcher.match(p.paste);
    const best = result.matches[0] ? toJsonAnswer(result).matches[0] : undefined;
    const line = `${p.slug}: verdict ${result.verdict}, record ${best?.id ?? "-"} (${best?.slug ?? "-"}), analysis ${best?.analysis ?? "none"}`;
    console.log(line);
    if (result.verdict !== "answer" || !best || best.analysis === null)
      failures.push(`${line}: not an analysed answer`);
    else if (best.id !== p.expect.id || best.analysis !== p.expect.analysis)
      failures.push(`${line}: expected record ${p.expect.id} with a ${p.expect.analysis} analysis`);
    // A paste answered in its thread for the first time: nothing seen before, no team notes.
    const message = renderAnswer(
      result,
      {
        ephemeral: false,
        redact: redactSecrets,
        seen: { count: 0, firstAt: 0, lastAt: 0, channels: [], threads: [] },
      },
      p.paste,
    );
    writeFileSync(join(work, `${p.slug}.json`), `${JSON.stringify(message, null, 2)}\n`);
    const frame: SlackFrame = { channel: "incidents", sidebar: SCREEN.sidebar };
    const htmlPath = join(work, `${p.slug}.html`);
    const page = (f: SlackFrame) => messageToHtml(message.blocks, { frame: f, ephemeral: false });
    writeFileSync(htmlPath, page(frame));
    // First pass: the page's height at this width; the window is sized to it, with a margin.
    const dom = chromium([`--window-size=${SCREEN.width},${SCREEN.height}`, "--dump-dom", `file://${htmlPath}`]);
    const height = Number(/data-height="(\d+)"/.exec(dom)?.[1] ?? Number.NaN);
    if (!Number.isFinite(height)) throw new Error(`${p.slug}: chromium did not report the page's height`);
    // A card taller than the first screen shows where that screen ends.
    if (height > FOLD.at) writeFileSync(htmlPath, page({ ...frame, fold: FOLD }));
    chromium([
      `--screenshot=${join(outDir, `${p.slug}.png`)}`,
      `--window-size=${SCREEN.width},${Math.max(height, 200) + 16}`,
      `file://${htmlPath}`,
    ]);
    console.log(`  ${message.blocks.length} blocks, ${height}px high → docs/cards/${p.slug}.png`);
  }
  console.log(`HTML and payloads in ${work}`);
  if (failures.length > 0) {
    console.error(`\n${failures.length} paste(s) did not get the analysed answer expected:\n${failures.join("\n")}`);
    process.exit(1);
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) main();
