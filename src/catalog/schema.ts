import { z } from "zod";
import type { AnalysisOrigin } from "./analysis-schema.ts";

/**
 * Field kinds of a record. One table drives both the zod schema (exact error messages) and the
 * fast check that loading 50,000 records relies on, so the two cannot disagree.
 */
type FieldKind =
  | "text"
  | "nonEmpty"
  | "text?"
  | "int?"
  | "list"
  | "version2"
  | "releases?"
  | "fact?"
  | "origin?"
  | "history?"
  | "examples?";

/** A RisingWave release tag as the releases corpus writes it (`v1.4.0`, `v2.0.0-rc.1`), or `main`. */
export const RELEASE_TAG = /^(?:v\d{1,3}\.\d{1,3}\.\d{1,3}(?:-[0-9A-Za-z.]{1,32})?|main)$/;
const BAD_TAG = "not a release tag (vMAJOR.MINOR.PATCH or main)";

const FIELDS = {
  id: "nonEmpty",
  repo: "text",
  slug: "nonEmpty",
  errorCode: "text?",
  errorMessage: "nonEmpty",
  messagePattern: "nonEmpty",
  errorType: "nonEmpty",
  errorClass: "text?",
  httpStatus: "int?",
  severity: "nonEmpty",
  filePath: "text?",
  lineNumber: "int?",
  sourceCode: "text?",
  sourceCodeStart: "int?",
  sourceCodeEnd: "int?",
  githubUrl: "text?",
  documentation: "text?",
  triggerScenarios: "text?",
  commonSituations: "text?",
  solutions: "list",
  exampleFix: "text?",
  handlingStrategy: "text?",
  validationCode: "text?",
  typeGuard: "text?",
  tryCatchPattern: "text?",
  preventionTips: "list",
  tags: "list",
  backgroundTag: "text?",
  analyzedSha: "text?",
  analyzedAt: "text?",
  contentChangedAt: "text?",
  schemaVersion: "version2",
  /** The release tags whose sources contain the template, oldest first; absent = unknown. */
  releases: "releases?",
  // Facts `rwerror catalog build` adds (docs/knowledge-base.md); absent on records from elsewhere.
  /** Where the raising file lives: meta, frontend, stream, batch, storage, connector, common, … */
  component: "fact?",
  /** The enclosing fn (`Type::method`), or the error type for `#[error]` attributes. */
  function: "fact?",
  errorEnum: "fact?",
  variant: "fact?",
  /** The construct that carries the message: error-attr, bail, context, panic, … */
  construct: "fact?",
  /** Who acts: the user, an external system, or RisingWave itself (internal); null when unclear. */
  origin: "origin?",
  history: "history?",
  examples: "examples?",
} as const satisfies Record<string, FieldKind>;

/** Lists are never null in the seeds; a null from an older export reads as an empty list. */
const stringList = z
  .array(z.string())
  .nullable()
  .transform((v) => v ?? []);

/** A point in a message's history: the release, the commit and the PR of its squash subject. */
const historyPoint = z.object({
  release: z.string().regex(RELEASE_TAG, BAD_TAG),
  commit: z.string().nullable(),
  pr: z.number().int().nullable(),
});

const ZOD_KIND = {
  text: z.string(),
  nonEmpty: z.string().min(1),
  "text?": z.string().nullable(),
  "int?": z.number().int().nullable(),
  list: stringList,
  version2: z.literal(2),
  "releases?": z.array(z.string().regex(RELEASE_TAG, BAD_TAG)).optional(),
  "fact?": z.string().nullable().optional(),
  "origin?": z.enum(["user", "external", "internal"]).nullable().optional(),
  "history?": z
    .object({
      added: historyPoint,
      removed: historyPoint.extend({ subject: z.string().nullable() }).nullable(),
    })
    .optional(),
  "examples?": z.array(z.object({ sql: z.string(), source: z.string(), release: z.string() })).optional(),
} as const;

type Shape = { [K in keyof typeof FIELDS]: (typeof ZOD_KIND)[(typeof FIELDS)[K]] };

/**
 * A schemaVersion-2 knowledge-base record, as in `../shared/seeds/*.txt`: nullable where the seeds
 * or the corpus hold null. Unknown fields are kept (`loose`): newer datasets add fields.
 */
export const recordSchema = z.looseObject(
  Object.fromEntries(Object.entries(FIELDS).map(([name, kind]) => [name, ZOD_KIND[kind]])) as Shape,
);

/** A record as loaded; `analysis` (set by the join at load) says where its analysis came from. */
export type ErrorRecord = z.infer<typeof recordSchema> & { analysis?: AnalysisOrigin };

/** A dataset line: `{record, datasetVersion}` (the shipped form) or a bare record. */
export const wrappedRecordSchema = z.looseObject({
  record: z.unknown(),
  datasetVersion: z.string().optional(),
});

const FIELD_LIST = Object.entries(FIELDS) as [string, FieldKind][];

function fits(kind: FieldKind, v: unknown): boolean {
  switch (kind) {
    case "text":
      return typeof v === "string";
    case "nonEmpty":
      return typeof v === "string" && v.length > 0;
    case "text?":
      return v === null || typeof v === "string";
    case "int?":
      return v === null || Number.isInteger(v);
    case "list":
      return v === null || (Array.isArray(v) && v.every((x) => typeof x === "string"));
    case "version2":
      return v === 2;
    case "releases?":
      return v === undefined || (Array.isArray(v) && v.every((x) => typeof x === "string" && RELEASE_TAG.test(x)));
    case "fact?":
      return v === undefined || v === null || typeof v === "string";
    case "origin?":
      return v === undefined || v === null || v === "user" || v === "external" || v === "internal";
    case "history?":
      return v === undefined || fitsHistory(v);
    case "examples?":
      return v === undefined || (Array.isArray(v) && v.every(fitsExample));
  }
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

function fitsPoint(v: unknown): boolean {
  return (
    isObject(v) &&
    typeof v.release === "string" &&
    RELEASE_TAG.test(v.release) &&
    (v.commit === null || typeof v.commit === "string") &&
    (v.pr === null || Number.isInteger(v.pr))
  );
}

function fitsHistory(v: unknown): boolean {
  if (!isObject(v) || !fitsPoint(v.added)) return false;
  const removed = v.removed;
  return (
    removed === null ||
    (fitsPoint(removed) && isObject(removed) && (removed.subject === null || typeof removed.subject === "string"))
  );
}

function fitsExample(v: unknown): boolean {
  return isObject(v) && typeof v.sql === "string" && typeof v.source === "string" && typeof v.release === "string";
}

/**
 * The fast path of validation: the record as the schema would return it, or undefined when any
 * field does not fit (the caller then asks zod, which names the field and the reason).
 */
export function checkRecordFast(value: unknown): ErrorRecord | undefined {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return undefined;
  const o = value as Record<string, unknown>;
  for (const [name, kind] of FIELD_LIST) if (!fits(kind, o[name])) return undefined;
  for (const name of ["solutions", "preventionTips", "tags"] as const) if (o[name] === null) o[name] = [];
  return o as ErrorRecord;
}

export type RecordField = keyof typeof FIELDS;

/** The zod schema of one record field, by its kind in the field table (analysis files reuse them). */
export function fieldSchema<K extends RecordField>(name: K): (typeof ZOD_KIND)[(typeof FIELDS)[K]] {
  return ZOD_KIND[FIELDS[name]];
}
