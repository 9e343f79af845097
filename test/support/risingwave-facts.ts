/**
 * `data/risingwave-facts.json.gz` (written by `rwerror catalog build` beside the catalog, from RisingWave's
 * sources): identifiers that exist per release. Read here only to check the identifiers analyses name.
 * Its exact layout is the build's; this reader asks only "is this name present in this kind", taking a
 * kind's names from an object's keys or a list's strings / `name` fields, so it keeps working whichever
 * of those forms the build settles on, and says so when a kind is missing.
 */
import { existsSync, readFileSync } from "node:fs";
import { gunzipSync } from "node:zlib";

export const FACTS_FILE = new URL("../../data/risingwave-facts.json.gz", import.meta.url);

export type FactKind = "relations" | "columns" | "withOptions" | "configKeys";

export interface Facts {
  has(kind: FactKind, name: string): boolean;
  /** Kinds the file does not hold (the check cannot run for them). */
  missingKinds: FactKind[];
}

function namesOf(value: unknown): Set<string> | null {
  if (Array.isArray(value)) {
    return new Set(
      value
        .map((v) => (typeof v === "string" ? v : typeof v === "object" && v && "name" in v ? String(v.name) : null))
        .filter((v): v is string => v !== null)
        .map((v) => v.toLowerCase()),
    );
  }
  if (typeof value === "object" && value !== null) return new Set(Object.keys(value).map((k) => k.toLowerCase()));
  return null;
}

export function readFacts(): Facts | null {
  if (!existsSync(FACTS_FILE)) return null;
  const raw = JSON.parse(gunzipSync(readFileSync(FACTS_FILE)).toString("utf8")) as Record<string, unknown>;
  const body = (typeof raw.facts === "object" && raw.facts !== null ? raw.facts : raw) as Record<string, unknown>;
  const kinds: FactKind[] = ["relations", "columns", "withOptions", "configKeys"];
  const sets = new Map<FactKind, Set<string>>();
  const missingKinds: FactKind[] = [];
  for (const k of kinds) {
    const names = namesOf(body[k]);
    if (names) sets.set(k, names);
    else missingKinds.push(k);
  }
  return { has: (kind, name) => sets.get(kind)?.has(name.toLowerCase()) ?? false, missingKinds };
}
