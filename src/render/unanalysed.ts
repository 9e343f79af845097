/**
 * What a card says when no analysis covers the error: who acts (catalog build's `origin`), what the
 * code was doing (component and function), then steps for that case. Worded once here; the Block Kit
 * card and the terminal give the links their own form.
 */
import type { CardModel } from "./model.ts";

export interface GuideFormat {
  link(url: string, label: string): string;
  code(text: string): string;
  /** Text from the paste or the record, escaped for the output (mrkdwn's `& < >`). */
  text(text: string): string;
}

export interface UnanalysedGuide {
  /** One sentence: who acts and where RisingWave raised it; null when the code does not say. */
  who: string | null;
  steps: string[];
}

function where(model: CardModel, f: GuideFormat): string {
  const { component, fn } = model.facts;
  if (component && fn) return ` in the ${f.text(component)} (${f.text(fn)})`;
  return component ? ` in the ${f.text(component)}` : "";
}

function values(model: CardModel, f: GuideFormat): string {
  const named = model.captures.filter((c) => c.value.trim() !== "").map((c) => f.text(c.value.slice(0, 80)));
  return named.length > 0 ? ` (${named.slice(0, 3).join(", ")})` : "";
}

export function unanalysedGuide(model: CardModel, f: GuideFormat): UnanalysedGuide {
  const search = `Search ${f.link(model.links.issues, "GitHub issues")} for ${f.code(model.links.phrase || model.title)}: the thread where it was diagnosed may say more.`;
  const hint = model.hint ? [`HINT: ${f.text(model.hint)}`] : [];
  if (model.errorType === "log") {
    return {
      who: `A log line${where(model, f)}: it records what the node did, and is not itself the error.`,
      steps: [
        ...hint,
        "Look in the same log, a few lines around it, for an ERROR line or a panic: that is what to explain.",
        search,
      ],
    };
  }
  switch (model.facts.origin) {
    case "user":
      return {
        who: `Who acts: you. RisingWave refused the statement or a setting${where(model, f)}.`,
        steps: [
          ...hint,
          `Check the values the message names${values(model, f)} against the statement you ran, its WITH options and the session settings it relies on; change the one it refuses.`,
          search,
        ],
      };
    case "external":
      return {
        who: `Who acts: an upstream system. RisingWave reports what the system it talks to returned${where(model, f)}.`,
        steps: [
          ...hint,
          "Check that the system the message names (a broker, a database, the object store, a sink's target) is reachable and accepts the request; a log line's error= field carries that system's own words.",
          search,
        ],
      };
    case "internal":
      return {
        who: `Who acts: RisingWave. An internal check failed${where(model, f)}: a bug if it fires.`,
        steps: [
          ...hint,
          search,
          `Not reported yet? ${f.link(model.links.newIssue, "Open a GitHub issue")} (it comes prefilled) with the whole error, the RisingWave version and the node's log around it.`,
        ],
      };
    default:
      return {
        who: null,
        steps: [
          ...hint,
          `Search ${f.link(model.links.docs, "the RisingWave docs")} and ${f.link(model.links.issues, "GitHub issues")} for ${f.code(model.links.phrase || model.title)}.`,
          `Nothing there? ${f.link(model.links.newIssue, "Open a GitHub issue")}: it comes prefilled.`,
        ],
      };
  }
}
