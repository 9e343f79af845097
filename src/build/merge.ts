/**
 * Every revision's messages → one entry per (filePath, errorMessage): the releases that print it
 * (in revision order, oldest first) and the facts of the newest one (its line, class, construct).
 */
import { type FoundAt, recordKey } from "./scan.ts";
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

/** Drops the log lines an error record already holds: the same words in the same file are one record. */
export function dropLogsHeldByErrors(merged: Map<string, MergedMessage>): void {
  for (const [key, m] of merged) {
    if (m.message.errorType !== "log") continue;
    if (merged.has(recordKey(m.filePath, m.message.errorMessage))) merged.delete(key);
  }
}
