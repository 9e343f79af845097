import { z } from "zod";

/** Strings the analysis may leave empty are kept as-is; `null` is allowed wherever the corpus holds it. */
const nullableString = z.string().nullable();
/** Lists are never null in the seeds; a null from an older export reads as an empty list. */
const stringList = z
  .array(z.string())
  .nullable()
  .transform((v) => v ?? []);

/**
 * A schemaVersion-2 knowledge-base record, as in `../shared/seeds/*.txt`.
 * Unknown fields are kept (`loose`): newer datasets add fields and we must not drop them.
 */
export const recordSchema = z.looseObject({
  id: z.string().min(1),
  repo: z.string(),
  slug: z.string().min(1),
  errorCode: nullableString,
  errorMessage: z.string().min(1),
  messagePattern: z.string().min(1),
  errorType: z.string().min(1),
  errorClass: nullableString,
  httpStatus: z.number().int().nullable(),
  severity: z.string().min(1),
  filePath: nullableString,
  lineNumber: z.number().int().nullable(),
  sourceCode: nullableString,
  sourceCodeStart: z.number().int().nullable(),
  sourceCodeEnd: z.number().int().nullable(),
  githubUrl: nullableString,
  documentation: nullableString,
  triggerScenarios: nullableString,
  commonSituations: nullableString,
  solutions: stringList,
  exampleFix: nullableString,
  handlingStrategy: nullableString,
  validationCode: nullableString,
  typeGuard: nullableString,
  tryCatchPattern: nullableString,
  preventionTips: stringList,
  tags: stringList,
  backgroundTag: nullableString,
  analyzedSha: nullableString,
  analyzedAt: nullableString,
  contentChangedAt: nullableString,
  schemaVersion: z.literal(2),
});

export type ErrorRecord = z.infer<typeof recordSchema>;

/** A dataset line: `{record, datasetVersion}` (the shipped form) or a bare record. */
export const wrappedRecordSchema = z.looseObject({
  record: z.unknown(),
  datasetVersion: z.string().optional(),
});
