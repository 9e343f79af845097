/** The database cannot be brought to the schema this code expects. */
export class MigrationError extends Error {
  readonly code: "DB_NEWER_THAN_CODE" | "MIGRATION_FAILED" | "BAD_MIGRATION_FILES";
  constructor(code: MigrationError["code"], message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "MigrationError";
    this.code = code;
  }
}
