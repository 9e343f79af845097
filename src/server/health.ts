/**
 * What the health endpoints say. Readiness is about Slack traffic: the bot is ready while it has a
 * catalog, is not shutting down and (Socket Mode) has its socket. A slow, locked, full, read-only or
 * unreachable database only makes it *degraded*: answers still flow (claims fall back to memory,
 * writes are retried), so a load balancer must keep sending events. Without the health token the body
 * says only the status and the coarse reasons; the dataset version and database errors are for operators.
 */
import type { ListenerDeps } from "../slack/deps.ts";
import type { StoreGuard, StoreKind, WriteStats } from "../store/index.ts";

export type Readiness = "ok" | "degraded" | "unavailable";

export interface Health {
  /** Ready for Slack traffic: /readyz answers 200 (also when degraded). */
  ok: boolean;
  status: Readiness;
  /** Why the bot serves with less than it should (database slow, locked, full, …); no details. */
  degraded?: string[];
  records?: number;
  datasetVersion?: string | null;
  db?: string;
  /** sqlite or postgres. */
  store?: StoreKind;
  /** Writes waiting for a retry, retried, lost; claims decided without the database. */
  writes?: WriteStats;
  /** Why the bot is not ready (catalog empty, shutting down, socket disconnected). */
  problems?: string[];
}

export interface HealthSource {
  deps: Pick<ListenerDeps, "catalog" | "store" | "config">;
  draining?: () => boolean;
  guard?: StoreGuard;
  /** Socket Mode: whether the socket to Slack is open; absent in HTTP mode. */
  connected?: () => boolean;
  /** How long the database probe may take before the database counts as slow. */
  probeDeadlineMs?: number;
}

/** Every reason the bot can be degraded for, so /metrics shows each one (0 or 1). */
export const DEGRADED_REASONS = [
  "database slow",
  "database locked",
  "database full",
  "database read-only",
  "database file replaced",
  "database unreachable",
  "database writes waiting",
] as const;
export type DegradedReason = (typeof DEGRADED_REASONS)[number];

/** The coarse reason behind a failed probe (its message carries the driver's code). */
export function databaseReason(error: string): DegradedReason {
  if (/SQLITE_FULL|ENOSPC|disk is full|No space left|53100/i.test(error)) return "database full";
  if (/SQLITE_BUSY|SQLITE_LOCKED|database is locked/i.test(error)) return "database locked";
  if (/READONLY|read-only|readonly/i.test(error)) return "database read-only";
  if (/replaced|deleted|moved/i.test(error)) return "database file replaced";
  return "database unreachable";
}

const SLOW = Symbol("slow");

function within<T>(promise: Promise<T>, ms: number): Promise<T | typeof SLOW> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<typeof SLOW>((resolve) => {
    timer = setTimeout(() => resolve(SLOW), ms);
  });
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

export async function checkHealth(src: HealthSource, detailed = true): Promise<Health> {
  const { catalog, store } = src.deps;
  const deadline = src.probeDeadlineMs ?? 2000;
  const problems: string[] = [];
  if (catalog.records.length === 0) problems.push("catalog is empty");
  if (src.draining?.()) problems.push("shutting down");
  if (src.connected && !src.connected()) problems.push("Socket Mode is not connected");

  // A real write (SQLite) or a read-only check (PostgreSQL), within a deadline: a database that
  // hangs makes the bot degraded, never the probe slow.
  const attempt = store.health().catch((error: unknown) => ({ ok: false, error: (error as Error).message }));
  const probe = await within(attempt, deadline);
  const degraded = new Set<DegradedReason>();
  let db = "ok";
  if (probe === SLOW) {
    degraded.add("database slow");
    db = `no answer within ${deadline} ms`;
  } else if (!probe.ok) {
    db = probe.error ?? "unavailable";
    degraded.add(databaseReason(db));
  }
  const writes = src.guard?.stats();
  if (writes && writes.pending > 0) degraded.add("database writes waiting");

  const ok = problems.length === 0;
  const status: Readiness = !ok ? "unavailable" : degraded.size > 0 ? "degraded" : "ok";
  const reasons = degraded.size > 0 ? { degraded: [...degraded] } : {};
  if (!detailed) return { ok, status, ...reasons };
  return {
    ok,
    status,
    ...reasons,
    records: catalog.records.length,
    datasetVersion: catalog.datasetVersion,
    db,
    store: store.kind,
    ...(writes ? { writes } : {}),
    problems,
  };
}
