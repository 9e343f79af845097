import type { z } from "zod";
import type { CatalogProblem } from "./errors.ts";
import { type DatasetHeader, datasetHeaderSchema, isHeaderLine } from "./header.ts";
import { BinaryFileError, type RawItem } from "./lines.ts";
import { unsafePatternReason } from "./pattern-safety.ts";
import { checkRecordFast, type ErrorRecord, recordSchema, wrappedRecordSchema } from "./schema.ts";

export interface ParsedEntry {
  record: ErrorRecord;
  datasetVersion: string | null;
  file: string;
  line: number;
}

export interface ParsedFile {
  entries: ParsedEntry[];
  problems: CatalogProblem[];
  /** The file's header line (a built catalog's first line), when it has one. */
  header?: DatasetHeader;
}

/** JSON Lines start with a whole JSON value on line 1; a pretty-printed document does not. */
export function firstLineIsJson(body: string): boolean {
  const nl = body.indexOf("\n");
  try {
    JSON.parse(nl < 0 ? body : body.slice(0, nl));
    return true;
  } catch {
    return false;
  }
}

/**
 * Splits a dataset file into JSON items with their line numbers: a JSON array, one JSON
 * document (a seed `.txt` is one record, possibly pretty-printed), or JSON Lines.
 */
export function splitItems(content: string): RawItem[] {
  const body = content.replace(/^\uFEFF/, "");
  const trimmed = body.trimStart();
  const leading = body.length - trimmed.length;
  if (trimmed.startsWith("[")) return splitArray(body, leading);
  if (trimmed.startsWith("{") && !firstLineIsJson(trimmed)) {
    try {
      JSON.parse(body);
      return [{ line: lineAt(body, leading), text: body }];
    } catch {
      // Not one document either: JSON Lines below names the bad lines.
    }
  }
  const items: RawItem[] = [];
  body.split("\n").forEach((text, i) => {
    if (text.trim() !== "") items.push({ line: i + 1, text });
  });
  return items;
}

function lineAt(text: string, offset: number): number {
  let line = 1;
  for (let i = 0; i < offset; i++) if (text.charCodeAt(i) === 10) line++;
  return line;
}

/** Finds each top-level element of a JSON array so a problem can name the line it starts on. */
function splitArray(body: string, start: number): RawItem[] {
  const items: RawItem[] = [];
  let depth = 0;
  let inString = false;
  let itemStart = -1;
  let line = lineAt(body, start);
  let itemLine = line;
  for (let i = start; i < body.length; i++) {
    const c = body[i];
    if (c === "\n") line++;
    if (inString) {
      if (c === "\\") i++;
      else if (c === '"') inString = false;
      continue;
    }
    if (c === '"') inString = true;
    if (c === "[" || c === "{") {
      depth++;
      if (depth === 2 && itemStart < 0) {
        itemStart = i;
        itemLine = line;
      }
    } else if (c === "]" || c === "}") {
      depth--;
      if (depth === 1 && itemStart >= 0) {
        items.push({ line: itemLine, text: body.slice(itemStart, i + 1) });
        itemStart = -1;
      }
    } else if (depth === 1 && itemStart < 0 && !/[\s,]/.test(c ?? "")) {
      // A scalar element: let the record check report it.
      const end = body.slice(i).search(/[,\]]/);
      items.push({ line, text: body.slice(i, end < 0 ? undefined : i + end).trim() });
      if (end > 0) i += end - 1;
    }
  }
  return items;
}

/** `record.releases[2]`: list positions in brackets, the way a reader names them. */
function fieldPath(prefix: string, path: readonly PropertyKey[]): string {
  let out = prefix;
  for (const key of path) {
    if (typeof key === "number") out += `[${key}]`;
    else out += out ? `.${String(key)}` : String(key);
  }
  return out;
}

function zodProblems(file: string, line: number, prefix: string, error: z.ZodError): CatalogProblem[] {
  return error.issues.map((issue) => ({
    file,
    line,
    field: fieldPath(prefix, issue.path),
    reason: issue.message,
  }));
}

/**
 * Escaped literals and `(.+?)` groups only, the form of every generated pattern: such a pattern
 * always compiles, so the costly RegExp construction is left for anything else.
 */
const SIMPLE_PATTERN = /^(?:[^\\()[\]{}^$.|?*+]|\\[^A-Za-z0-9]|\\[ntr]|\(\.\+\?\))*$/;

/** Checks a messagePattern compiles the way the matcher will compile it, inside the safe subset. */
export function patternProblem(pattern: string): string | null {
  if (SIMPLE_PATTERN.test(pattern)) return null;
  return unsafePatternReason(pattern);
}

/** Parses and validates every record of one file; never throws. */
export function parseDataset(file: string, content: string): ParsedFile {
  if (content.includes("\u0000")) return binaryFile(file);
  return parseItems(file, splitItems(content));
}

function binaryFile(file: string): ParsedFile {
  return { entries: [], problems: [{ file, line: 1, field: "", reason: "binary file, not JSON" }] };
}

/** Validates items (one JSON value each) as records; never throws. */
export function parseItems(file: string, items: Iterable<RawItem>): ParsedFile {
  const out: ParsedFile = { entries: [], problems: [] };
  try {
    parseInto(file, items, out);
  } catch (e) {
    if (e instanceof BinaryFileError) return binaryFile(file);
    throw e;
  }
  return out;
}

function parseInto(file: string, items: Iterable<RawItem>, out: ParsedFile): void {
  const { entries, problems } = out;
  let first = true;
  for (const item of items) {
    let value: unknown;
    try {
      value = JSON.parse(item.text);
    } catch (e) {
      problems.push({ file, line: item.line, field: "", reason: `invalid JSON: ${(e as Error).message}` });
      continue;
    }
    if (typeof value !== "object" || value === null || Array.isArray(value)) {
      problems.push({ file, line: item.line, field: "", reason: "expected a JSON object (a record)" });
      continue;
    }
    const isFirst = first;
    first = false;
    if (isHeaderLine(value)) {
      // Only a built catalog's first line is a header; anywhere else it is a misplaced line.
      const header = datasetHeaderSchema.safeParse(value.header);
      if (!isFirst) {
        problems.push({ file, line: item.line, field: "header", reason: "a header is only allowed on line 1" });
      } else if (header.success) {
        out.header = header.data;
      } else {
        problems.push(...zodProblems(file, item.line, "header", header.error));
      }
      continue;
    }
    let wrapped: { record: unknown; datasetVersion: string | null } | null = null;
    if ("record" in value) {
      const version = (value as { datasetVersion?: unknown }).datasetVersion;
      if (version !== undefined && typeof version !== "string") {
        const result = wrappedRecordSchema.safeParse(value);
        if (!result.success) problems.push(...zodProblems(file, item.line, "", result.error));
        continue;
      }
      wrapped = { record: value.record, datasetVersion: version ?? null };
    }
    const prefix = wrapped ? "record" : "";
    const raw = wrapped ? wrapped.record : value;
    // zod only for records the fast check refuses: it names the field and the reason.
    let record = checkRecordFast(raw);
    if (!record) {
      const result = recordSchema.safeParse(raw);
      if (!result.success) {
        problems.push(...zodProblems(file, item.line, prefix, result.error));
        continue;
      }
      record = result.data;
    }
    const bad = patternProblem(record.messagePattern);
    if (bad) {
      problems.push({
        file,
        line: item.line,
        field: [prefix, "messagePattern"].filter(Boolean).join("."),
        reason: bad,
      });
      continue;
    }
    entries.push({
      record,
      datasetVersion: wrapped?.datasetVersion ?? null,
      file,
      line: item.line,
    });
  }
}
