import type { Catalog } from "../src/catalog/index.ts";
import type { Matcher, MatcherOptions } from "../src/matcher/types.ts";
import { createNaiveMatcher } from "./naive.ts";

/**
 * `fuzzy: false` asks for exact matches only (what a scan counts); a matcher without that
 * option ignores it and still runs its fuzzy guesses.
 */
export type MatcherFactory = (
  catalog: Catalog,
  options?: MatcherOptions & { useIndex?: boolean; fuzzy?: boolean },
) => Matcher;

export interface LoadedFactory {
  create: MatcherFactory;
  /** False while src/matcher/index.ts does not exist yet: the numbers are then the naive stand-in's. */
  real: boolean;
}

/**
 * The matcher under test. Imported by URL so the bench runs (loudly labelled) before the
 * matcher helper's index.ts lands; once it exists, it is always the one measured.
 */
export async function loadMatcherFactory(): Promise<LoadedFactory> {
  const url = new URL("../src/matcher/index.ts", import.meta.url).href;
  try {
    const mod = (await import(url)) as { createMatcher?: MatcherFactory };
    if (typeof mod.createMatcher === "function") return { create: mod.createMatcher, real: true };
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== "ERR_MODULE_NOT_FOUND") throw e;
  }
  return { create: (catalog) => createNaiveMatcher(catalog), real: false };
}
