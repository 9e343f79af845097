export interface ScanOptions {
  /** Lines longer than this are cut (a binary blob or a minified dump is one long "line"). */
  maxLineChars?: number;
  /** Lines of one error entry (first line plus continuations) passed to the matcher at most. */
  maxEntryLines?: number;
  /** Characters of one error entry passed to the matcher at most. */
  maxEntryChars?: number;
  /** Distinct unmatched fingerprints kept; entries beyond that are only counted. */
  maxUnmatchedGroups?: number;
  /**
   * Answers remembered per entry shape (log header dropped; numbers, hex ids and quoted values
   * masked), so a message logged 100,000 times with different ids is matched once. Two entries
   * differing only there get the same answer; 0 matches every entry on its own.
   */
  cacheSize?: number;
  /** Count fuzzy matches as known errors too (default: only exact matches count). */
  includeFuzzy?: boolean;
}

/** One catalog record seen in the log. */
export interface ScannedRecord {
  id: string;
  slug: string;
  errorMessage: string;
  severity: string;
  count: number;
  /** 1-based line where the first / last entry matching it starts. */
  firstLine: number;
  lastLine: number;
}

/** Error entries no record matched, grouped by their Drain-style template. */
export interface UnmatchedGroup {
  fingerprint: string;
  template: string;
  count: number;
  firstLine: number;
  lastLine: number;
  /** The first entry's first line, as logged (cut to 300 characters). */
  example: string;
}

export interface ScanReport {
  lines: number;
  bytes: number;
  /** Entries that looked like errors (WARN/ERROR level, panics, error text) and reached the matcher. */
  errorEntries: number;
  matchedEntries: number;
  /** Most frequent first. */
  records: ScannedRecord[];
  /** Most frequent first. */
  unmatched: UnmatchedGroup[];
  /** Unmatched entries whose group was not kept (past maxUnmatchedGroups). */
  unmatchedOverflow: number;
}
