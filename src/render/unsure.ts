/**
 * Honest answers: `candidates` ("I'm not sure this is in the knowledge base", with distinct guesses)
 * and `none`. Neither has a severity chip or Post in channel: a guess is never stated as the answer.
 */
import type { MatchResult } from "../matcher/types.ts";
import { ACTION } from "./actions.ts";
import { actions, type Block, button, context, linkButton, type SlackMessage, section } from "./blocks.ts";
import { candidateButton, distinctCandidates } from "./card.ts";
import { docsSearchUrl, issuesSearchUrl, newIssueUrl } from "./links.ts";
import type { CardContext } from "./model.ts";
import { inlineCode, link, safeText } from "./mrkdwn.ts";
import { pasteHint } from "./source.ts";

export const UNSURE_ACTIONS_BLOCK = "rwerror_unsure_actions";
export const NOT_SURE_TEXT = "I'm not sure this is in the knowledge base.";

/** The error a report stores: the root-cause layer, else the paste's first line (redacted by the caller's context). */
export function reportedError(result: MatchResult, paste: string, ctx: CardContext = {}): string {
  const redact = ctx.redact ?? ((t: string) => t);
  const root = result.layers.at(-1) ?? paste.split("\n").find((l) => l.trim() !== "") ?? "";
  return redact(root.trim()).slice(0, 1500);
}

function lookFurther(error: string, ctx: CardContext): { blocks: Block[]; buttons: ReturnType<typeof button>[] } {
  const redact = ctx.redact ?? ((t: string) => t);
  const first = (error.split("\n")[0] ?? "").slice(0, 200);
  const issue = newIssueUrl({
    title: first,
    chain: [...(ctx.layers ?? [error])].map(redact),
    record: null,
    version: ctx.version ?? null,
  });
  return {
    blocks: [context([`You pasted ${inlineCode(first, 160)}`])],
    buttons: [
      button(":inbox_tray: Report as a new error", ACTION.reportGap, JSON.stringify({ t: error.slice(0, 1500) })),
      linkButton("Search docs", ACTION.searchDocs, docsSearchUrl(first)),
      linkButton("Search GitHub issues", ACTION.searchIssues, issuesSearchUrl(first)),
      linkButton("Open a GitHub issue", ACTION.openIssue, issue),
    ],
  };
}

/** `candidates`: up to three distinct guesses as buttons, each opening that record's card for the asker. */
export function renderNotSure(result: MatchResult, paste: string, ctx: CardContext = {}): SlackMessage {
  const picked = distinctCandidates(result.matches, 3, [], paste);
  if (picked.length === 0) return renderNothingFound(result, paste, ctx);
  const hint = pasteHint(paste);
  const error = reportedError(result, paste, ctx);
  const further = lookFurther(error, ctx);
  const blocks: Block[] = [
    section(
      `:thinking_face: *${NOT_SURE_TEXT}*\nNothing matched well enough to state as the answer. The closest records are below: open one only if its wording fits your error.`,
    ),
    // The paste's own advice is worth more than any guess: it goes first.
    ...(hint ? [section(`*First step, from your paste:* HINT: ${safeText(hint, 300)}`)] : []),
    ...further.blocks,
    ...(result.panicSite ? [context([link(result.panicSite.url, result.panicSite.label)])] : []),
    actions(
      picked.map((m, i) => candidateButton(m, i, ctx)),
      "rwerror_candidates",
    ),
    context(["Not one of these? Report it so it shows up among the weekly digest's gaps, or look further:"]),
    actions(further.buttons, UNSURE_ACTIONS_BLOCK),
  ];
  return { text: `${NOT_SURE_TEXT} Closest: ${picked.map((m) => m.record.slug).join(", ")}`, blocks };
}

export const NOT_IN_KNOWLEDGE_BASE = "This error is not in the knowledge base.";

/**
 * A paste that reads as an error (a chain, a log line, a panic) was whole enough: when no record
 * holds it, the knowledge base lacks it, and asking for "the whole error" would blame the paste.
 */
export function isWholeError(result: MatchResult): boolean {
  return result.looksLikeError && result.layers.length > 0;
}

/** `none`: say so plainly and offer the same report button. Never an empty reply. */
export function renderNothingFound(result: MatchResult, paste: string, ctx: CardContext = {}): SlackMessage {
  const error = reportedError(result, paste, ctx);
  const further = lookFurther(error, ctx);
  const whole = isWholeError(result);
  const blocks: Block[] = [
    section(
      whole
        ? `:mag: *${NOT_IN_KNOWLEDGE_BASE}*\nNo loaded record holds its wording. *Report as a new error* puts it among the weekly digest's gaps so the team can add it; the other buttons search the docs and GitHub issues.`
        : ":mag: *No known RisingWave error matches this.*\nPaste the whole error with its `Caused by` chain, or try `/rwerror search <words>` for keywords.",
    ),
    ...(error ? further.blocks : []),
    // A panic names where it happened even when no template explains its message.
    ...(result.panicSite ? [context([link(result.panicSite.url, result.panicSite.label)])] : []),
    actions(further.buttons, UNSURE_ACTIONS_BLOCK),
  ];
  return { text: whole ? NOT_IN_KNOWLEDGE_BASE : "No known RisingWave error matches this paste.", blocks };
}
