import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { parseDataset } from "../../src/catalog/parse.ts";
import type { ErrorRecord } from "../../src/catalog/schema.ts";

export const repoRoot = fileURLToPath(new URL("../../", import.meta.url));
export const shippedData = fileURLToPath(new URL("../../data/records.jsonl", import.meta.url));
export const corpusDir = fileURLToPath(new URL("../../../shared/corpus/", import.meta.url));
export const seedsDir = fileURLToPath(new URL("../../../shared/seeds/", import.meta.url));

/** The two seed records as shipped in data/records.jsonl. */
export function seedRecords(): ErrorRecord[] {
  const parsed = parseDataset(shippedData, readFileSync(shippedData, "utf8"));
  if (parsed.problems.length > 0) throw new Error(`shipped data is invalid: ${JSON.stringify(parsed.problems)}`);
  return parsed.entries.map((e) => e.record);
}

export function seedById(id: string): ErrorRecord {
  const r = seedRecords().find((x) => x.id === id);
  if (!r) throw new Error(`no seed ${id}`);
  return r;
}

export const DOWNSTREAM_ID = "3046ab48bd5b391a";
export const JOB_FRAGMENTS_ID = "b940132d377b6d0e";
