import { existsSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { loadCatalog } from "../src/catalog/index.ts";
import { createMatcher } from "../src/matcher/index.ts";
import { renderAnswer } from "../src/render/index.ts";
import { redactSecrets } from "../src/store/index.ts";
import { findChromium, headlessChromium, messageToHtml } from "./block-kit-html.ts";

const root = fileURLToPath(new URL("../", import.meta.url));
const corpus = join(root, "../shared/corpus/risingwave-templates.jsonl");
const paths = [join(root, "data/"), ...(existsSync(corpus) ? [corpus] : [])];
const matcher = createMatcher(loadCatalog(paths).catalog);
const names = {
  channels: { C0INCIDENTS: "incidents", C0ONCALL: "oncall-db" },
  users: { U0ALICE: "alice", U0BOB: "bob" },
};
const day = (d: string) => Date.parse(`${d}T10:00:00Z`);

const shots: {
  name: string;
  /** Window height: the message plus a margin, so the PNG is not mostly white. */
  height: number;
  paste: string;
  ephemeral: boolean;
  context: Parameters<typeof renderAnswer>[1];
}[] = [
  {
    name: "card",
    height: 430,
    ephemeral: false,
    paste: `ERROR:  Failed to run the query

Caused by these errors (recent errors listed first):
  1: gRPC request to meta service (call \`/ddl_service.DdlService/AlterParallelism\`) failed: Internal error
  2: job fragments should exist for streaming job`,
    context: {
      ephemeral: false,
      seen: {
        count: 6,
        firstAt: day("2026-10-14"),
        lastAt: day("2026-11-27"),
        channels: ["C0INCIDENTS", "C0ONCALL"],
        threads: [
          {
            url: "https://example.slack.com/archives/C0INCIDENTS/p1764237600",
            at: day("2026-11-27"),
            helpful: true,
            noted: false,
          },
          {
            url: "https://example.slack.com/archives/C0ONCALL/p1762855200",
            at: day("2026-11-11"),
            helpful: false,
            noted: true,
          },
        ],
      },
      notes: [
        {
          text: "Cancelled the stuck CREATE MATERIALIZED VIEW first, then the rescale went through.",
          link: null,
          userId: "U0BOB",
          at: day("2026-11-11"),
        },
      ],
    },
  },
  {
    name: "no-analysis",
    height: 600,
    ephemeral: true,
    paste: `ERROR:  Failed to run the query

Caused by:
  permission denied to write on "pg_catalog", System catalog modifications are currently disallowed.`,
    context: { ephemeral: true, seen: { count: 0, firstAt: 0, lastAt: 0, channels: [], threads: [] } },
  },
  {
    name: "not-sure",
    height: 390,
    ephemeral: true,
    paste: `ERROR:  Failed to run the query

Caused by:
  materialized view mv_orders is still being created, try again later`,
    context: { ephemeral: true },
  },
  {
    name: "not-in-knowledge-base",
    height: 260,
    ephemeral: true,
    paste:
      "2026-12-01T03:12:44.120Z ERROR risingwave_stream::executor::flux: quantum flux capacitor misaligned on shard 7 error=flux drift exceeded 3 parsecs",
    context: { ephemeral: true },
  },
];

const chromium = findChromium();

const work = mkdtempSync(join(tmpdir(), "rwerror-shots-"));
for (const shot of shots) {
  const result = matcher.match(shot.paste);
  const message = renderAnswer(result, { ...shot.context, redact: redactSecrets }, shot.paste);
  console.log(
    `${shot.name}: verdict ${result.verdict}, ${message.blocks.length} blocks, best ${result.matches[0]?.record.slug ?? "-"}`,
  );
  const htmlPath = join(work, `${shot.name}.html`);
  writeFileSync(htmlPath, messageToHtml(message.blocks, { names, ephemeral: shot.ephemeral, width: 640 }));
  writeFileSync(join(work, `${shot.name}.json`), `${JSON.stringify(message, null, 2)}\n`);
  if (!chromium) continue;
  headlessChromium(
    [
      `--screenshot=${join(root, "docs", `${shot.name}.png`)}`,
      `--window-size=680,${shot.height}`,
      `file://${htmlPath}`,
    ],
    chromium,
    60_000,
  );
}
console.log(`HTML and payloads in ${work}${chromium ? "" : " (no chromium: PNGs not written)"}`);
