/** Terminal answers: the same content as the Slack card, as plain text. */
import type { ErrorRecord } from "../catalog/schema.ts";
import type { Match, MatchResult } from "../matcher/types.ts";
import { distinctCandidates } from "./card.ts";
import { noteLine, seenLine } from "./card-lines.ts";
import { type CardContext, type CardModel, cardModel, cardModelFromMatch } from "./model.ts";
import { addedWords, changedWords } from "./record-facts.ts";
import { filledTitle } from "./template.ts";
import { unanalysedGuide } from "./unanalysed.ts";
import { isWholeError, NOT_IN_KNOWLEDGE_BASE, NOT_SURE_TEXT } from "./unsure.ts";

function indent(text: string, pad: string): string {
  return text
    .split("\n")
    .map((l) => `${pad}${l}`)
    .join("\n");
}

export function renderCardText(model: CardModel): string {
  const out: string[] = [];
  out.push(model.title);
  const f = model.facts;
  const place = [
    f.component,
    f.fn,
    model.source ? `${model.source.path}${model.source.line ? `:${model.source.line}` : ""}` : null,
  ].filter((p): p is string => !!p);
  const where = place.length > 0 ? ` · raised in ${place.join(" · ")}` : "";
  out.push(`  ${model.severity} · ${model.errorType}${where}`);
  const history = [f.added ? addedWords(f.added) : null, f.changed ? changedWords(f.changed) : null].filter(Boolean);
  if (history.length > 0) out.push(`  ${history.join(" · ")}`);
  if (model.wrappers.length > 0) out.push(`  inside: ${model.wrappers.join(" › ")}`);
  if (model.deeper) out.push(`  root cause below it: ${model.deeper}`);
  const labelled = model.captures.filter((c) => c.label !== null);
  if (labelled.length > 0) out.push(`  ${labelled.map((c) => `${c.label}: ${c.value}`).join(" · ")}`);
  const rel = model.releaseLines;
  if (rel.context) out.push(`  while: ${rel.context}`);
  if (rel.panic) out.push(`  ${rel.panic.label}  ${rel.panic.url}`);
  if (rel.releases) out.push(`Releases: ${rel.releases}`);
  if (rel.note) out.push(`Note: ${rel.note}`);
  if (rel.successor) {
    out.push(`Newest wording: ${rel.successor.message}${rel.successor.url ? `  ${rel.successor.url}` : ""}`);
  }
  if (model.error !== model.title) out.push("", "Error:", indent(model.error, "  "));
  if (model.meaning) {
    out.push("", ...(model.family ? [`About this kind of error: ${model.family}`] : []));
    out.push("What it means:", indent(model.meaning, "  "));
  }
  if (!model.analysed) {
    out.push("", "No analysis exists for this error yet.");
    if (model.excerpt) out.push(`Raised here:`, indent(model.excerpt.text, "  "));
    else if (model.source?.url) out.push(`Read the code that raises it: ${model.source.url}`);
  }
  const guide = model.analysed
    ? null
    : unanalysedGuide(model, { link: (url, label) => `${label} (${url})`, code: (t) => `"${t}"`, text: (t) => t });
  if (guide?.who) out.push(guide.who);
  const steps = guide ? guide.steps : model.steps;
  if (steps.length > 0) {
    out.push("", "First steps:");
    steps.forEach((s, i) => {
      out.push(indent(s, `  ${i + 1}. `).replace(/\n {2}\d+\. /g, "\n     "));
    });
  }
  const more = model.solutions.filter((s) => !steps.includes(s));
  if (more.length > 0) {
    out.push("", "More steps:");
    for (const s of more) out.push(`  - ${s}`);
  }
  if (model.exampleFix) out.push("", "Example fix:", indent(model.exampleFix, "    "));
  if (model.preventionTips.length > 0) {
    out.push("", "Prevention:");
    for (const t of model.preventionTips) out.push(`  - ${t}`);
  }
  if (f.examples.length > 0) {
    out.push("", "RisingWave's own tests raise it with:");
    for (const e of f.examples) out.push(indent(e.sql, "    "), `    (${e.url ?? e.source})`);
  }
  if (model.notes.length > 0) {
    out.push("", "Team notes:");
    for (const n of model.notes.slice(0, 3)) out.push(`  - ${noteLine(n, false)}`);
  }
  if (model.seen) out.push("", seenLine(model.seen, false, model.standing !== "answer", model.now));
  out.push("");
  if (model.source?.url) out.push(`Source: ${model.source.url}`);
  out.push(`Record: ${model.id} (${model.slug})`);
  out.push(`${model.standing === "lookup" ? "Why this card" : "Why this match"}: ${model.why}`);
  return out.join("\n");
}

export function renderMatchText(match: Match, ctx: CardContext = {}): string {
  return renderCardText(cardModelFromMatch(match, ctx));
}

export function renderRecordText(record: ErrorRecord): string {
  return renderCardText(cardModel(record, { kind: "exact", confidence: 1, captures: [], standing: "lookup" }));
}

/** The console's answer to a paste, as the bot would answer in Slack (same verdicts). */
export function renderAnswerText(result: MatchResult, paste = "", context: CardContext = {}): string {
  const out: string[] = [];
  if (result.truncated) {
    out.push(`(The paste was ${Math.round(result.inputBytes / 1024)} KiB; only its head was read.)`, "");
  }
  const [best, ...rest] = result.matches;
  if (result.verdict === "none" || !best) {
    if (isWholeError(result)) {
      out.push(NOT_IN_KNOWLEDGE_BASE, "No loaded record holds its wording.");
      if (result.panicSite) out.push(`${result.panicSite.label}  ${result.panicSite.url}`);
      out.push("In Slack, *Report as a new error* on the bot's reply puts it among the weekly digest's gaps.");
      return out.join("\n");
    }
    out.push("No known RisingWave error matches this paste.");
    if (result.panicSite) out.push(`${result.panicSite.label}  ${result.panicSite.url}`);
    out.push(
      "Paste the whole error with its Caused by chain (psql output, a log line with error=…, or the panic message);",
      "a few keywords are not enough to match. In Slack, `/rwerror search <words>` looks records up by keyword.",
    );
    return out.join("\n");
  }
  const ctx: CardContext = {
    ...context,
    layers: result.layers,
    ...(result.layerGroups ? { layerGroups: result.layerGroups } : {}),
    paste,
  };
  if (result.verdict === "candidates") {
    out.push(NOT_SURE_TEXT);
    if (result.panicSite) out.push(`${result.panicSite.label}  ${result.panicSite.url}`);
    out.push("Closest records (check the wording fits before acting on one):");
    for (const m of distinctCandidates(result.matches, 3, [], paste)) {
      out.push(
        `  - ${filledTitle(m.record, m.captures)} (${m.record.slug}, ${m.kind}, ${Math.round(m.confidence * 100)}%)`,
      );
    }
    return out.join("\n");
  }
  out.push(renderMatchText(best, ctx));
  const others = distinctCandidates(rest, 2, [filledTitle(best.record, best.captures).toLowerCase()], paste);
  if (others.length > 0) {
    out.push("", "Not it? Other candidates:");
    for (const m of others) {
      out.push(
        `  - ${filledTitle(m.record, m.captures)} (${m.record.slug}, ${m.kind}, ${Math.round(m.confidence * 100)}%)`,
      );
    }
  }
  return out.join("\n");
}
