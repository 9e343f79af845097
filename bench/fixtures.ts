import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { loadCatalog } from "../src/catalog/index.ts";
import {
  readDevErrors,
  readLogMessages,
  readRecords,
  releasesFile,
  seedsFile,
  templatesFile,
  thirdPartyFile,
} from "./corpus.ts";
import { damage } from "./damage.ts";
import { generateCatalogRecords } from "./generate-catalog.ts";
import { buildPaste, createLogWriter, type LogSources } from "./generate-log.ts";
import { createRng } from "./prng.ts";

export interface BenchCatalog {
  label: string;
  size: number;
  /** A dataset file, so load time includes parsing it like the bot does. */
  file: string;
}

export const GENERATED_SIZE = 50_000;

/** The package's own data/ folder: what `npm start` serves with no RWERROR_DATA. */
export const SHIPPED_DATA = fileURLToPath(new URL("../data", import.meta.url));
export const SHIPPED_LABEL = "shipped data/";

/**
 * The catalogs: the seeds, the corpus templates, every release's templates with the third-party
 * pack, and 50,000 generated records including the pack (written to dir).
 */
export function prepareCatalogs(dir: string): BenchCatalog[] {
  const templates = readRecords(templatesFile);
  // The shipped third-party pack rides along: its patterns are part of every served catalog.
  const pack = readRecords(thirdPartyFile);
  const generated = [...generateCatalogRecords(templates, GENERATED_SIZE - pack.length), ...pack];
  const file = join(dir, `rwerror-bench-${GENERATED_SIZE}.jsonl`);
  writeFileSync(
    file,
    `${generated.map((record) => JSON.stringify({ record, datasetVersion: "bench-generated" })).join("\n")}\n`,
  );
  const catalogs: BenchCatalog[] = [
    { label: "seeds", size: readRecords(seedsFile).length, file: seedsFile },
    { label: "templates", size: templates.length, file: templatesFile },
    { label: "generated", size: generated.length, file },
  ];
  if (existsSync(join(SHIPPED_DATA, "risingwave.jsonl.gz"))) {
    // The folder as the bot loads it: records, the built RisingWave catalog, third-party, analyses.
    const size = loadCatalog([SHIPPED_DATA]).catalog.records.length;
    catalogs.splice(2, 0, { label: SHIPPED_LABEL, size, file: SHIPPED_DATA });
  }
  if (existsSync(releasesFile)) {
    const releases = join(dir, "rwerror-bench-releases.jsonl");
    writeFileSync(releases, `${readFileSync(releasesFile, "utf8").trimEnd()}\n${readFileSync(thirdPartyFile, "utf8")}`);
    const size = readRecords(releasesFile).length + pack.length;
    catalogs.splice(2, 0, { label: "releases+third-party", size, file: releases });
  }
  return catalogs;
}

export function logSources(): LogSources {
  return {
    logMessages: readLogMessages(),
    devErrors: readDevErrors(),
    errorRecords: [...readRecords(seedsFile), ...readRecords(templatesFile)],
  };
}

export const PASTE_SIZES = [200, 4096, 65_536] as const;

/** `perSize` different pastes of each size, the same on every run. */
export function buildPastes(sources: LogSources, perSize: number, seed = 4096): Map<number, string[]> {
  const rng = createRng(seed);
  const writer = createLogWriter(sources, rng);
  const out = new Map<number, string[]>();
  for (const size of PASTE_SIZES) {
    out.set(
      size,
      // Half of them damaged like real tools do, so adapters and the folded pass are on the timed path.
      Array.from({ length: perSize }, (_, i) => damage(buildPaste(writer, rng, size), size, rng, i)),
    );
  }
  return out;
}

export function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / 1024 / 1024).toFixed(0)} MiB`;
  if (bytes >= 1024) return `${(bytes / 1024).toFixed(0)} KiB`;
  return `${bytes} B`;
}
