/**
 * The content of an answer, independent of where it is shown. Slack blocks and terminal
 * text are both rendered from this, so they always say the same thing.
 */
import type { ErrorRecord } from "../catalog/schema.ts";
import type { Match, MatchKind } from "../matcher/types.ts";
import { docsSearchUrl, issuesSearchUrl, newIssueUrl, pinnedSourceUrl, searchPhrase } from "./links.ts";
import { cutProse } from "./mrkdwn.ts";
import { type RecordFacts, recordFacts } from "./record-facts.ts";
import { type ReleaseLines, releaseLines } from "./release-lines.ts";
import { pasteHint, type SourceExcerpt, sourceExcerpt, sourceHint } from "./source.ts";
import { fillTemplate, type LabelledCapture, labelCaptures, readableTitle } from "./template.ts";

export { fillTemplate } from "./template.ts";

export interface MatchFacts {
  kind: MatchKind;
  confidence: number;
  captures: readonly string[];
  /** The layer it matched, as pasted (a card re-rendered from a button carries it in the button). */
  layer?: string;
  rootCause?: boolean;
  release?: Match["release"];
  context?: string;
  panicSite?: Match["panicSite"];
  /**
   * What the card is: the answer to a paste (default), one of the candidates of an unsure answer or
   * under *Not it?*, or a record looked up by id, search or a list (no paste was matched at all).
   */
  standing?: Standing;
}

export type Standing = "answer" | "candidate" | "lookup";

/** What the occurrence log knows about earlier sightings of a record (plain data from the store). */
export interface SeenBefore {
  count: number;
  firstAt: number;
  lastAt: number;
  channels: readonly string[];
  /** Earlier answered threads, best first (Helpful-voted or noted first), at most 3. */
  threads: readonly { url: string; at: number; helpful: boolean; noted: boolean }[];
}

export interface TeamNote {
  text: string;
  link: string | null;
  userId: string;
  at: number;
}

/** The card cap as a storm meets it: full cards in the channel in the window, the cap and the window. */
export interface CardCap {
  cards: number;
  max: number;
  windowMinutes: number;
}

/** Everything around a match that is not in the record: the paste, the log, the team. */
export interface CardContext {
  /** The paste's error layers, outermost first. */
  layers?: readonly string[];
  /** The error each of `layers` belongs to: only the matched one's own chain wraps it. */
  layerGroups?: readonly number[];
  /** Outer layers of the paste around the matched one (from a button's value when re-rendered). */
  wrappers?: readonly string[];
  /** The whole paste, for its HINT line. */
  paste?: string;
  seen?: SeenBefore | null;
  notes?: readonly TeamNote[];
  /** The RisingWave release the team runs, when known. */
  version?: string | null;
  /** Applied to pasted text before it goes into a link (the GitHub issue body). */
  redact?: (text: string) => string;
  /** The clock when the card is rendered (ms), for "3 h ago"; without it only dates are shown. */
  now?: number;
  /** In a storm of different errors: how close the channel is to the card cap. */
  storm?: CardCap;
}

export interface CardModel {
  id: string;
  slug: string;
  /** The template's first line filled with the captured values. */
  title: string;
  severity: string;
  errorType: string;
  /** The error as it happened: the pasted layer, else the template filled with the captures. */
  error: string;
  captures: readonly LabelledCapture[];
  /** Outer layers around the match, outermost first ("inside: …"). */
  wrappers: readonly string[];
  /** The deeper layer when the match is not the root cause. */
  deeper: string | null;
  /** True when the record has documentation or solutions. */
  analysed: boolean;
  /** At most two sentences. */
  meaning: string | null;
  fullMeaning: string | null;
  solutions: readonly string[];
  /** The first steps a card shows: a HINT first, then up to three solutions. */
  steps: readonly string[];
  hint: string | null;
  exampleFix: string | null;
  preventionTips: readonly string[];
  handlingStrategy: string | null;
  source: { path: string; line: number | null; url: string | null } | null;
  excerpt: SourceExcerpt | null;
  why: string;
  links: { docs: string; issues: string; newIssue: string; phrase: string };
  seen: SeenBefore | null;
  notes: readonly TeamNote[];
  now: number | undefined;
  storm: CardCap | null;
  standing: Standing;
  /** Release range, the release used, rewording and third-party context lines (already worded). */
  releaseLines: ReleaseLines;
  /** Component, function, when the wording was added and changed, RisingWave's own test SQL. */
  facts: RecordFacts;
  /** The family's title when the analysis is a family's ("About this kind of error"), else null. */
  family: string | null;
}

/** Below this, a card whose standing is not known (an older button's value) reads as a candidate. */
const ANSWER_FLOOR = 0.5;

/** The card's standing as given, else guessed from the score (only older buttons carry none). */
export function standingOf(facts: Pick<MatchFacts, "standing" | "confidence">): Standing {
  return facts.standing ?? (facts.confidence < ANSWER_FLOOR ? "candidate" : "answer");
}

export function describeWhy(facts: MatchFacts): string {
  const pct = `${Math.round(facts.confidence * 100)}%`;
  const standing = standingOf(facts);
  if (standing === "lookup") return "looked up by id or search, not matched to a paste";
  if (standing === "candidate") return `a candidate, not a confident match (${pct}): check it fits the error`;
  const where = facts.rootCause === false ? "an outer layer of the error" : "the root cause";
  if (facts.kind === "exact") return `matched exactly on ${where} (${pct})`;
  if (facts.kind === "folded") return `matched on ${where}, case and spacing ignored (${pct})`;
  return `closest wording in the knowledge base (${pct}): check it fits`;
}

/**
 * Up to `max` whole sentences within `maxChars` (a sentence ends at . ! ? before a capital). Only a
 * first sentence longer than the limit is cut: half a second sentence says nothing.
 */
export function firstSentences(text: string, max = 2, maxChars = 320): string {
  const flat = text.replace(/\s+/g, " ").trim().slice(0, 4000);
  const parts = flat.split(/(?<=[.!?])\s+(?=[A-Z`(])/);
  let picked = parts[0] ?? "";
  for (const next of parts.slice(1, max)) {
    if (picked.length + 1 + next.length > maxChars) break;
    picked = `${picked} ${next}`;
  }
  // Cut at a clause, never inside a code span: "…; the…" or a half command reads as broken.
  return cutProse(picked, maxChars, true);
}

const LABEL_ONLY = /^(executor|scheduler|internal|storage|stream|batch|meta|rpc) error$/i;

function wrappersOf(facts: MatchFacts, ctx: CardContext): string[] {
  if (ctx.wrappers) return [...ctx.wrappers];
  const layers = ctx.layers ?? [];
  const at = facts.layer ? layers.indexOf(facts.layer) : -1;
  // Layers of another error (a version banner, an earlier unrelated error) are no wrapper of this one.
  const groups = ctx.layerGroups;
  const outer = at > 0 ? layers.slice(0, at).filter((_l, i) => !groups || groups[i] === groups[at]) : [];
  return outer.map((l) => l.split("\n")[0]?.trim() ?? "").filter((l) => l !== "" && !LABEL_ONLY.test(l));
}

function releaseOf(facts: MatchFacts): string | null {
  const used = facts.release?.forRelease;
  return used && used !== "an unknown release" ? used : null;
}

export function cardModel(record: ErrorRecord, pasted: MatchFacts, ctx: CardContext = {}): CardModel {
  const redact = ctx.redact ?? ((t: string) => t);
  // Captured values are pasted text: a token in them must not reach the title, the card or a link.
  const facts: MatchFacts = ctx.redact
    ? { ...pasted, captures: pasted.captures.map(redact), ...(pasted.layer ? { layer: redact(pasted.layer) } : {}) }
    : pasted;
  const title = readableTitle(record, facts.captures, facts.layer);
  // An old wording without analysis shows the analysis of the same error as the newest release words it.
  const analysedFrom = facts.release?.analysisFrom ?? record;
  const url = pinnedSourceUrl(facts.release?.sourceUrl ?? record.githubUrl, record);
  // Analyses number their steps ("1. …"); the card numbers them itself.
  const solutions = analysedFrom.solutions
    .map((s) => s.replace(/^\s*\d{1,2}[.)]\s+/, ""))
    .filter((s) => s.trim() !== "");
  const documentation = analysedFrom.documentation?.trim() || null;
  const analysed = documentation !== null || solutions.length > 0;
  const hint = (ctx.paste ? pasteHint(ctx.paste) : null) ?? sourceHint(record);
  const steps = [...(hint ? [`HINT: ${hint}`] : []), ...solutions].slice(0, 3);
  const wrappers = wrappersOf(facts, ctx);
  const layers = ctx.layers ?? [];
  const deeper = facts.rootCause === false ? (layers.at(-1) ?? null) : null;
  const error = facts.layer?.trim() || fillTemplate(record.errorMessage, facts.captures);
  const chain = [...wrappers, error, ...(deeper ? [deeper] : [])].map(redact);
  return {
    id: record.id,
    slug: record.slug,
    title,
    severity: record.severity,
    errorType: record.errorType,
    error,
    captures: labelCaptures(record, facts.captures),
    wrappers,
    deeper,
    analysed,
    meaning: documentation ? firstSentences(documentation) : null,
    fullMeaning: documentation,
    solutions,
    steps,
    hint,
    exampleFix: analysedFrom.exampleFix?.trim() || null,
    preventionTips: analysedFrom.preventionTips.filter((s) => s.trim() !== ""),
    handlingStrategy: analysedFrom.handlingStrategy,
    source: record.filePath
      ? { path: record.filePath, line: record.lineNumber, url }
      : url
        ? { path: url, line: null, url }
        : null,
    excerpt: sourceExcerpt(record),
    why: describeWhy(facts),
    links: {
      phrase: searchPhrase(record.errorMessage),
      docs: docsSearchUrl(record.errorMessage),
      issues: issuesSearchUrl(record.errorMessage),
      // The release the matcher worked the answer out for (detected beats channel beats configured).
      newIssue: newIssueUrl({ title: redact(title), chain, record, version: releaseOf(facts) ?? ctx.version ?? null }),
    },
    seen: ctx.seen ?? null,
    notes: ctx.notes ?? [],
    now: ctx.now,
    storm: ctx.storm ?? null,
    standing: standingOf(facts),
    releaseLines: releaseLines(facts, record),
    facts: recordFacts(record, facts),
    family: record.analysis?.kind === "family" ? (record.analysis.title ?? "errors of this kind") : null,
  };
}

export function cardModelFromMatch(match: Match, ctx: CardContext = {}): CardModel {
  return cardModel(match.record, match, ctx);
}
