/** One problem in a dataset file, precise enough to fix it without guessing. */
export interface CatalogProblem {
  file: string;
  /** 1-based line of the record (for a JSON array, the line where the element starts). */
  line: number;
  /** Dotted path of the offending field, or "" when the whole line is at fault. */
  field: string;
  reason: string;
}

export function formatProblem(p: CatalogProblem): string {
  const where = `${p.file}:${p.line}`;
  return p.field ? `${where}: field "${p.field}": ${p.reason}` : `${where}: ${p.reason}`;
}

/** Raised when a dataset cannot be used at all (no such path, unreadable file). */
export class CatalogError extends Error {
  readonly code = "CATALOG_ERROR";
  constructor(message: string) {
    super(message);
    this.name = "CatalogError";
  }
}
