/** The rank stage: order inside an error group, then the groups merged into one list. */
import type { RawMatch } from "./exact.ts";
import type { ErrorLayer } from "./layers.ts";
import { compareInLayer } from "./policy.ts";
import type { Match } from "./types.ts";

export interface Ranked {
  match: Match;
  /** The confidence the order is decided by: before the lone-line cap, so the cap never reorders. */
  score: number;
  tier: number;
  group: number;
  depth: number;
  raw: RawMatch | null;
  /** Catalog position: the last tie-break, so equal answers come out the same every time. */
  order: number;
  kind: ErrorLayer["kind"];
}

/**
 * Bare labels last; otherwise the innermost layer first (the root cause, even when only a wrapper
 * or a guess explains it); within a layer, sure matches, then weak ones and fuzzy guesses by
 * confidence, then the in-layer order.
 */
export function compareRanked(a: Ranked, b: Ranked): number {
  const bare = Number(a.tier === 2) - Number(b.tier === 2);
  if (bare !== 0) return bare;
  // The group's root layer first: the innermost meaningful one, or an `.expect()` message above its detail.
  const root = Number(b.match.rootCause) - Number(a.match.rootCause);
  if (root !== 0) return root;
  if (a.depth !== b.depth) return b.depth - a.depth;
  if (a.tier !== b.tier && (a.tier === 0 || b.tier === 0)) return a.tier - b.tier;
  if (a.tier === 1 || b.tier === 1) return b.score - a.score || a.order - b.order;
  if (a.raw && b.raw) return compareInLayer(a.raw, b.raw);
  return b.score - a.score || a.order - b.order;
}

export function mergeGroups(perGroup: Ranked[][], limit: number): Ranked[] {
  // Each error's best answer first, the strongest error first; then everything else in order.
  // A line of a multi-line message tried on its own comes after the message itself.
  const secondary = (g: Ranked[]) => Number(g[0]?.kind === "plain-line");
  const heads = perGroup
    .map((g, order) => ({ g, order }))
    .sort(
      (a, b) =>
        (a.g[0]?.tier ?? 9) - (b.g[0]?.tier ?? 9) ||
        secondary(a.g) - secondary(b.g) ||
        (b.g[0]?.score ?? 0) - (a.g[0]?.score ?? 0) ||
        a.order - b.order,
    );
  const ordered: Ranked[] = [];
  for (const { g } of heads) if (g[0]) ordered.push(g[0]);
  for (const { g } of heads) for (const r of g.slice(1)) ordered.push(r);
  const seen = new Set<string>();
  const matches: Ranked[] = [];
  for (const r of ordered) {
    if (seen.has(r.match.record.id)) continue;
    seen.add(r.match.record.id);
    matches.push(r);
    if (matches.length >= limit) break;
  }
  return matches;
}
