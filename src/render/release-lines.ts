/** The release and third-party facts of a match, worded once for the card and the terminal. */
import type { ErrorRecord } from "../catalog/schema.ts";
import type { Match } from "../matcher/types.ts";
import { pinnedSourceUrl } from "./links.ts";

export interface ReleaseLines {
  /** "v1.4–v1.10 · answered for v2.4 (detected in the paste)". */
  releases?: string;
  /** "this wording is from v1.4–v1.10; …". */
  note?: string;
  /** The newest release's wording of the same error, with its source. */
  successor?: { message: string; url: string | null };
  /** "while: gRPC request to meta service failed". */
  context?: string;
  /** "panicked in src/…:431 (v1.10)" and the source at that tag. */
  panic?: { label: string; url: string };
}

export function releaseLines(
  facts: Pick<Match, "release" | "context" | "panicSite">,
  record?: Pick<ErrorRecord, "analyzedSha" | "githubUrl" | "filePath" | "lineNumber">,
): ReleaseLines {
  const out: ReleaseLines = {};
  const r = facts.release;
  if (r) {
    // "answered for an unknown release" says nothing a reader can use: only a known release is named.
    out.releases = r.forRelease === "an unknown release" ? r.range : `${r.range} · answered for ${r.forRelease}`;
    if (r.note) out.note = r.note;
    if (r.successor) {
      out.successor = { message: r.successor.record.errorMessage.split("\n")[0] ?? "", url: r.successor.url };
    }
  }
  if (facts.context) out.context = facts.context;
  if (facts.panicSite) {
    const url = record ? pinnedSourceUrl(facts.panicSite.url, record) : facts.panicSite.url;
    out.panic = { label: facts.panicSite.label, url: url ?? "" };
  }
  return out;
}
