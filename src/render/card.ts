/**
 * The remediation card: one match rendered as Block Kit. The first screen (everything before the
 * buttons) stays within CARD_FIRST_SCREEN: what happened, what it means, what to do first, whether
 * it was seen before and why it matched. The rest is behind Show details.
 */

import type { ErrorRecord } from "../catalog/schema.ts";
import { HINT_LINE } from "../matcher/grammar.ts";
import type { Match } from "../matcher/types.ts";
import { ACTION, type CardRef, encodeCardRef, kindCode, STANDING_CODE, STANDING_OF_CODE } from "./actions.ts";
import {
  actions,
  type Block,
  type ButtonElement,
  button,
  context,
  header,
  LIMITS,
  linkButton,
  section,
} from "./blocks.ts";
import {
  capturesLine,
  chainLine,
  historyLine,
  noteLine,
  raisedInLine,
  releaseLine,
  SEVERITY_EMOJI,
  seenLine,
  sourceLabel,
} from "./card-lines.ts";
import { muteMenu } from "./channel-controls.ts";
import { type CardContext, type CardModel, cardModel, firstSentences, type MatchFacts } from "./model.ts";
import { codeBlock, cutProse, cutWords, escapeText, inlineCode, link, safeText } from "./mrkdwn.ts";
import { isHintLayer, pasteHint } from "./source.ts";
import { filledTitle, isPureWrapper, readableTitle } from "./template.ts";
import { unanalysedGuide } from "./unanalysed.ts";

export { SEVERITY_EMOJI, sourceLabel } from "./card-lines.ts";

export const CANDIDATE_BANNER =
  ":thinking_face: *A candidate, not the answer*: check its wording fits your error before acting on it.";

/** At most this many blocks and visible characters before a card's buttons. */
export const CARD_FIRST_SCREEN = { blocks: 6, chars: 900 } as const;
export const CARD_ACTIONS_BLOCK = "rwerror_card_actions";

export function refFor(
  record: ErrorRecord,
  facts: MatchFacts,
  ctx: CardContext = {},
  model: CardModel = cardModel(record, facts, ctx),
): CardRef {
  const redact = ctx.redact ?? ((t: string) => t);
  const ref: CardRef = { r: record.id, k: kindCode(facts.kind), c: facts.confidence, v: facts.captures.map(redact) };
  ref.s = STANDING_CODE[model.standing];
  if (facts.layer) ref.l = redact(facts.layer);
  if (model.wrappers.length > 0) ref.w = model.wrappers.map(redact);
  if (facts.context) ref.x = redact(facts.context);
  const user = facts.release?.user;
  if (user?.source === "detected") ref.t = user.version;
  return ref;
}

/** Facts and context back from a button's value. */
export function factsFromRef(ref: CardRef): { facts: MatchFacts; wrappers: string[] } {
  const kind = ref.k === "e" ? "exact" : ref.k === "o" ? "folded" : "fuzzy";
  const facts: MatchFacts = { kind, confidence: ref.c, captures: ref.v };
  if (ref.l) facts.layer = ref.l;
  if (ref.s) facts.standing = STANDING_OF_CODE[ref.s];
  if (ref.x) facts.context = ref.x;
  return { facts, wrappers: ref.w ?? [] };
}

function metaLine(model: CardModel): string {
  const emoji = SEVERITY_EMOJI[model.severity] ?? ":grey_question:";
  const parts = [`${emoji} *${escapeText(model.severity)}*`];
  const raised = raisedInLine(model);
  if (raised) parts.push(raised);
  if (model.errorType === "panic") parts.push("a panic");
  const history = historyLine(model);
  if (history) parts.push(history);
  return parts.join(" · ");
}

/** How much of each part the first screen shows; cards that run long step down a level. */
// What fixed it last time (a team note) is the last thing cut; the record's own prose goes first,
// always at a word boundary.
const LEVELS = [
  { sentences: 2, meaning: 300, step: 220, steps: 3, note: 300, excerpt: 7, code: 110, wrapper: 70 },
  { sentences: 1, meaning: 200, step: 220, steps: 3, note: 300, excerpt: 7, code: 100, wrapper: 60 },
  { sentences: 1, meaning: 160, step: 220, steps: 2, note: 240, excerpt: 6, code: 90, wrapper: 60 },
  { sentences: 1, meaning: 120, step: 140, steps: 2, note: 240, excerpt: 5, code: 80, wrapper: 60 },
  { sentences: 1, meaning: 110, step: 160, steps: 1, note: 200, excerpt: 5, code: 70, wrapper: 40 },
  { sentences: 1, meaning: 80, step: 120, steps: 1, note: 160, excerpt: 5, code: 56, wrapper: 30 },
  { sentences: 1, meaning: 60, step: 100, steps: 1, note: 90, excerpt: 5, code: 40, wrapper: 24 },
] as const;
type Level = (typeof LEVELS)[number];

function stepList(steps: readonly string[], perStep: number): string {
  return steps.map((s, i) => `${i + 1}. ${escapeText(cutProse(s, perStep))}`).join("\n");
}

function analysedBody(model: CardModel, level: Level): Block[] {
  const parts: string[] = [];
  // A family analysis holds for every error of its kind: say so, so nobody reads it as this error's own.
  if (model.family) parts.push(`_About this kind of error: ${escapeText(model.family)}_`);
  if (model.fullMeaning)
    parts.push(`*What it means:* ${escapeText(firstSentences(model.fullMeaning, level.sentences, level.meaning))}`);
  if (model.steps.length > 0) parts.push(`*First steps*\n${stepList(model.steps.slice(0, level.steps), level.step)}`);
  return parts.length > 0 ? [section(parts.join("\n"))] : [];
}

function unanalysedBody(model: CardModel, level: Level): Block[] {
  const blocks: Block[] = [];
  const intro = "_No analysis exists for this error yet._";
  if (model.excerpt) {
    const lines = model.excerpt.text.split("\n");
    const mark = lines.findIndex((l) => l.startsWith("▶"));
    const half = Math.floor(level.excerpt / 2);
    const from = Math.max(0, Math.min(mark - half, lines.length - level.excerpt));
    // Long lines are cut at the level's width (the `▶ 930 │ ` gutter not counted).
    const shown = lines
      .slice(from, from + level.excerpt)
      .map((l) => (l.length > level.code + 8 ? `${l.slice(0, level.code + 7)}…` : l))
      .join("\n");
    blocks.push(section(`${intro} It is raised here:\n${codeBlock(shown, 900)}`));
  } else if (model.source?.url) {
    // The shipped catalog carries no source text: link the exact lines at the release instead.
    blocks.push(section(`${intro} Read the code that raises it: ${sourceLabel(model)}.`));
  } else {
    blocks.push(section(`${intro} The knowledge base has no source lines for it either.`));
  }
  const guide = unanalysedGuide(model, {
    link,
    code: (t) => inlineCode(t, 70),
    text: (t) => safeText(t, level.step),
  });
  if (guide.who) blocks.push(section(guide.who));
  const steps = guide.steps;
  blocks.push(section(`*First steps*\n${steps.map((s, i) => `${i + 1}. ${s}`).join("\n")}`));
  return blocks;
}

/** What fixed it last time: the team's newest note, right under the title, with who and when. */
function lastFixBlock(model: CardModel, level: Level): Block[] {
  const note = model.notes[0];
  if (!note) return [];
  const more = model.notes.length > 1 ? `\n_+${model.notes.length - 1} more in Show details_` : "";
  return [section(`:white_check_mark: *What fixed it last time:* ${noteLine(note, true, level.note)}${more}`)];
}

/** Seen before and why it matched (and, in a storm, how close the channel is to the card cap): one context block. */
function footer(model: CardModel, sharedBy?: string): Block {
  const storm = model.storm;
  return context([
    ...(sharedBy ? [`:outbox_tray: Shared by <@${sharedBy}>`] : []),
    seenLine(model.seen, true, model.standing !== "answer", model.now),
    `${model.standing === "lookup" ? "Why this card" : "Why this match"}: ${escapeText(model.why)}`,
    ...(storm
      ? [
          `:cyclone: Full card ${storm.cards} of ${storm.max} in this channel in ${storm.windowMinutes} min: after that, each new error gets a one-line reply with *Show* until things calm down.`,
        ]
      : []),
  ]);
}

/** Title, meta, meaning and steps (or source lines), then the footer: the card's first screen. */
export function cardFirstScreen(model: CardModel, level: Level = LEVELS[0], sharedBy?: string): Block[] {
  const meta = [metaLine(model)];
  // A guess says so before anything else: nobody should act on it as if it were the answer.
  if (model.standing === "candidate") meta.unshift(CANDIDATE_BANNER);
  const chain = chainLine(model, level.wrapper);
  if (chain) meta.push(chain);
  const captures = capturesLine(model);
  if (captures) meta.push(captures);
  const release = releaseLine(model);
  if (release) meta.push(release);
  return [
    // A header cut mid-word at Slack's 150 reads as broken: a long title ends at a word.
    header(cutWords(model.title, 120)),
    context([meta.join("\n")]),
    ...lastFixBlock(model, level),
    ...(model.analysed ? analysedBody(model, level) : unanalysedBody(model, level)),
    footer(model, sharedBy),
  ];
}

export interface CardOptions extends CardContext {
  /** An ephemeral answer also offers "Post in channel". */
  ephemeral: boolean;
  /** Who posted this card from their private answer (*Post in channel*). */
  sharedBy?: string;
}

export function cardButtons(model: CardModel, ref: CardRef, opts: CardOptions): ButtonElement[] {
  const value = encodeCardRef(ref);
  const buttons = [
    button("Show details", ACTION.details, value),
    button(":memo: Add what fixed it", ACTION.addNote, value),
  ];
  if (!model.analysed) buttons.push(linkButton("Open a GitHub issue", ACTION.openIssue, model.links.newIssue));
  buttons.push(button(":+1: Helpful", ACTION.helpful, value), button(":-1: Not helpful", ACTION.notHelpful, value));
  // A guess is not shared with the channel as if it were the answer.
  if (opts.ephemeral && model.standing !== "candidate") {
    buttons.push(button("Post in channel", ACTION.postInChannel, value, "primary"));
  }
  return buttons;
}

/** A card's blocks; `model` is the card's model when the caller built it already (built once per card). */
export function cardBlocks(
  record: ErrorRecord,
  facts: MatchFacts,
  opts: CardOptions,
  model: CardModel = cardModel(record, facts, opts),
): Block[] {
  // A long card says less on its first screen rather than push the buttons away; the rest is in Show details.
  let screen = cardFirstScreen(model, LEVELS[0], opts.sharedBy);
  for (const level of LEVELS.slice(1)) {
    if (visibleChars(screen) <= CARD_FIRST_SCREEN.chars) break;
    screen = cardFirstScreen(model, level, opts.sharedBy);
  }
  const buttons = cardButtons(model, refFor(record, facts, opts, model), opts);
  // A guess is nothing to mute: muting is for an error the channel knows it will see again.
  const menu = model.standing === "candidate" ? [] : [muteMenu(record.id)];
  return [...screen, actions([...buttons, ...menu], CARD_ACTIONS_BLOCK)];
}

/** What a reader sees of mrkdwn: links count as their label, formatting marks not at all. */
export function visibleText(text: string): string {
  return text
    .replace(/<[^<>|]+\|([^<>]*)>/g, "$1")
    .replace(/<[#@][^<>]+>/g, "#channel")
    .replace(/```/g, "")
    .replace(/[*_`]/g, "");
}

export function visibleChars(blocks: readonly Block[]): number {
  let n = 0;
  for (const b of blocks) {
    if (b.type === "header") n += b.text.text.length;
    if (b.type === "section" && b.text) n += visibleText(b.text.text).length;
    if (b.type === "context") for (const e of b.elements) if ("text" in e) n += visibleText(e.text).length;
  }
  return n;
}

/** Two titles a reader would call the same: case, spacing, holes and trailing punctuation ignored. */
function sameText(title: string): string {
  return title
    .toLowerCase()
    .replace(/…/g, "")
    .replace(/\s+/g, " ")
    .replace(/[\s,.;:!?"'-]+$/, "")
    .trim();
}

/** Other candidates worth a button: distinct titles, no pure wrappers, nothing matched on the paste's HINT. */
export function distinctCandidates(
  matches: readonly Match[],
  limit = 3,
  exclude: readonly string[] = [],
  paste = "",
): Match[] {
  const hint = pasteHint(paste);
  const seen = new Set(exclude.map(sameText));
  const out: Match[] = [];
  for (const m of matches) {
    if (out.length >= limit) break;
    if (isPureWrapper(m.record.errorMessage)) continue;
    if (HINT_LINE.test(m.layer) || isHintLayer(m.layer, hint)) continue;
    const title = sameText(filledTitle(m.record, m.captures));
    // A record whose words are the paste's own HINT matched the advice, not the error.
    if (hint !== null && title.length >= 8 && sameText(hint).includes(title.replace(/…/g, "").trim())) continue;
    // "Batch refresh … backfill" and "Batch refresh … backfill, …" read as the same button.
    if ([...seen].some((s) => s.startsWith(title) || title.startsWith(s))) continue;
    seen.add(title);
    out.push(m);
  }
  return out;
}

export function candidateButton(m: Match, index: number, ctx: CardContext = {}): ButtonElement {
  // A button names the error as a reader knows it; how sure the guess is, the card it opens says.
  return button(
    cutWords(readableTitle(m.record, m.captures, m.layer), LIMITS.buttonText),
    `${ACTION.alternativePrefix}${index}`,
    encodeCardRef(refFor(m.record, { ...m, standing: "candidate" }, ctx)),
  );
}

/** Up to two other distinct candidates under a confident card. */
export function alternativeBlocks(best: Match, alternatives: readonly Match[], ctx: CardContext = {}): Block[] {
  const exclude = [filledTitle(best.record, best.captures).toLowerCase()];
  const picked = distinctCandidates(alternatives, 2, exclude, ctx.paste);
  if (picked.length === 0) return [];
  return [
    context(["*Not it?* Other candidates:"]),
    actions(
      picked.map((m, i) => candidateButton(m, i, ctx)),
      "rwerror_alternatives",
    ),
  ];
}

/** Plain fallback text of a card: severity, the error as it happened, and the first step. */
export function cardFallback(
  record: ErrorRecord,
  facts: MatchFacts,
  ctx: CardContext = {},
  model: CardModel = cardModel(record, facts, ctx),
): string {
  const first = model.steps[0] ? ` First step: ${model.steps[0]}` : model.analysed ? "" : " No analysis yet.";
  return safeText(`[${model.severity}] ${model.title}.${first}`, 2900);
}
