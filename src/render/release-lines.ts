/** The release and third-party facts of a match, worded once for the card and the terminal. */
import type { Match } from "../matcher/types.ts";

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

export function releaseLines(facts: Pick<Match, "release" | "context" | "panicSite">): ReleaseLines {
  const out: ReleaseLines = {};
  const r = facts.release;
  if (r) {
    out.releases = `${r.range} · answered for ${r.forRelease}`;
    if (r.note) out.note = r.note;
    if (r.successor) {
      out.successor = { message: r.successor.record.errorMessage.split("\n")[0] ?? "", url: r.successor.url };
    }
  }
  if (facts.context) out.context = facts.context;
  if (facts.panicSite) out.panic = { label: facts.panicSite.label, url: facts.panicSite.url };
  return out;
}
