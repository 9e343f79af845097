/**
 * Keeps answers flowing when the database is slow, locked, full, read-only or unreachable: a decision
 * (a claim) waits for the database only so long, then falls back to an in-process answer; a write is
 * tried once in line, and a failed one joins a queue that one background loop retries in order with
 * backoff until it lands, so an answer never waits for its occurrence to be stored. What never lands
 * (the queue's bound, the retry window, an error no retry fixes) is counted the moment it is given up.
 * An outage is logged once when it starts and once when it ends, with what happened meanwhile, never
 * once per event. Nothing here blocks the event loop.
 */
import { backoffDelay, idle } from "./retry.ts";
import type { Store } from "./types.ts";

export interface StoreFaultLog {
  info?(message: string): void;
  warn(message: string): void;
  error(message: string): void;
}

export interface WriteStats {
  /** Writes queued for a retry right now. */
  pending: number;
  /** Retry attempts made. */
  retried: number;
  /** Writes given up on: lost. */
  failed: number;
  /** Decisions taken in-process because the database did not answer in time. */
  fallbacks: number;
  /** Times the database stopped answering (each logged once). */
  outages: number;
}

export interface StoreGuardOptions {
  /** How long an answer waits for a claim or an in-line write. */
  deadlineMs?: number;
  /**
   * The same, during an outage: the database is still asked (its answer ends the outage), but an
   * answer that needs five decisions must not wait five full deadlines for a database known to fail.
   */
  outageDeadlineMs?: number;
  /** How long a failed write keeps being retried in the background. */
  retryForMs?: number;
  /** Writes queued for retry beyond this are dropped (counted) instead of growing memory. */
  maxPending?: number;
  /**
   * An outage ends at a success this long after the last failure: on a full disk reads still work
   * between failing writes, and one outage must not be logged as many.
   */
  quietMs?: number;
  log?: StoreFaultLog;
}

export interface StoreGuard {
  readonly store: Store;
  stats(): WriteStats;
  /** Whether the database is failing right now (since its last failure, no call succeeded). */
  down(): boolean;
  /** The database's decision within the deadline, else `fallback()` (counted). */
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

const describe = (error: unknown): string => ((error as Error)?.message ?? String(error)).split("\n")[0] ?? "";

interface Queued {
  what: string;
  op: (store: Store) => Promise<unknown>;
  since: number;
}

export function guardStore(
  store: Store,
  {
    deadlineMs = 2000,
    outageDeadlineMs = 200,
    retryForMs = 15 * 60_000,
    maxPending = 10_000,
    quietMs = 5_000,
    log = console,
  }: StoreGuardOptions = {},
): StoreGuard {
  const stats: WriteStats = { pending: 0, retried: 0, failed: 0, fallbacks: 0, outages: 0 };
  const queue: Queued[] = [];
  let draining: Promise<void> | undefined;
  // The outage being lived through: what it cost, reported once at its end.
  let outage: { since: number; fallbacks: number; queued: number; lost: number } | undefined;
  let lastFailure = 0;

  const failing = (what: string, error: string) => {
    lastFailure = Date.now();
    if (outage) return;
    stats.outages++;
    outage = { since: Date.now(), fallbacks: 0, queued: 0, lost: 0 };
    log.warn(
      `store: database failing (${error}, first at: ${what}); answering without it and queueing writes until it is back (outage ${stats.outages})`,
    );
  };
  const answering = () => {
    if (!outage || queue.length > 0 || Date.now() - lastFailure < quietMs) return;
    const { since, fallbacks, queued, lost } = outage;
    outage = undefined;
    const line = `store: database answering again after ${Date.now() - since} ms: ${fallbacks} decision(s) taken without it, ${queued} write(s) queued, ${lost} lost`;
    (log.info ?? log.warn)(line);
  };

  const lost = (what: string, error: unknown, final: boolean) => {
    stats.failed++;
    if (outage) outage.lost++;
    // A write that is itself wrong is a bug: each one is logged. In an outage, the first loss says so
    // and the rest are counted (in /metrics, and in the line that ends the outage).
    if (final || !outage || outage.lost === 1) {
      log.error(`store: ${what} not written (${describe(error)}); ${stats.failed} write(s) lost so far`);
    }
  };

  async function drainQueue(): Promise<void> {
    for (let attempt = 1; queue.length > 0; ) {
      const head = queue[0] as Queued;
      try {
        stats.retried++;
        await attemptOf(head.op, store);
        queue.shift();
        attempt = 1;
        answering();
        continue;
      } catch (error) {
        lastFailure = Date.now();
        if (isFinal(error) || Date.now() - head.since > retryForMs) {
          queue.shift();
          lost(head.what, error, isFinal(error));
          continue;
        }
      }
      await idle(backoffDelay(attempt++, { baseMs: 100, maxDelayMs: 5000 }));
    }
  }

  /** `error` undefined: queued behind earlier writes, untried. */
  const enqueue = (what: string, op: (store: Store) => Promise<unknown>, error?: unknown) => {
    if (error !== undefined) {
      if (isFinal(error)) return lost(what, error, true);
      failing(what, describe(error));
    }
    if (queue.length >= maxPending) return lost(what, new Error(`retry queue full (${maxPending})`), false);
    queue.push({ what, op, since: Date.now() });
    if (outage) outage.queued++;
    if (!draining) {
      // The first retry waits a little: the error that queued this write rarely passes at once.
      draining = idle(backoffDelay(0, { baseMs: 100 }))
        .then(drainQueue)
        .finally(() => {
          draining = undefined;
        });
    }
  };

  return {
    store,
    stats: () => ({ ...stats, pending: queue.length }),
    down: () => outage !== undefined,
    async decide(what, op, fallback) {
      const attempt = attemptOf(op, store);
      const deadline = outage ? Math.min(deadlineMs, outageDeadlineMs) : deadlineMs;
      try {
        const result = await within(attempt, deadline);
        if (result !== TIMED_OUT) {
          answering();
          return result;
        }
        attempt.catch(() => undefined);
        failing(what, `no answer within ${deadline} ms`);
      } catch (error) {
        failing(what, describe(error));
      }
      stats.fallbacks++;
      if (outage) outage.fallbacks++;
      return fallback();
    },
    async write(what, op) {
      // Behind a queue, in its order: a release must not overtake the claim it releases.
      if (queue.length > 0) return enqueue(what, op);
      const attempt = attemptOf(op, store);
      try {
        const result = await within(attempt, outage ? Math.min(deadlineMs, outageDeadlineMs) : deadlineMs);
        // Still running: it may land yet; only a failure goes to the retry queue.
        if (result === TIMED_OUT) attempt.catch((error: unknown) => enqueue(what, op, error));
        else answering();
      } catch (error) {
        enqueue(what, op, error);
      }
    },
    async drain(timeoutMs = 5000) {
      if (!draining) return;
      await within(draining, timeoutMs);
    },
  };
}
