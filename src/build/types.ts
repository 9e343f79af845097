/**
 * The types `rwerror catalog build` passes between its stages:
 *   git (revisions, trees, blobs) → extract (one Rust file → messages) → merge (one record per
 *   filePath + errorMessage over every revision) → annotate (component, origin, history, examples) → write.
 * Every stage is a module of its own in `src/build/`; this file is the contract between them.
 */

/** The construct that carries a message (docs/knowledge-base.md, "Record fields added by catalog build"). */
export type Construct =
  | "error-attr"
  | "anyhow"
  | "bail"
  | "ensure"
  | "error-macro"
  | "panic"
  | "expect"
  | "unreachable"
  | "todo"
  | "assert"
  | "context"
  | "constructor"
  | "display"
  | "message-variable"
  | "parser-expect"
  /** tracing's `error!` / `warn!` (errorType `log`): not an error, but a line people paste. */
  | "log";

export type Severity = "critical" | "error" | "warning";

/** One message found in one Rust file (`extractFile`). */
export interface FoundMessage {
  /** The format string as the source spells it: escapes resolved, `concat!` pieces joined. */
  errorMessage: string;
  /** 1-based line of the macro, method or attribute head. */
  lineNumber: number;
  construct: Construct;
  /** The enclosing fn (`Type::method` inside an impl), or the error type for `#[error]`. */
  function: string | null;
  /** The enum and variant for `#[error]` attributes and `Enum::Variant(…)` constructors. */
  errorEnum: string | null;
  variant: string | null;
  /** The reference form `Enum::Variant` (or null), as `errorClass` in the reference records. */
  errorClass: string | null;
  /** `critical` for panics, else `error`. */
  severity: Severity;
  /** `panic` for panics, `log` for tracing's log lines, else `error_code` (the reference records' values). */
  errorType: "panic" | "error_code" | "log";
  /** The macro that carries a macro's message (`bail_not_implemented`, `anyhow`). */
  macro?: string;
  /** A plain string, not a format string: its `{}` and `}}` are printed as they are. */
  plain?: boolean;
  /**
   * A message passed to a bare imported variant (`Foo(format!(…))`): kept only when some file of the
   * same revision declares a variant of that name with `#[error]` (`FileExtraction.errorVariants`).
   */
  needsErrorVariant?: string;
}

/** What one blob yields; cached by blob id, so it may depend on nothing but the file's text and path. */
export interface FileExtraction {
  messages: FoundMessage[];
  /** Names of the enum variants in this file that carry an `#[error(…)]` attribute. */
  errorVariants: string[];
}

/** A revision the build reads: a tag (`v2.6.1`) or the default branch (`main`). */
export interface Revision {
  /** The name records carry in `releases`: the tag, or `main` for the default branch. */
  rev: string;
  /** The commit id the revision resolves to. */
  commit: string;
  /** The commit's date, ISO 8601 (committer date). */
  date: string;
}

/** `history` of a built record. `pr` is the number of the squash subject's `(#12345)`, or null. */
export interface HistoryPoint {
  release: string;
  commit: string | null;
  pr: number | null;
}
export interface RecordHistory {
  added: HistoryPoint;
  removed: (HistoryPoint & { subject: string | null }) | null;
}

/** SQL from RisingWave's own tests whose expected error is the record's message. */
export interface RecordExample {
  sql: string;
  /** `path:line` at `release`. */
  source: string;
  release: string;
}

export type Origin = "user" | "external" | "internal" | null;

/** One message at one revision, as merge sees it (the file's path + what extract found). */
export interface MessageAt {
  filePath: string;
  message: FoundMessage;
}
