/** Why `catalog build` stopped: one line for the user, a code for tests. */
export type BuildErrorCode =
  | "NOT_A_REPOSITORY"
  | "UNKNOWN_REVISION"
  | "NO_RUST_SOURCES"
  | "NO_REVISIONS"
  | "GIT_FAILED"
  | "PARSE_FAILED"
  | "WRITE_FAILED";

export class BuildError extends Error {
  constructor(
    readonly code: BuildErrorCode,
    message: string,
  ) {
    super(message);
    this.name = "BuildError";
  }
}
