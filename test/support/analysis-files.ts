/** Data folders with records and `analysis/*.jsonl` files, written for real in a temp folder. */
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { ErrorRecord } from "../../src/catalog/schema.ts";

/** The analysis fields every line needs, valid as written; a case overrides only what it is about. */
export function analysisFields(over: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    documentation: "What happened, in an operator's words.",
    solutions: ["1. Read the state: `SELECT * FROM rw_catalog.rw_tables;`"],
    handlingStrategy: "investigate",
    references: ["https://github.com/risingwavelabs/risingwave/blob/v2.5.0/src/meta/src/stream/scale.rs#L930"],
    releases: { from: "v2.0.0", to: null },
    ...over,
  };
}

export function recordAnalysisLine(id: string, errorMessage: string, over: Record<string, unknown> = {}): string {
  return JSON.stringify({ analysis: { for: { id }, errorMessage, ...analysisFields(over) } });
}

export function familyLine(
  family: string,
  rule: Record<string, unknown>,
  over: Record<string, unknown> = {},
  extra: { priority?: number; title?: string } = {},
): string {
  const target = {
    family,
    title: extra.title ?? `The ${family} family`,
    rule,
    ...(extra.priority !== undefined && { priority: extra.priority }),
  };
  return JSON.stringify({ analysis: { for: target, ...analysisFields(over) } });
}

/** A data folder: `records.jsonl` with the records, `analysis/<name>` with the given lines. */
export function dataFolder(records: readonly ErrorRecord[], analysisFiles: Record<string, readonly string[]>): string {
  const dir = mkdtempSync(join(tmpdir(), "rwerror-analysis-"));
  writeFileSync(join(dir, "records.jsonl"), `${records.map((r) => JSON.stringify({ record: r })).join("\n")}\n`);
  mkdirSync(join(dir, "analysis"));
  for (const [name, lines] of Object.entries(analysisFiles)) {
    writeFileSync(join(dir, "analysis", name), `${lines.join("\n")}\n`);
  }
  return dir;
}
