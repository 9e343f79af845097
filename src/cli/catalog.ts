/**
 * `rwerror catalog build`: the knowledge base from RisingWave's git history (src/build/).
 * Progress goes to stderr; a failure is one line and exit 1, and never replaces the output file.
 */
import { readFileSync } from "node:fs";
import { availableParallelism } from "node:os";
import { parseArgs } from "node:util";
import { buildCatalog, defaultCachePath } from "../build/build.ts";
import { BuildError } from "../build/errors.ts";
import { RISINGWAVE_REPO } from "../build/record.ts";
import type { CliIo } from "../terminal/io.ts";

export const CATALOG_USAGE = `Usage: rwerror catalog build --source REPO [--rev REV]… [--releases] [--out FILE] [--source-lines N]

Builds the error knowledge base from RisingWave's git history: every error message of the Rust sources
at each revision, one record per (file, message), with the releases that print it, where it is raised,
when its wording was added and changed, and the SQL RisingWave's own tests raise it with.

  --source REPO       a RisingWave git repository, bare or not (no work tree needed)
  --rev REV           a revision to read (repeatable): a version tag (v2.6.1) or one branch or commit,
                      recorded as "main"
  --releases          every stable tag from v0.18.0 on, patch releases included, plus the default branch
  --out FILE          where to write (default data/risingwave.jsonl.gz; .gz means gzip)
  --source-lines N    keep N lines of source on each side of each message (default 0: facts only)
  --repo OWNER/NAME   the repository records name and link to (default ${RISINGWAVE_REPO}; a fork's own)
  --cache FILE        the per-blob extraction cache (default ~/.cache/rwerror/catalog-build.json.gz)
  --no-cache          read every blob afresh
  --no-history        skip the added/changed commits (faster)
  --no-examples       skip the test SQL
  --jobs N            parser threads (default: one per core; 0 parses in the main thread)
  --facts FILE        where to write the identifiers analyses are checked against (system catalogs and
                      their columns, WITH options, config keys; default: beside --out, *-facts.json.gz)
  --no-facts          write no identifiers file

npm run catalog:update -- --source REPO rebuilds the shipped data/risingwave.jsonl.gz.`;

function rwerrorVersion(): string {
  try {
    const pkg = JSON.parse(readFileSync(new URL("../../package.json", import.meta.url), "utf8")) as {
      version?: string;
    };
    return `rwerror ${pkg.version ?? "unknown"}`;
  } catch {
    return "rwerror";
  }
}

/** `data/risingwave.jsonl.gz` → `data/risingwave-facts.json.gz`. */
export function factsPathFor(out: string): string {
  return `${out.replace(/(\.jsonl)?(\.gz)?$/, "")}-facts.json.gz`;
}

export async function catalogCommand(argv: string[], io: CliIo): Promise<number> {
  const [sub, ...rest] = argv;
  // An option before the subcommand is reported like any unknown option (`rwerror catalog --bogus`).
  if (sub?.startsWith("-")) parseArgs({ args: argv, options: {}, allowPositionals: true });
  if (sub !== "build") {
    io.err(sub ? `rwerror catalog: unknown subcommand "${sub}"\n\n${CATALOG_USAGE}` : CATALOG_USAGE);
    return 2;
  }
  const { values } = parseArgs({
    args: rest,
    options: {
      source: { type: "string" },
      rev: { type: "string", multiple: true },
      releases: { type: "boolean", default: false },
      out: { type: "string", default: "data/risingwave.jsonl.gz" },
      "source-lines": { type: "string", default: "0" },
      repo: { type: "string", default: RISINGWAVE_REPO },
      cache: { type: "string" },
      "no-cache": { type: "boolean", default: false },
      "no-history": { type: "boolean", default: false },
      "no-examples": { type: "boolean", default: false },
      jobs: { type: "string" },
      facts: { type: "string" },
      "no-facts": { type: "boolean", default: false },
    },
    allowPositionals: false,
  });
  const sourceLines = Number(values["source-lines"]);
  const jobs = values.jobs === undefined ? availableParallelism() : Number(values.jobs);
  if (!Number.isInteger(jobs) || jobs < 0 || jobs > 64) {
    io.err("rwerror catalog build: --jobs takes a whole number from 0 to 64");
    return 2;
  }
  if (!values.source) {
    io.err("rwerror catalog build: --source is required: a RisingWave git repository (see rwerror catalog --help)");
    return 2;
  }
  if (!Number.isInteger(sourceLines) || sourceLines < 0 || sourceLines > 200) {
    io.err("rwerror catalog build: --source-lines takes a whole number from 0 to 200");
    return 2;
  }
  if (!/^[\w.-]+\/[\w.-]+$/.test(values.repo)) {
    io.err(`rwerror catalog build: --repo takes OWNER/NAME, not "${values.repo}"`);
    return 2;
  }
  const started = Date.now();
  try {
    const result = await buildCatalog({
      source: values.source,
      revs: values.rev ?? [],
      releases: values.releases,
      out: values.out,
      sourceLines,
      repo: values.repo,
      cache: values["no-cache"] ? null : (values.cache ?? defaultCachePath()),
      builtBy: rwerrorVersion(),
      now: () => new Date(),
      log: (line) =>
        io.err(
          `[${((Date.now() - started) / 1000).toFixed(0).padStart(4)} s, ${(process.memoryUsage().rss / 2 ** 20).toFixed(0)} MB] ${line}`,
        ),
      history: !values["no-history"],
      examples: !values["no-examples"],
      jobs,
      factsOut: values["no-facts"] ? null : (values.facts ?? factsPathFor(values.out)),
    });
    const secs = ((Date.now() - started) / 1000).toFixed(1);
    io.out(
      `${values.out}: ${result.records} records from ${result.revisions} revisions (${(result.bytes / 1024).toFixed(0)} KiB) in ${secs} s; ` +
        `${result.cacheMisses} files parsed, ${result.cacheHits} from the cache`,
    );
    return 0;
  } catch (e) {
    if (e instanceof BuildError) {
      io.err(`rwerror catalog build: ${e.message}`);
      return 1;
    }
    throw e;
  }
}
