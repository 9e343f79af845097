import { existsSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import type { ErrorRecord } from "../src/catalog/index.ts";

/** The shared corpus sits beside the repository (`../shared/corpus`), never inside it. */
export const corpusDir = fileURLToPath(new URL("../../shared/corpus/", import.meta.url));
export const seedsFile = fileURLToPath(new URL("../data/records.jsonl", import.meta.url));
export const templatesFile = `${corpusDir}risingwave-templates.jsonl`;
/** Every release's templates (9,798) and the shipped third-party pack: the multi-release catalog. */
export const releasesFile = `${corpusDir}risingwave-releases.jsonl`;
export const thirdPartyFile = fileURLToPath(new URL("../data/third-party.jsonl", import.meta.url));
export const logMessagesFile = `${corpusDir}risingwave-log-messages.jsonl`;
export const devErrorsFile = `${corpusDir}dev-errors.jsonl`;

export function corpusAvailable(): boolean {
  return existsSync(templatesFile) && existsSync(logMessagesFile) && existsSync(devErrorsFile);
}

function readJsonLines(file: string): unknown[] {
  return readFileSync(file, "utf8")
    .split("\n")
    .filter((l) => l.trim() !== "")
    .map((l) => JSON.parse(l) as unknown);
}

/** Records of a `{record, datasetVersion}` JSON Lines file, unvalidated (the catalog loader validates). */
export function readRecords(file: string): ErrorRecord[] {
  return readJsonLines(file).map((v) => (v as { record: ErrorRecord }).record);
}

export interface DevError {
  input: string;
  expected: string[];
  rootCause: string;
  source: string;
}

export function readDevErrors(): DevError[] {
  return readJsonLines(devErrorsFile) as DevError[];
}

/** The tracing log messages RisingWave prints at WARN/ERROR: the raw material of noise lines. */
export interface LogMessage {
  message: string;
  severity: string;
  filePath: string | null;
}

export function readLogMessages(): LogMessage[] {
  return readRecords(logMessagesFile).map((r) => ({
    message: r.errorMessage,
    severity: r.severity,
    filePath: r.filePath,
  }));
}
