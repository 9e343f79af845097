import { type Catalog, catalogFromRecords, type ErrorRecord } from "../../src/catalog/index.ts";
import type { OccurrenceSource, Store } from "../../src/store/index.ts";

export function fakeRecord(id: string, errorMessage: string): ErrorRecord {
  const slug = errorMessage
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");
  return {
    id,
    repo: "risingwavelabs/risingwave",
    slug: slug || id,
    errorCode: null,
    errorMessage,
    messagePattern: errorMessage,
    errorType: "error_code",
    errorClass: null,
    httpStatus: null,
    severity: "error",
    filePath: null,
    lineNumber: null,
    sourceCode: null,
    sourceCodeStart: null,
    sourceCodeEnd: null,
    githubUrl: null,
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
    tags: [],
    backgroundTag: null,
    analyzedSha: null,
    analyzedAt: null,
    contentChangedAt: null,
    schemaVersion: 2,
  };
}

export function fakeCatalog(): Catalog {
  return catalogFromRecords([
    fakeRecord("r-table", "table not found: {name}"),
    fakeRecord("r-barrier", "barrier collection failed"),
    fakeRecord("r-oom", "out of memory in <hash agg> & friends"),
    fakeRecord("r-sink", "sink error: {0}"),
    fakeRecord("r-new", "brand new failure"),
  ]);
}

export interface Event {
  recordId: string | null;
  channelId: string | null;
  at: number;
  text: string;
  source?: OccurrenceSource;
}

export async function logEvents(store: Store, events: readonly Event[]): Promise<void> {
  for (const [i, e] of events.entries()) {
    await store.recordOccurrence({
      recordId: e.recordId,
      source: e.source ?? (e.channelId ? "auto" : "console"),
      channelId: e.channelId,
      messageTs: e.channelId ? `${Math.floor(e.at / 1000)}.${String(i).padStart(6, "0")}` : null,
      text: e.text,
      occurredAt: e.at,
    });
  }
}

/** A small deterministic PRNG so generated data is the same on every run. */
export function prng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
