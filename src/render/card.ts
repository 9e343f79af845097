/** The remediation card: one match rendered as Block Kit. */
import type { ErrorRecord } from "../catalog/schema.ts";
import type { Match } from "../matcher/types.ts";
import { ACTION, type CardRef, encodeCardRef } from "./actions.ts";
import { actions, type Block, type ButtonElement, button, context, header, section } from "./blocks.ts";
import { type CardModel, cardModel, type MatchFacts } from "./model.ts";
import { codeBlock, escapeText, inlineCode, link, safeText, truncate } from "./mrkdwn.ts";

/** How much of each long field a card shows; the rest is behind Show details. */
const CARD_BUDGET = { error: 900, meaning: 1200, solutions: 1600, solution: 400, fix: 900, tips: 700 } as const;

export const SEVERITY_EMOJI: Record<string, string> = {
  critical: ":rotating_light:",
  error: ":red_circle:",
  warning: ":warning:",
  info: ":information_source:",
};

export function refFor(record: ErrorRecord, facts: MatchFacts): CardRef {
  return { r: record.id, k: facts.kind === "exact" ? "e" : "f", c: facts.confidence, v: [...facts.captures] };
}

export function sourceLabel(model: CardModel): string | null {
  if (!model.source) return null;
  const where = model.source.line ? `${model.source.path}:${model.source.line}` : model.source.path;
  return link(model.source.url, where);
}

function numbered(items: readonly string[], perItem: number, total: number): string {
  const lines: string[] = [];
  let used = 0;
  for (const [i, item] of items.entries()) {
    const line = `${i + 1}. ${safeText(item, perItem)}`;
    if (used + line.length > total) {
      lines.push(`_…and ${items.length - i} more in Show details_`);
      break;
    }
    lines.push(line);
    used += line.length + 1;
  }
  return lines.join("\n");
}

function bulleted(items: readonly string[], total: number): string {
  return truncate(items.map((t) => `• ${escapeText(t)}`).join("\n"), total);
}

/** The blocks of a card without its buttons (shared by messages and the details modal head). */
export function cardBodyBlocks(model: CardModel): Block[] {
  const emoji = SEVERITY_EMOJI[model.severity] ?? ":grey_question:";
  const blocks: Block[] = [header(escapeText(model.title))];
  const meta = [`${emoji} *${escapeText(model.severity)}* · ${escapeText(model.errorType)}`];
  if (model.handlingStrategy) meta.push(`strategy: ${escapeText(model.handlingStrategy)}`);
  const src = sourceLabel(model);
  if (src) meta.push(src);
  blocks.push(context([meta.join(" · ")]));
  const rel = releaseContext(model);
  if (rel) blocks.push(rel);
  blocks.push(section(`*Error*\n${codeBlock(model.error, CARD_BUDGET.error)}`));
  if (model.meaning) blocks.push(section(`*What it means*\n${safeText(model.meaning, CARD_BUDGET.meaning)}`));
  if (model.solutions.length > 0) {
    blocks.push(section(`*What to do*\n${numbered(model.solutions, CARD_BUDGET.solution, CARD_BUDGET.solutions)}`));
  }
  if (model.exampleFix) blocks.push(section(`*Example fix*\n${codeBlock(model.exampleFix, CARD_BUDGET.fix)}`));
  if (model.preventionTips.length > 0) {
    blocks.push(section(`*Prevention*\n${bulleted(model.preventionTips, CARD_BUDGET.tips)}`));
  }
  blocks.push(
    context([
      `Why this match: ${escapeText(model.why)} · record ${inlineCode(model.id, 40)} (${escapeText(model.slug)})`,
    ]),
  );
  return blocks;
}

/** Release range, rewording and third-party context: one context block, only when there is something to say. */
function releaseContext(model: CardModel): Block | null {
  const r = model.releaseLines;
  const parts: string[] = [];
  if (r.context) parts.push(`while: ${escapeText(r.context)}`);
  if (r.panic) parts.push(link(r.panic.url, r.panic.label));
  if (r.releases) parts.push(`releases ${escapeText(r.releases)}`);
  if (r.note) parts.push(`_${escapeText(r.note)}_`);
  if (r.successor) parts.push(`newest wording: ${link(r.successor.url, r.successor.message)}`);
  return parts.length > 0 ? context([truncate(parts.join(" · "), 2900)]) : null;
}

export interface CardOptions {
  /** An ephemeral answer also offers "Post in channel". */
  ephemeral: boolean;
}

export function cardButtons(ref: CardRef, opts: CardOptions): ButtonElement[] {
  const value = encodeCardRef(ref);
  const buttons = [
    button(":+1: Helpful", ACTION.helpful, value),
    button(":-1: Not helpful", ACTION.notHelpful, value),
    button("Show details", ACTION.details, value),
  ];
  if (opts.ephemeral) buttons.push(button("Post in channel", ACTION.postInChannel, value, "primary"));
  return buttons;
}

export function cardBlocks(record: ErrorRecord, facts: MatchFacts, opts: CardOptions): Block[] {
  const model = cardModel(record, facts);
  return [...cardBodyBlocks(model), actions(cardButtons(refFor(record, facts), opts), "rwerror_card_actions")];
}

/** Up to three other candidates, each a button that swaps the card for that record's. */
export function alternativeBlocks(alternatives: readonly Match[]): Block[] {
  if (alternatives.length === 0) return [];
  const buttons = alternatives
    .slice(0, 3)
    .map((m, i) =>
      button(
        `${m.kind === "fuzzy" ? "≈ " : ""}${escapeText(m.record.errorMessage.split("\n")[0] ?? m.record.slug)}`,
        `${ACTION.alternativePrefix}${i}`,
        encodeCardRef(refFor(m.record, m)),
      ),
    );
  return [context(["*Not it?* Other candidates:"]), actions(buttons, "rwerror_alternatives")];
}

/** Plain fallback text of a card: severity, the error with its captured values, and the first step. */
export function cardFallback(record: ErrorRecord, facts: MatchFacts): string {
  const model = cardModel(record, facts);
  const first = model.solutions[0] ? ` First step: ${model.solutions[0]}` : "";
  const error = model.error.split("\n")[0] ?? model.title;
  return safeText(`[${model.severity}] ${error}.${first}`, 2900);
}
