/** Backoff for writes that meet a busy or unreachable database. */

export interface RetryPolicy {
  /** First wait; doubles each attempt, with jitter. */
  baseMs?: number;
  maxDelayMs?: number;
  /** Give up once this much time has passed since the first attempt. */
  totalMs?: number;
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** A wait that does not keep the process alive (background retries must not delay an exit). */
export const idle = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms).unref());

export function backoffDelay(attempt: number, { baseMs = 25, maxDelayMs = 2000 }: RetryPolicy = {}): number {
  const exp = Math.min(maxDelayMs, baseMs * 2 ** attempt);
  return exp / 2 + Math.random() * (exp / 2);
}

/**
 * Runs `op` until it succeeds, `retryable` says an error is final, or `totalMs` runs out.
 * Waits between attempts with setTimeout: the event loop (and every ack) keeps running.
 */
export async function withRetry<T>(
  op: () => T | Promise<T>,
  retryable: (error: unknown) => boolean,
  policy: RetryPolicy = {},
  onRetry?: (error: unknown, attempt: number) => void,
): Promise<T> {
  const { totalMs = 5000 } = policy;
  const started = Date.now();
  for (let attempt = 0; ; attempt++) {
    try {
      return await op();
    } catch (error) {
      const delay = backoffDelay(attempt, policy);
      if (!retryable(error) || Date.now() - started + delay > totalMs) throw error;
      onRetry?.(error, attempt + 1);
      await sleep(delay);
    }
  }
}
