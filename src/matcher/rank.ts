/**
 * The rank stage, run once: each error group ordered (root layer first, then exact before folded
 * before fuzzy, see merge.ts and policy.ts), the groups merged, then the two rules that read the
 * annotate stage's facts: a release chooses between wordings of the same error only, and a
 * third-party record leads only where the text is the upstream's. Nothing after this reorders.
 */
import type { Catalog } from "../catalog/catalog.ts";
import { compareRanked, mergeGroups, type Ranked } from "./merge.ts";
import { preferReleaseWording, sameErrorWording } from "./release-rank.ts";
import { preferThirdPartyRoot } from "./third-party-context.ts";
import type { Match } from "./types.ts";

/** Each group's order and the merged list, before any fact is known (annotate reads this list). */
export function orderGroups(perGroup: Ranked[][], limit: number): Ranked[] {
  for (const g of perGroup) g.sort(compareRanked);
  return mergeGroups(
    perGroup.filter((g) => g.length > 0),
    limit,
  );
}

/** Reorders `ranked` as `order` (the same Match objects) puts them. */
function byMatches(ranked: readonly Ranked[], order: readonly Match[]): Ranked[] {
  const of = new Map(ranked.map((r) => [r.match, r]));
  return order.map((m) => of.get(m)).filter((r): r is Ranked => r !== undefined);
}

export interface RankedPaste {
  ranked: Ranked[];
  /**
   * The match the verdict judges: the head, or, when the release rule put another wording of the same
   * error first, the wording that explains the paste best (a release only chooses the words).
   */
  judged: Ranked | undefined;
}

/** The fact rules of the rank stage (release wording, third-party root), applied to the ordered list. */
export function rankByFacts(
  catalog: Catalog,
  ranked: readonly Ranked[],
  userTag: string | undefined,
  text: string,
): RankedPaste {
  const matches = ranked.map((r) => r.match);
  const worded = preferReleaseWording(catalog, matches, userTag);
  const out = byMatches(ranked, preferThirdPartyRoot(worded, text));
  const before = ranked[0];
  const head = out[0];
  const rewordedHead =
    head && before && head !== before && head.match === worded[0] && sameErrorWording(before.match, head.match);
  return { ranked: out, judged: rewordedHead ? before : head };
}
