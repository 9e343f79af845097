/**
 * The annotate stage: facts on each candidate, no order and no decision. Which release the paste is
 * from and each match's release facts (range, source link, successor), where the paste's panic is in
 * the source (and, when no template explains it, a located candidate), and the RisingWave operation
 * around each third-party match. The card, the buttons and the store read these facts off the result.
 */
import type { Catalog } from "../catalog/catalog.ts";
import { catalogTagFor } from "../catalog/releases.ts";
import type { Ranked } from "./merge.ts";
import { locatePanic, type PanicSite } from "./panic-site.ts";
import { PANIC_SITE_CONFIDENCE } from "./policy.ts";
import { annotateReleases, dropDuplicates, type ResolvedVersion } from "./release-rank.ts";
import { nameThirdPartyContext } from "./third-party-context.ts";
import type { AnnotatedFacts, KnownMatch, Match, MatchContext } from "./types.ts";
import { resolveVersion, type UserVersion } from "./version-detect.ts";

export interface Annotated {
  ranked: Ranked[];
  user?: UserVersion;
  /** The user's release as the catalog tags it, when the catalog knows releases. */
  userTag?: string;
  version?: ResolvedVersion;
  panicSite?: PanicSite;
}

export interface AnnotateInput {
  catalog: Catalog;
  /** The normalised paste (version lines and panic locations are read from it). */
  text: string;
  layers: readonly string[];
  context: MatchContext | undefined;
  /** `RWERROR_RISINGWAVE_VERSION`. */
  configured: string | undefined;
}

/** A candidate for a panic that no template explains, located by its file:line. */
function locatedCandidate(site: PanicSite, layers: readonly string[]): Ranked | null {
  if (!site.record) return null;
  const layerIndex = Math.max(0, layers.length - 1);
  const match: Match = {
    record: site.record,
    kind: "fuzzy",
    confidence: PANIC_SITE_CONFIDENCE,
    captures: [],
    layer: layers[layerIndex] ?? "",
    layerIndex,
    rootCause: true,
    panicSite: site,
  };
  return { match, score: PANIC_SITE_CONFIDENCE, tier: 1, group: -1, depth: 0, raw: null, order: -1, kind: "panic" };
}

export function annotate(ranked: readonly Ranked[], input: AnnotateInput): Annotated {
  const { catalog, text, layers, context, configured } = input;
  const user = resolveVersion(text, context?.channelVersion, configured, context?.pasteVersion);
  const userTag = user ? catalogTagFor(user.version, catalog.releaseTags) : undefined;
  const out: Annotated = { ranked: catalog.releaseTags.length > 0 ? dropDuplicates(ranked) : [...ranked] };
  if (user) {
    out.user = user;
    out.version = userTag ? { ...user, tag: userTag } : { ...user };
  }
  if (userTag) out.userTag = userTag;
  const site = locatePanic(catalog, text, userTag);
  if (site) {
    out.panicSite = site;
    const templated = out.ranked.some((r) => r.match.kind !== "fuzzy");
    const located = templated ? null : locatedCandidate(site, layers);
    if (located) out.ranked = [located, ...out.ranked.filter((r) => r.match.record.id !== located.match.record.id)];
  }
  const matches = out.ranked.map((r) => r.match);
  annotateReleases(catalog, matches, userTag, user);
  nameThirdPartyContext(matches, layers);
  return out;
}

/**
 * The facts of a match made earlier, from the same functions the pipeline's annotate stage runs on
 * each candidate: the release read from its layers (or the channel's, or the configured one), its
 * release facts, the RisingWave operation around a third-party record, and the panic it located.
 * Nothing is matched again, so the facts cannot change because the ranking would now differ.
 */
export function annotateKnown(
  catalog: Catalog,
  known: KnownMatch,
  context: MatchContext | undefined,
  configured: string | undefined,
): AnnotatedFacts {
  const layers = [...(known.outer ?? []), known.layer];
  const text = layers.join("\n");
  const match: Match = {
    record: known.record,
    kind: known.kind,
    confidence: 1,
    captures: known.captures,
    layer: known.layer,
    layerIndex: layers.length - 1,
    rootCause: true,
  };
  const user = resolveVersion(text, context?.channelVersion, configured, context?.pasteVersion);
  const userTag = user ? catalogTagFor(user.version, catalog.releaseTags) : undefined;
  annotateReleases(catalog, [match], userTag, user);
  // The context was trimmed against the other matches of the paste, which a known match no longer has.
  if (known.context !== undefined) match.context = known.context;
  else nameThirdPartyContext([match], layers);
  const site = locatePanic(catalog, text, userTag);
  if (site?.record?.id === known.record.id) match.panicSite = site;
  return {
    ...(match.release ? { release: match.release } : {}),
    ...(match.context ? { context: match.context } : {}),
    ...(match.panicSite ? { panicSite: match.panicSite } : {}),
  };
}
