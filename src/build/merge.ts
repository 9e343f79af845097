/**
 * Every revision's messages → one entry per (filePath, errorMessage): the releases that print it
 * (in revision order, oldest first) and the facts of the newest one (its line, class, construct).
 */
import type { FoundAt } from "./scan.ts";
import type { Revision } from "./types.ts";

export interface MergedMessage extends FoundAt {
  releases: string[];
  /** The newest revision that prints it: its line and source link come from there. */
  newest: Revision;
}

/** Adds one revision's messages; revisions must come oldest first. */
export function mergeRevision(into: Map<string, MergedMessage>, rev: Revision, found: Map<string, FoundAt>): void {
  for (const [key, at] of found) {
    const entry = into.get(key);
    if (entry) {
      entry.releases.push(rev.rev);
      entry.newest = rev;
      entry.message = at.message;
      entry.blob = at.blob;
    } else {
      into.set(key, { ...at, releases: [rev.rev], newest: rev });
    }
  }
}
