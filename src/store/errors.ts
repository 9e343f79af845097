/** The database cannot be brought to the schema this code expects. */
export class MigrationError extends Error {
  readonly code: "DB_NEWER_THAN_CODE" | "MIGRATION_FAILED" | "BAD_MIGRATION_FILES";
  constructor(code: MigrationError["code"], message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "MigrationError";
    this.code = code;
  }
}

/** The database cannot be opened at all (a read-only folder, a bad URL, PostgreSQL down at start). */
export class StoreOpenError extends Error {
  readonly code = "STORE_OPEN_FAILED" as const;
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "StoreOpenError";
  }
}
