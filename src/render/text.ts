/** Terminal answers: the same content as the Slack card, as plain text. */
import type { ErrorRecord } from "../catalog/schema.ts";
import type { Match, MatchResult } from "../matcher/types.ts";
import { type CardModel, cardModel, cardModelFromMatch } from "./model.ts";

function indent(text: string, pad: string): string {
  return text
    .split("\n")
    .map((l) => `${pad}${l}`)
    .join("\n");
}

export function renderCardText(model: CardModel): string {
  const out: string[] = [];
  out.push(`${model.title}`);
  out.push(
    `  ${model.severity} · ${model.errorType}${model.handlingStrategy ? ` · strategy: ${model.handlingStrategy}` : ""}`,
  );
  const rel = model.releaseLines;
  if (rel.context) out.push(`  while: ${rel.context}`);
  if (rel.panic) out.push(`  ${rel.panic.label}  ${rel.panic.url}`);
  out.push("", "Error:", indent(model.error, "  "));
  if (model.captures.length > 0) out.push(`  captured: ${model.captures.map((c) => JSON.stringify(c)).join(", ")}`);
  if (model.meaning) out.push("", "What it means:", indent(model.meaning, "  "));
  if (model.solutions.length > 0) {
    out.push("", "What to do:");
    model.solutions.forEach((s, i) => {
      out.push(indent(s, `  ${i + 1}. `).replace(/\n {2}\d+\. /g, "\n     "));
    });
  }
  if (model.exampleFix) out.push("", "Example fix:", indent(model.exampleFix, "    "));
  if (model.preventionTips.length > 0) {
    out.push("", "Prevention:");
    for (const t of model.preventionTips) out.push(`  - ${t}`);
  }
  if (model.source) {
    const where = model.source.line ? `${model.source.path}:${model.source.line}` : model.source.path;
    out.push("", `Source: ${where}${model.source.url && model.source.url !== where ? `  ${model.source.url}` : ""}`);
  }
  if (rel.releases) out.push(`Releases: ${rel.releases}`);
  if (rel.note) out.push(`Note: ${rel.note}`);
  if (rel.successor)
    out.push(`Newest wording: ${rel.successor.message}${rel.successor.url ? `  ${rel.successor.url}` : ""}`);
  out.push(`Record: ${model.id} (${model.slug})`);
  out.push(`Why this match: ${model.why}`);
  return out.join("\n");
}

export function renderMatchText(match: Match): string {
  return renderCardText(cardModelFromMatch(match));
}

export function renderRecordText(record: ErrorRecord): string {
  return renderCardText(cardModel(record, { kind: "exact", confidence: 1, captures: [] }));
}

/** The console's answer to a paste, as the bot would answer in Slack. */
export function renderAnswerText(result: MatchResult): string {
  const out: string[] = [];
  if (result.truncated) {
    out.push(`(The paste was ${Math.round(result.inputBytes / 1024)} KiB; only its head was read.)`, "");
  }
  const [best, ...rest] = result.matches;
  if (!best) {
    out.push("No known RisingWave error matches this paste.");
    if (result.panicSite) out.push(`${result.panicSite.label}  ${result.panicSite.url}`);
    out.push("Try pasting the whole error (with its Caused by chain), or `rwerror explain` with keywords.");
    return out.join("\n");
  }
  out.push(renderMatchText(best));
  if (rest.length > 0) {
    out.push("", "Not it? Other candidates:");
    for (const m of rest.slice(0, 3)) {
      out.push(
        `  - ${m.record.errorMessage.split("\n")[0]} (${m.record.id}, ${m.kind}, ${Math.round(m.confidence * 100)}%)`,
      );
    }
  }
  return out.join("\n");
}
