import type { ErrorRecord } from "../../src/catalog/schema.ts";
import { DOWNSTREAM_ID, seedById } from "./seeds.ts";

/**
 * A template record built on the downstream seed with no analysis (documentation, solutions and
 * the rest empty), its slug its id and its messagePattern derived from `errorMessage`: tests name
 * only what the case is about.
 */
export function templateRecord(over: Partial<ErrorRecord> & { id: string; errorMessage: string }): ErrorRecord {
  return {
    ...seedById(DOWNSTREAM_ID),
    documentation: null,
    solutions: [],
    preventionTips: [],
    exampleFix: null,
    handlingStrategy: null,
    triggerScenarios: null,
    commonSituations: null,
    slug: over.id,
    messagePattern: over.errorMessage.replace(/\{[^}]*\}/g, "(.+?)"),
    ...over,
  };
}
