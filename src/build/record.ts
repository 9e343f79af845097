/**
 * A merged message → a schema-v2 record (`../shared/seeds/*.txt`): the reference records' fields and
 * ids, the analysis fields empty (analyses live in data/analysis/), plus the facts catalog build adds
 * (docs/knowledge-base.md). Source text only when the build was asked for it (`--source-lines`).
 */
import { componentOf, tagsOf } from "./component.ts";
import type { MergedMessage } from "./merge.ts";
import { originOf } from "./origin.ts";
import { messagePatternOf, recordId, slugOf } from "./template.ts";
import type { RecordExample, RecordHistory } from "./types.ts";

export const RISINGWAVE_REPO = "risingwavelabs/risingwave";

export interface SourceWindow {
  text: string;
  start: number;
  end: number;
}

export interface RecordInput {
  repo: string;
  merged: MergedMessage;
  history: RecordHistory | null;
  examples: RecordExample[];
  source: SourceWindow | null;
}

export function toRecord({ repo, merged, history, examples, source }: RecordInput): Record<string, unknown> {
  const { filePath, message, newest } = merged;
  const component = componentOf(filePath);
  const record: Record<string, unknown> = {
    id: recordId(repo, filePath, message.errorMessage),
    repo,
    slug: slugOf(message.errorMessage),
    errorCode: null,
    errorMessage: message.errorMessage,
    messagePattern: messagePatternOf(message.errorMessage, message.plain),
    errorType: message.errorType,
    errorClass: message.errorClass,
    httpStatus: null,
    severity: message.severity,
    filePath,
    lineNumber: message.lineNumber,
    sourceCode: source?.text ?? null,
    sourceCodeStart: source?.start ?? null,
    sourceCodeEnd: source?.end ?? null,
    githubUrl: `https://github.com/${repo}/blob/${newest.commit}/${filePath}#L${message.lineNumber}`,
    documentation: null,
    triggerScenarios: null,
    commonSituations: null,
    solutions: [],
    exampleFix: null,
    handlingStrategy: null,
    validationCode: null,
    typeGuard: null,
    tryCatchPattern: null,
    preventionTips: [],
    tags: tagsOf(filePath),
    backgroundTag: null,
    analyzedSha: newest.commit,
    analyzedAt: null,
    contentChangedAt: null,
    schemaVersion: 2,
    releases: merged.releases,
    component,
    function: message.function,
    errorEnum: message.errorEnum,
    variant: message.variant,
    construct: message.construct,
    origin: originOf({ ...message, component, filePath }),
  };
  if (history) record.history = history;
  if (examples.length > 0) record.examples = examples;
  return record;
}

/** The lines around `line` (1-based), `around` on each side, clipped to the file. */
export function sourceWindow(text: string, line: number, around: number): SourceWindow {
  const lines = text.split("\n");
  const start = Math.max(1, line - around);
  const end = Math.min(lines.length, line + around);
  return { text: lines.slice(start - 1, end).join("\n"), start, end };
}
