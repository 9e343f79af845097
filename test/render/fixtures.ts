/** Matches and records for render tests: the shipped seeds, an unanalysed record, hostile text. */

import type { AnyBlock, KnownBlock } from "@slack/types";
import type { ErrorRecord } from "../../src/catalog/schema.ts";
import type { Match, MatchResult } from "../../src/matcher/types.ts";
import { DOWNSTREAM_ID, seedById } from "../support/seeds.ts";

export function exact(record: ErrorRecord, captures: string[] = [], layer?: string, extra: Partial<Match> = {}): Match {
  return {
    record,
    kind: "exact",
    confidence: 1,
    captures,
    layer: layer ?? record.errorMessage,
    layerIndex: 0,
    rootCause: true,
    ...extra,
  };
}

export function result(matches: Match[], extra: Partial<MatchResult> = {}): MatchResult {
  return {
    looksLikeError: true,
    truncated: false,
    inputBytes: 100,
    layers: [],
    matches,
    verdict: matches.length ? "answer" : "none",
    ...extra,
  };
}

/** One of the 5,812 records without analysis: documentation and solutions empty, source kept. */
export function unanalysed(overrides: Partial<ErrorRecord> = {}): ErrorRecord {
  return {
    ...seedById(DOWNSTREAM_ID),
    id: "0000unanalysed01",
    slug: "downstream-relation-missing-unanalysed",
    documentation: null,
    triggerScenarios: null,
    commonSituations: null,
    solutions: [],
    exampleFix: null,
    preventionTips: [],
    handlingStrategy: null,
    validationCode: null,
    ...overrides,
  };
}

/** The generic `{object_type} not found: {name}` template, as the corpus has it. */
export function notFound(): ErrorRecord {
  return unanalysed({
    id: "0000notfound0001",
    slug: "object-type-not-found-name",
    errorMessage: "{object_type} not found: {name}",
    messagePattern: "(.+?) not found: (.+?)",
    sourceCode: null,
    sourceCodeStart: null,
    lineNumber: null,
  });
}

export function fuzzy(record: ErrorRecord, confidence: number, layer = "something", captures: string[] = []): Match {
  return { ...exact(record, captures, layer), kind: "fuzzy", confidence };
}

/** Every text a reader can see in a set of blocks, in order. */
export function texts(blocks: readonly AnyBlock[]): string[] {
  const out: string[] = [];
  for (const b of known(blocks)) {
    if (b.type === "header") out.push(b.text.text);
    if (b.type === "section") {
      if (b.text) out.push(b.text.text);
      for (const f of b.fields ?? []) out.push(f.text);
      if (b.accessory && "text" in b.accessory && b.accessory.text) out.push(b.accessory.text.text);
    }
    if (b.type === "context") for (const e of b.elements) if ("text" in e) out.push(e.text);
    if (b.type === "actions") for (const e of b.elements) if (e.type === "button") out.push(e.text.text);
  }
  return out;
}

/** The blocks before the card's action buttons: the first screen. */
export function firstScreen(blocks: readonly AnyBlock[]): KnownBlock[] {
  const all = known(blocks);
  const at = all.findIndex((b) => b.type === "actions");
  return at < 0 ? all : all.slice(0, at);
}

/** Views type their blocks loosely (AnyBlock); everything rwerror renders is a KnownBlock. */
export function known(blocks: readonly AnyBlock[]): KnownBlock[] {
  return blocks as KnownBlock[];
}

export function buttons(blocks: readonly AnyBlock[]) {
  return known(blocks).flatMap((b) => (b.type === "actions" ? b.elements.filter((e) => e.type === "button") : []));
}

/** Placeholders a user must never see: `{}`, `{0}`, `{name}`, `{:#x}`, `{:?}`. */
export const BARE_PLACEHOLDER = /\{[A-Za-z0-9_.]*(:[^{}\s]*)?\}/;
