/**
 * Action and view ids shared by the renderers (which put them on buttons) and the Slack
 * listeners (which handle them). Values stay far under Block Kit's 2000-character limit.
 */
export const ACTION = {
  helpful: "rwerror_feedback_helpful",
  notHelpful: "rwerror_feedback_not_helpful",
  details: "rwerror_show_details",
  postInChannel: "rwerror_post_in_channel",
  addNote: "rwerror_add_note",
  reportGap: "rwerror_report_gap",
  /** A list item's Show button: the value is a record id. */
  showRecord: "rwerror_show_record",
  /** URL buttons: Slack still sends an action for them, which the app only acks. */
  openIssue: "rwerror_open_issue",
  searchDocs: "rwerror_search_docs",
  searchIssues: "rwerror_search_issues",
  /** Alternatives are `rwerror_alternative_0` … `_2`: action_ids must be unique in a message. */
  alternativePrefix: "rwerror_alternative_",
  /** List items' Show buttons are `rwerror_show_record_0` …. */
  showPrefix: "rwerror_show_record_",
  /** *Mute in this channel ▾* on a card (a static select: 1 h, 24 h, 7 d). */
  muteMenu: "rwerror_mute_menu",
  /** *Undo* on a mute's notice in the channel. */
  unmute: "rwerror_unmute",
  /** *Unmute* in a mute list (`rwerror_unmute_<channel>_<record>`: unique within one list). */
  unmutePrefix: "rwerror_unmute_",
  /** *Show* on a compact reply past the card cap: the held-back card, for the clicker. */
  showHeld: "rwerror_show_held",
  /** *Explain an error* on App Home: the paste box. */
  explain: "rwerror_explain",
} as const;

export const VIEW = {
  pasteModal: "rwerror_paste_modal",
  pasteInputBlock: "rwerror_paste_block",
  pasteInputAction: "rwerror_paste_input",
  details: "rwerror_details_modal",
  noteModal: "rwerror_note_modal",
  noteTextBlock: "rwerror_note_text_block",
  noteTextAction: "rwerror_note_text",
  noteLinkBlock: "rwerror_note_link_block",
  noteLinkAction: "rwerror_note_link",
  noteShareBlock: "rwerror_note_share_block",
  noteShareAction: "rwerror_note_share",
} as const;

export const SHORTCUT_EXPLAIN = "rwerror_explain_message";

const KIND_CODE = { exact: "e", folded: "o", fuzzy: "f" } as const;
export type KindCode = (typeof KIND_CODE)[keyof typeof KIND_CODE];
export const KIND_OF_CODE = { e: "exact", o: "folded", f: "fuzzy" } as const;
export const kindCode = (kind: keyof typeof KIND_CODE): KindCode => KIND_CODE[kind];

export type StandingCode = "a" | "c" | "l";
export const STANDING_CODE = { answer: "a", candidate: "c", lookup: "l" } as const;
export const STANDING_OF_CODE = { a: "answer", c: "candidate", l: "lookup" } as const;

/** What a card's buttons carry: enough to re-render or record feedback without the paste. */
export interface CardRef {
  /** record id */
  r: string;
  /** match kind: e = exact, o = folded, f = fuzzy */
  k: KindCode;
  /** confidence, two decimals */
  c: number;
  /** captured values, each cut so the whole value stays under 2000 chars */
  v: string[];
  /** the pasted layer the record matched (already redacted), so a re-rendered card shows the error as it happened */
  l?: string;
  /** the outer layers around it, outermost first */
  w?: string[];
  /** the release read from the paste, so a re-rendered card is worked out for the same release */
  t?: string;
  /** The card's standing: a = the answer to a paste, c = a candidate (a guess), l = a lookup (no paste matched) */
  s?: StandingCode;
  /** For a third-party record: the RisingWave operation around it, as the card named it */
  x?: string;
}

const VALUE_BUDGET = 1900;

/** Cut at a word boundary with "…" (never "…meta service f"); text that fits is kept whole. */
function cutAtWord(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  return `${/\s/.test(cut) ? cut.replace(/\s+\S*$/, "") : cut}…`;
}

/**
 * The whole card state fits a button's value in practice (captures, the outer layers, the matched
 * layer); only a paste past the budget is cut, at word boundaries, the layer last. What was pasted
 * is shown again as it was: the shared card, the details modal and the prefilled issue read this.
 */
export function encodeCardRef(ref: CardRef): string {
  const capped: CardRef = { r: ref.r, k: ref.k, c: Math.round(ref.c * 100) / 100, v: [] };
  if (ref.t) capped.t = ref.t.slice(0, 40);
  if (ref.s) capped.s = ref.s;
  if (ref.x) capped.x = cutAtWord(ref.x, 200);
  const fits = (next: CardRef) => JSON.stringify(next).length <= VALUE_BUDGET;
  for (const value of ref.v) {
    const next = { ...capped, v: [...capped.v, cutAtWord(value, 300)] };
    if (!fits(next)) break;
    capped.v = next.v;
  }
  for (const w of (ref.w ?? []).slice(0, 3)) {
    const next = { ...capped, w: [...(capped.w ?? []), cutAtWord(w, 400)] };
    if (!fits(next)) break;
    capped.w = next.w;
  }
  if (ref.l) {
    // The rest of the budget (JSON escapes counted) goes to the matched layer.
    const room = VALUE_BUDGET - JSON.stringify({ ...capped, l: "" }).length;
    let layer = cutAtWord(ref.l, Math.max(0, room));
    while (layer.length > 1 && !fits({ ...capped, l: layer })) layer = cutAtWord(layer, Math.floor(layer.length * 0.9));
    if (layer.length > 1 && fits({ ...capped, l: layer })) capped.l = layer;
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
    if (typeof o.r !== "string" || !(o.k === "e" || o.k === "o" || o.k === "f") || typeof o.c !== "number") {
      return undefined;
    }
    const strings = (x: unknown) => (Array.isArray(x) ? x.filter((s): s is string => typeof s === "string") : []);
    const ref: CardRef = { r: o.r, k: o.k, c: o.c, v: strings(o.v) };
    if (typeof o.l === "string") ref.l = o.l;
    if (Array.isArray(o.w)) ref.w = strings(o.w);
    if (typeof o.t === "string") ref.t = o.t;
    if (o.s === "a" || o.s === "c" || o.s === "l") ref.s = o.s;
    if (typeof o.x === "string") ref.x = o.x;
    return ref;
  } catch {
    return undefined;
  }
}
