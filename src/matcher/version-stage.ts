/**
 * The stages that run after ranking and before the verdict: which release the paste is from,
 * version-aware order and facts, the panic's location, and the operation around a third-party root.
 */
import type { Catalog } from "../catalog/catalog.ts";
import { catalogTagFor } from "../catalog/releases.ts";
import { locatePanic } from "./panic-site.ts";
import { applyReleaseStage, releaseFacts } from "./release-rank.ts";
import { CANDIDATE_WEIGHT, NOT_ANSWER_CAP, roundConfidence } from "./score.ts";
import { applyThirdPartyStage } from "./third-party-context.ts";
import type { Match, MatchContext, MatchResult, Verdict } from "./types.ts";
import { resolveVersion } from "./version-detect.ts";

/** A location is evidence of where, not of which error: it never reaches the auto-post floor. */
export const PANIC_SITE_CONFIDENCE = 0.5;

export function applyVersionStages(
  catalog: Catalog,
  result: MatchResult,
  text: string,
  context: MatchContext | undefined,
  configured: string | undefined,
  verdict: Verdict,
): Verdict {
  const before = result.matches[0];
  const user = resolveVersion(text, context?.channelVersion, configured, context?.pasteVersion);
  applyReleaseStage(catalog, result, user);
  const userTag = user ? catalogTagFor(user.version, catalog.releaseTags) : undefined;
  const site = locatePanic(catalog, text, userTag);
  if (site) {
    result.panicSite = site;
    const templated = result.matches.some((m) => m.kind !== "fuzzy");
    if (!templated && site.record) {
      const located: Match = {
        record: site.record,
        kind: "fuzzy",
        confidence: PANIC_SITE_CONFIDENCE,
        captures: [],
        layer: result.layers[result.layers.length - 1] ?? "",
        layerIndex: Math.max(0, result.layers.length - 1),
        rootCause: true,
        panicSite: site,
      };
      const facts = releaseFacts(catalog, site.record, userTag, user);
      if (facts) located.release = facts;
      result.matches = [located, ...result.matches.filter((m) => m.record.id !== site.record?.id)];
    }
  }
  applyThirdPartyStage(result, text);
  return verdictAfterStages(verdict, before, result.matches[0]);
}

/**
 * The verdict was decided for the match ranked first before these stages. When they put another
 * first: on the same layer (that release's wording of the text, or the library message a RisingWave
 * sentence held) the answer stands for it, with the confidence that earned it; anything else is
 * stated by nobody, and a located panic is a candidate only.
 */
function verdictAfterStages(verdict: Verdict, before: Match | undefined, after: Match | undefined): Verdict {
  if (!after || after === before) return verdict;
  if (after.panicSite && after.kind === "fuzzy") return "candidates";
  if (verdict !== "answer" || !before) return verdict;
  if (after.kind !== "fuzzy" && after.layerIndex === before.layerIndex) {
    const stated = before.confidence;
    before.confidence = after.confidence;
    after.confidence = stated;
    return "answer";
  }
  before.confidence = roundConfidence(Math.min(before.confidence * CANDIDATE_WEIGHT, NOT_ANSWER_CAP));
  return "candidates";
}
