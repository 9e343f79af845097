/**
 * The line format of `data/analysis/*.jsonl` (docs/knowledge-base.md): what an error means and what to
 * do, keyed by a record id or by a family rule. The analysis fields take their zod kinds from the record
 * schema's field table, so an analysis can never hold a value a record could not.
 */
import { z } from "zod";
import { compareReleases } from "./releases.ts";
import { fieldSchema, RELEASE_TAG } from "./schema.ts";

/** Who acts and how, as the card and the digest group errors. */
export const HANDLING_STRATEGIES = [
  "fix_sql",
  "fix_config",
  "fix_data",
  "fix_upstream",
  "retry",
  "wait_for_recovery",
  "investigate",
  "report_bug",
] as const;
export type HandlingStrategy = (typeof HANDLING_STRATEGIES)[number];

/** The record fields an analysis fills on the records it joins (the rest of a record is facts). */
export const ANALYSIS_FIELDS = [
  "documentation",
  "triggerScenarios",
  "commonSituations",
  "solutions",
  "exampleFix",
  "preventionTips",
  "handlingStrategy",
  "validationCode",
  "typeGuard",
  "tryCatchPattern",
] as const;

/** The rule keys of a family, all optional, all of those given must hold (AND). */
export const RULE_KEYS = [
  "errorClass",
  "filePath",
  "messagePattern",
  "component",
  "construct",
  "origin",
  "errorType",
] as const;

const text = z.string().trim().min(1, "must not be empty");
const httpsUrl = z.url({ protocol: /^https$/, error: "not an https URL" });
const tagOrNull = z.string().regex(RELEASE_TAG, "not a release tag (vMAJOR.MINOR.PATCH or main)").nullable();

const releaseRange = z
  .strictObject({ from: tagOrNull, to: tagOrNull })
  .refine((r) => r.from === null || r.to === null || compareReleases(r.from, r.to) <= 0, {
    message: '"from" is newer than "to"',
  });

const identifiers = z.strictObject({
  relations: z.array(text).optional(),
  columns: z.array(text).optional(),
  withOptions: z.array(text).optional(),
  configKeys: z.array(text).optional(),
  sql: z.array(text).optional(),
});
export type AnalysisIdentifiers = z.infer<typeof identifiers>;

/** Record field kinds, then what an analysis needs on top: a meaning, steps and a strategy. */
const fields = {
  documentation: fieldSchema("documentation").refine((v) => v !== null && v.trim() !== "", "must not be empty"),
  triggerScenarios: fieldSchema("triggerScenarios").optional(),
  commonSituations: fieldSchema("commonSituations").optional(),
  solutions: fieldSchema("solutions").refine((v) => v.some((s) => s.trim() !== ""), "needs at least one step"),
  exampleFix: fieldSchema("exampleFix").optional(),
  preventionTips: fieldSchema("preventionTips").optional(),
  handlingStrategy: z.enum(HANDLING_STRATEGIES, { error: `one of ${HANDLING_STRATEGIES.join(", ")}` }),
  validationCode: fieldSchema("validationCode").optional(),
  typeGuard: fieldSchema("typeGuard").optional(),
  tryCatchPattern: fieldSchema("tryCatchPattern").optional(),
  references: z.array(httpsUrl).min(1, "needs at least one URL"),
  releases: releaseRange,
  identifiers: identifiers.optional(),
} satisfies Record<(typeof ANALYSIS_FIELDS)[number], z.ZodType> & Record<string, z.ZodType>;

const ruleText = z.string().min(1, "must not be empty");

/** A family rule as written; `compileRule` turns it into a test (globs and regexes compiled once). */
export const ruleSchema = z
  .strictObject({
    errorClass: ruleText
      .regex(/^[A-Za-z_][\w]*(?:::[A-Za-z_][\w]*)*(?:::\*)?$/, "an errorClass (Enum::Variant) or an enum with ::*")
      .optional(),
    filePath: ruleText.optional(),
    messagePattern: ruleText.optional(),
    component: ruleText.optional(),
    construct: ruleText.optional(),
    origin: z.enum(["user", "external", "internal"]).optional(),
    errorType: ruleText.optional(),
  })
  .refine((r) => RULE_KEYS.some((k) => r[k] !== undefined), {
    message: `needs at least one of ${RULE_KEYS.join(", ")}`,
    // An unknown key (a typo of a rule key) is the problem to show, not the emptiness it leaves.
    when: (payload) => payload.issues.length === 0,
  });
export type FamilyRule = z.infer<typeof ruleSchema>;

const FAMILY_NAME = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

export const recordAnalysisSchema = z.strictObject({
  for: z.strictObject({ id: text }),
  errorMessage: z.string().min(1, "must not be empty"),
  ...fields,
});

export const familyAnalysisSchema = z.strictObject({
  for: z.strictObject({
    family: z.string().regex(FAMILY_NAME, "a kebab-case name"),
    title: text,
    rule: ruleSchema,
    priority: z.number().int().optional(),
  }),
  ...fields,
});

export type RecordAnalysis = z.infer<typeof recordAnalysisSchema>;
export type FamilyAnalysis = z.infer<typeof familyAnalysisSchema>;
export type Analysis = RecordAnalysis | FamilyAnalysis;

/** Where a joined record's analysis came from, as the record carries it (`record.analysis`). */
export interface AnalysisOrigin {
  kind: "record" | "family";
  /** The analysed record's id, or the family's name. */
  from: string;
  /** The family's title ("About this kind of error"). */
  title?: string;
  /** The analysis's evidence and the releases it holds for (absent for a record's own analysis). */
  references?: string[];
  releases?: { from: string | null; to: string | null };
}
