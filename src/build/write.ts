/**
 * The catalog file: gzip JSON Lines, a header line first (which rwerror built it, from which
 * revisions), then one `{record, datasetVersion}` a line. Written beside the target, then renamed, so
 * a failed build never replaces an existing file.
 */
import { mkdirSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";
import { gzipSync } from "node:zlib";
import type { DatasetHeader } from "../catalog/header.ts";
import { BuildError } from "./errors.ts";

export function catalogText(
  header: DatasetHeader,
  records: readonly Record<string, unknown>[],
  version: string,
): string {
  const lines = [JSON.stringify({ header })];
  for (const record of records) lines.push(JSON.stringify({ record, datasetVersion: version }));
  return `${lines.join("\n")}\n`;
}

export function writeCatalogFile(out: string, text: string): number {
  const tmp = `${out}.${process.pid}.tmp`;
  try {
    mkdirSync(dirname(out), { recursive: true });
    const gz = out.endsWith(".gz") ? gzipSync(text, { level: 9 }) : Buffer.from(text);
    writeFileSync(tmp, gz);
    renameSync(tmp, out);
    return gz.length;
  } catch (e) {
    rmSync(tmp, { force: true });
    throw new BuildError("WRITE_FAILED", `cannot write ${out}: ${(e as Error).message}`);
  }
}
