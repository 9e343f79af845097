import type { StoreKind } from "./types.ts";

const POSTGRES_URL = /^postgres(?:ql)?:\/\//i;

/** `postgres://…` (or `postgresql://…`) is PostgreSQL; anything else is a SQLite path, `file:` path or ":memory:". */
export function storeKindOf(location: string): StoreKind {
  return POSTGRES_URL.test(location.trim()) ? "postgres" : "sqlite";
}
