import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { readDevErrors, readLogMessages, readRecords, seedsFile, templatesFile } from "./corpus.ts";
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

/** The three catalogs: the seeds, the corpus templates, and 50,000 generated records (written to dir). */
export function prepareCatalogs(dir: string): BenchCatalog[] {
  const templates = readRecords(templatesFile);
  const generated = generateCatalogRecords(templates, GENERATED_SIZE);
  const file = join(dir, `rwerror-bench-${GENERATED_SIZE}.jsonl`);
  writeFileSync(
    file,
    `${generated.map((record) => JSON.stringify({ record, datasetVersion: "bench-generated" })).join("\n")}\n`,
  );
  return [
    { label: "seeds", size: readRecords(seedsFile).length, file: seedsFile },
    { label: "templates", size: templates.length, file: templatesFile },
    { label: "generated", size: generated.length, file },
  ];
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
