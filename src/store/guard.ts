/**
 * Keeps answers flowing when the database is slow, locked, read-only or unreachable: a decision
 * (a claim) waits for the database only so long, then falls back to an in-process answer; a write
 * is tried once in line, then retried in the background with backoff, and what never lands is
 * counted and logged. Nothing here blocks the event loop.
 */
import { backoffDelay, idle } from "./retry.ts";
import type { Store } from "./types.ts";

export interface StoreFaultLog {
  warn(message: string): void;
  error(message: string): void;
}

export interface WriteStats {
  /** Writes waiting for a retry right now. */
  pending: number;
  /** Retry attempts made. */
  retried: number;
  /** Writes given up on: lost. */
  failed: number;
  /** Decisions taken in-process because the database did not answer in time. */
  fallbacks: number;
}

export interface StoreGuardOptions {
  /** How long an answer waits for a claim or an in-line write. */
  deadlineMs?: number;
  /** How long a failed write keeps being retried in the background. */
  retryForMs?: number;
  /** Writes queued for retry beyond this are dropped (counted) instead of growing memory. */
  maxPending?: number;
  log?: StoreFaultLog;
}

export interface StoreGuard {
  readonly store: Store;
  stats(): WriteStats;
  /** The database's decision within the deadline, else `fallback()` (logged and counted). */
  decide<T>(what: string, op: (store: Store) => Promise<T>, fallback: () => T): Promise<T>;
  /** Resolves once written or queued for retry; never rejects. */
  write(what: string, op: (store: Store) => Promise<unknown>): Promise<void>;
  /** Waits (at most `timeoutMs`) for queued retries to finish: shutdown. */
  drain(timeoutMs?: number): Promise<void>;
}

/** Errors a retry cannot fix: the write itself is wrong. */
function isFinal(error: unknown): boolean {
  if (error instanceof RangeError || error instanceof TypeError) return true;
  const code = String((error as { code?: unknown } | null)?.code ?? "");
  return code.startsWith("SQLITE_CONSTRAINT") || /^(22|23|42)[0-9A-Z]{3}$/.test(code);
}

const TIMED_OUT = Symbol("timed out");

function within<T>(promise: Promise<T>, ms: number): Promise<T | typeof TIMED_OUT> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<typeof TIMED_OUT>((resolve) => {
    timer = setTimeout(() => resolve(TIMED_OUT), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** A store call as a promise, even when it throws before returning one. */
function attemptOf<T>(op: (store: Store) => Promise<T>, store: Store): Promise<T> {
  try {
    return op(store);
  } catch (error) {
    return Promise.reject(error);
  }
}

const describe = (error: unknown) => ((error as Error)?.message ?? String(error)).split("\n")[0];

export function guardStore(
  store: Store,
  { deadlineMs = 2000, retryForMs = 60_000, maxPending = 10_000, log = console }: StoreGuardOptions = {},
): StoreGuard {
  const stats: WriteStats = { pending: 0, retried: 0, failed: 0, fallbacks: 0 };
  const inFlight = new Set<Promise<void>>();

  const lost = (what: string, error: unknown) => {
    stats.failed++;
    log.error(`store: ${what} not written (${describe(error)}); ${stats.failed} write(s) lost so far`);
  };

  async function retry(what: string, op: (store: Store) => Promise<unknown>, first: unknown): Promise<void> {
    const started = Date.now();
    let error = first;
    for (let attempt = 1; !isFinal(error); attempt++) {
      const delay = backoffDelay(attempt, { baseMs: 100, maxDelayMs: 5000 });
      if (Date.now() - started + delay > retryForMs) break;
      await idle(delay);
      stats.retried++;
      try {
        await op(store);
        return;
      } catch (e) {
        error = e;
      }
    }
    lost(what, error);
  }

  const enqueue = (what: string, op: (store: Store) => Promise<unknown>, error: unknown) => {
    if (isFinal(error)) return lost(what, error);
    if (stats.pending >= maxPending) return lost(what, new Error(`retry queue full (${maxPending})`));
    if (stats.pending === 0) log.warn(`store: ${what} failed (${describe(error)}); retrying with backoff`);
    stats.pending++;
    const p = retry(what, op, error).finally(() => {
      stats.pending--;
      inFlight.delete(p);
    });
    inFlight.add(p);
  };

  return {
    store,
    stats: () => ({ ...stats }),
    async decide(what, op, fallback) {
      const attempt = attemptOf(op, store);
      try {
        const result = await within(attempt, deadlineMs);
        if (result !== TIMED_OUT) return result;
        attempt.catch(() => undefined);
        stats.fallbacks++;
        log.warn(`store: ${what} took over ${deadlineMs} ms; answering without it`);
      } catch (error) {
        stats.fallbacks++;
        log.warn(`store: ${what} failed (${describe(error)}); answering without it`);
      }
      return fallback();
    },
    async write(what, op) {
      const attempt = attemptOf(op, store);
      try {
        const result = await within(attempt, deadlineMs);
        // Still running: it may land yet; only a failure goes to the retry queue.
        if (result === TIMED_OUT) attempt.catch((error: unknown) => enqueue(what, op, error));
      } catch (error) {
        enqueue(what, op, error);
      }
    },
    async drain(timeoutMs = 5000) {
      if (inFlight.size === 0) return;
      await within(
        Promise.allSettled([...inFlight]).then(() => undefined),
        timeoutMs,
      );
    },
  };
}
