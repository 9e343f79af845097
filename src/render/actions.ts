/**
 * Action and view ids shared by the renderers (which put them on buttons) and the Slack
 * listeners (which handle them). Values stay far under Block Kit's 2000-character limit.
 */
export const ACTION = {
  helpful: "rwerror_feedback_helpful",
  notHelpful: "rwerror_feedback_not_helpful",
  details: "rwerror_show_details",
  postInChannel: "rwerror_post_in_channel",
  /** Alternatives are `rwerror_alternative_0` … `_2`: action_ids must be unique in a message. */
  alternativePrefix: "rwerror_alternative_",
} as const;

export const VIEW = {
  pasteModal: "rwerror_paste_modal",
  pasteInputBlock: "rwerror_paste_block",
  pasteInputAction: "rwerror_paste_input",
  details: "rwerror_details_modal",
} as const;

export const SHORTCUT_EXPLAIN = "rwerror_explain_message";

/** What a card's buttons carry: enough to re-render or record feedback without the paste. */
export interface CardRef {
  /** record id */
  r: string;
  /** match kind: e = exact, f = fuzzy */
  k: "e" | "f";
  /** confidence, two decimals */
  c: number;
  /** captured values, each cut so the whole value stays under 2000 chars */
  v: string[];
}

export function encodeCardRef(ref: CardRef): string {
  const capped: CardRef = { ...ref, c: Math.round(ref.c * 100) / 100, v: [] };
  for (const value of ref.v) {
    const next = { ...capped, v: [...capped.v, value.slice(0, 200)] };
    if (JSON.stringify(next).length > 1900) break;
    capped.v = next.v;
  }
  return JSON.stringify(capped);
}

/** Parses a button value; undefined for anything that is not a card reference. */
export function decodeCardRef(value: string | undefined): CardRef | undefined {
  if (!value) return undefined;
  try {
    const parsed: unknown = JSON.parse(value);
    if (typeof parsed !== "object" || parsed === null) return undefined;
    const o = parsed as Record<string, unknown>;
    if (typeof o.r !== "string" || (o.k !== "e" && o.k !== "f") || typeof o.c !== "number") return undefined;
    const v = Array.isArray(o.v) ? o.v.filter((x): x is string => typeof x === "string") : [];
    return { r: o.r, k: o.k, c: o.c, v };
  } catch {
    return undefined;
  }
}
