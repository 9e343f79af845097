/**
 * The release and third-party part of `npm run eval`: on labelled real pastes, a template of any
 * release (`expectedAnyRelease`) counts as right, and the no-template pastes whose labelled root
 * (`rootText`) is a library's or server's message are checked against the third-party pack.
 */
import type { Match, Matcher } from "../matcher/types.ts";

export interface LabelledPaste {
  paste: string;
  expected: readonly string[];
  expectedAnyRelease?: readonly string[];
  rootText?: string;
  rootKind?: string;
}

export interface ReleaseEval {
  /** Pastes with an expected template (main or any release). */
  withTemplate: number;
  /** Of those, the first match is an expected template. */
  right: number;
  /** Right only because an older release's template counts (`expectedAnyRelease`). */
  rightOnlyInOldRelease: number;
  /** Pastes with no template whose root is labelled (`rootText`). */
  labelledRoots: number;
  /** Of those, the first match is a third-party record whose pattern matches the rootText. */
  thirdPartyRoots: number;
  byKind: Record<string, { roots: number; thirdParty: number }>;
}

const THIRD_PARTY = "third_party";

/** The real-paste rows (`{paste, expected, expectedAnyRelease, rootText, rootKind}`) of a JSON Lines file. */
export function labelledPastesOf(content: string): LabelledPaste[] {
  const out: LabelledPaste[] = [];
  for (const line of content.split("\n")) {
    if (line.trim() === "") continue;
    try {
      const row = JSON.parse(line) as Record<string, unknown>;
      if (typeof row.paste !== "string") continue;
      const list = (v: unknown) => (Array.isArray(v) ? v.filter((x): x is string => typeof x === "string") : []);
      const item: LabelledPaste = {
        paste: row.paste,
        expected: list(row.expected),
        expectedAnyRelease: list(row.expectedAnyRelease),
      };
      if (typeof row.rootText === "string") item.rootText = row.rootText;
      if (typeof row.rootKind === "string") item.rootKind = row.rootKind;
      out.push(item);
    } catch {
      // The main eval names bad lines; this part only reads the good ones.
    }
  }
  return out;
}

/** Does this record's pattern explain the labelled root text on its own? */
function explainsRoot(matcher: Matcher, recordId: string, rootText: string): boolean {
  return matcher.match(rootText).matches.some((m) => m.record.id === recordId && m.kind !== "fuzzy");
}

/** A no-template paste answered by the third-party record of its labelled root: a right answer. */
export function thirdPartyRootAnswered(
  matcher: Matcher,
  best: Match | undefined,
  rootText: string | undefined,
): boolean {
  return (
    best?.record.errorType === THIRD_PARTY && rootText !== undefined && explainsRoot(matcher, best.record.id, rootText)
  );
}

export function evaluateReleases(rows: readonly LabelledPaste[], matcher: Matcher): ReleaseEval {
  const out: ReleaseEval = {
    withTemplate: 0,
    right: 0,
    rightOnlyInOldRelease: 0,
    labelledRoots: 0,
    thirdPartyRoots: 0,
    byKind: {},
  };
  for (const row of rows) {
    const best = matcher.match(row.paste).matches[0];
    const anyRelease = row.expectedAnyRelease ?? [];
    if (row.expected.length > 0 || anyRelease.length > 0) {
      out.withTemplate++;
      const message = best?.record.errorMessage;
      if (message !== undefined && row.expected.includes(message)) out.right++;
      else if (message !== undefined && anyRelease.includes(message)) {
        out.right++;
        out.rightOnlyInOldRelease++;
      }
      continue;
    }
    if (!row.rootText) continue;
    out.labelledRoots++;
    const kind = row.rootKind ?? "unlabelled";
    const slot = out.byKind[kind] ?? { roots: 0, thirdParty: 0 };
    out.byKind[kind] = slot;
    slot.roots++;
    if (thirdPartyRootAnswered(matcher, best, row.rootText)) {
      out.thirdPartyRoots++;
      slot.thirdParty++;
    }
  }
  return out;
}

export function formatReleaseEval(r: ReleaseEval): string {
  const pct = (a: number, b: number) => (b === 0 ? "-" : `${((100 * a) / b).toFixed(1)}%`);
  const lines = [
    `templates (any release): ${r.right}/${r.withTemplate} right (${pct(r.right, r.withTemplate)}), ${r.rightOnlyInOldRelease} only through an older release's wording`,
    `no-template pastes with a labelled root: ${r.labelledRoots}; a third-party record matching the root first: ${r.thirdPartyRoots} (${pct(r.thirdPartyRoots, r.labelledRoots)})`,
  ];
  for (const [kind, k] of Object.entries(r.byKind).sort()) lines.push(`  ${kind}: ${k.thirdParty}/${k.roots}`);
  return lines.join("\n");
}
