/**
 * What the loaded knowledge base holds, in one line for the console's banner and App Home:
 * "9,912 RisingWave errors, v0.18.0 – v3.0.3 and main of 2026-08-21; 175 third-party; 417 with an analysis".
 */
import type { Catalog } from "./catalog.ts";
import { mainDateOf } from "./header.ts";
import type { ErrorRecord } from "./schema.ts";

export interface KnowledgeSummary {
  risingwave: number;
  thirdParty: number;
  /** Records whose card says what the error means and what to do (own text or a joined analysis). */
  analysed: number;
  /** Release tags the records name, oldest first, `main` last; empty when no record lists releases. */
  releases: readonly string[];
  /** The date of the default branch's commit a built catalog read (YYYY-MM-DD), when known. */
  mainDate: string | null;
}

function isAnalysed(r: ErrorRecord): boolean {
  return (r.documentation ?? "").trim() !== "" && r.solutions.length > 0;
}

export function summarizeKnowledge(catalog: Catalog): KnowledgeSummary {
  let thirdParty = 0;
  let analysed = 0;
  for (const r of catalog.records) {
    if (r.errorType === "third_party") thirdParty++;
    if (isAnalysed(r)) analysed++;
  }
  return {
    risingwave: catalog.records.length - thirdParty,
    thirdParty,
    analysed,
    releases: catalog.releaseTags,
    mainDate: mainDateOf(catalog.builds),
  };
}

function plural(n: number, one: string, many = `${one}s`): string {
  return `${n.toLocaleString("en-US")} ${n === 1 ? one : many}`;
}

/** The release range in words: "v0.18.0 – v3.0.3 and main of 2026-08-21", "main", or "" when unknown. */
function rangeOf(tags: readonly string[], mainDate: string | null): string {
  const stable = tags.filter((t) => t !== "main");
  const main = tags.includes("main") ? (mainDate ? `main of ${mainDate}` : "main") : "";
  if (stable.length === 0) return main;
  const span = stable.length === 1 ? stable[0] : `${stable[0]} – ${stable[stable.length - 1]}`;
  return main ? `${span} and ${main}` : (span ?? "");
}

export function knowledgeLine(s: KnowledgeSummary): string {
  const range = rangeOf(s.releases, s.mainDate);
  const rw = plural(s.risingwave, "RisingWave error");
  return `${range ? `${rw}, ${range}` : rw}; ${s.thirdParty.toLocaleString("en-US")} third-party; ${s.analysed.toLocaleString("en-US")} with an analysis`;
}
