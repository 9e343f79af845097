/**
 * The answer outbox: an answer is written to the store before it is posted, then posted through the
 * surface's delivery port. A post that fails for a reason that can pass (rate limit, 5xx, timeout,
 * network) stays in the store and is retried with backoff, by this replica or any other, across
 * restarts, for `retryForMs`; what never lands is counted and logged once. Slack-free: the port says
 * what happened (posted, retry, final) and finds an earlier post by its key before posting again.
 */
import type { NewOutboxEntry, OutboxEntry, StoreGuard } from "../store/index.ts";

export type Delivery =
  | { kind: "posted"; ts: string }
  /** Worth another try: after `afterMs` when the surface said how long (Retry-After). */
  | { kind: "retry"; reason: string; afterMs?: number }
  /** Never going to work (channel_not_found, not_in_channel, …). */
  | { kind: "final"; reason: string };

export interface DeliveryPort {
  /**
   * Posts the entry with its key in the message's metadata. `recheck`: an earlier attempt may have
   * landed (a timeout, a lost response, a takeover), so look for the key first and answer its ts.
   */
  deliver(entry: OutboxEntry, recheck: boolean): Promise<Delivery>;
}

export interface OutboxEvents {
  /** `later`: not the sender's own first attempt, so nobody else has taken note of the ts yet. */
  posted(entry: OutboxEntry, ts: string, later: boolean): void | Promise<void>;
  /** Given up: `reason` is Slack's error code, or `expired` after `retryForMs`. */
  undelivered(entry: OutboxEntry, reason: string, detail: string): void;
}

export interface OutboxOptions {
  /** How long an answer keeps being retried before it is given up (counted and logged). */
  retryForMs?: number;
  /** How long one replica holds an answer it is delivering before another may take it. */
  leaseMs?: number;
  /** Answers leased per sweep. */
  batch?: number;
}

export interface OutboxDeps {
  guard: StoreGuard;
  now: () => number;
  logger: { debug(msg: string): void; info(msg: string): void; warn(msg: string): void; error(msg: string): void };
  port: DeliveryPort;
  events: OutboxEvents;
}

/** What became of an answer handed to the outbox. */
export type Sent = { kind: "posted"; ts: string } | { kind: "queued" } | { kind: "final"; reason: string };

export interface Outbox {
  /**
   * Writes the answer, then makes the first attempt; a failure that can pass leaves it queued. The first
   * attempt looks for the key before posting when `recheck` says the event may have been answered
   * already (a Slack retry), and whenever the store would not take the answer: without the store, no
   * shared claim kept another replica from answering the same event.
   */
  send(entry: NewOutboxEntry, opts?: { recheck?: boolean }): Promise<Sent>;
  /** Delivers answers that are due (retries, and those whose replica died): one pass. */
  sweep(): Promise<number>;
  /** Answers this process keeps in memory because the store would not take them. */
  pendingInMemory(): number;
}

/** Backoff between attempts: 2 s doubling to 2 minutes, with jitter. */
export function retryDelay(attempt: number): number {
  const exp = Math.min(120_000, 2_000 * 2 ** Math.max(0, attempt - 1));
  return exp / 2 + Math.random() * (exp / 2);
}

export function createOutbox(
  deps: OutboxDeps,
  { retryForMs = 20 * 60_000, leaseMs = 60_000, batch = 20 }: OutboxOptions = {},
): Outbox {
  const { guard, now, logger, port, events } = deps;
  // Answers the store would not take (it is down): still posted and retried, by this process only.
  const memory = new Map<string, { entry: OutboxEntry; nextAt: number; busy: boolean }>();

  async function settle(entry: OutboxEntry, result: Delivery, inMemory: boolean, first: boolean): Promise<Sent> {
    if (result.kind === "posted") {
      memory.delete(entry.key);
      await guard.write(`answer posted ${entry.key}`, (store) => store.answerPosted(entry.key, result.ts));
      await events.posted(entry, result.ts, !first);
      return { kind: "posted", ts: result.ts };
    }
    const expired = now() - entry.createdAt + (result.kind === "retry" ? (result.afterMs ?? 0) : 0) > retryForMs;
    if (result.kind === "final" || expired) {
      const reason = result.reason;
      memory.delete(entry.key);
      await guard.write(`answer undelivered ${entry.key}`, (store) => store.answerUndelivered(entry.key, reason));
      if (result.kind === "final") events.undelivered(entry, reason, reason);
      else events.undelivered(entry, "expired", `gave up after ${entry.attempts} attempts, the last: ${reason}`);
      return { kind: "final", reason };
    }
    const nextAt = now() + Math.max(result.afterMs ?? 0, retryDelay(entry.attempts));
    logger.debug(
      `outbox: answer ${entry.key} attempt ${entry.attempts} failed (${result.reason}); next in ${nextAt - now()} ms`,
    );
    if (inMemory) {
      const held = memory.get(entry.key);
      if (held) Object.assign(held, { nextAt, busy: false });
    } else {
      await guard.write(`answer retry ${entry.key}`, (store) => store.answerRetryAt(entry.key, nextAt, result.reason));
    }
    return { kind: "queued" };
  }

  async function attempt(entry: OutboxEntry, inMemory: boolean, first = false, recheck = false): Promise<Sent> {
    let result: Delivery;
    try {
      result = await port.deliver(entry, recheck || entry.attempts > 1);
    } catch (error) {
      result = { kind: "retry", reason: (error as Error)?.message ?? String(error) };
    }
    return settle(entry, result, inMemory, first);
  }

  return {
    async send(input, { recheck = false } = {}) {
      const entry: OutboxEntry = { ...input, attempts: 1, createdAt: now() };
      const written = await guard.decide(
        `answer write ${input.key}`,
        (store) => store.enqueueAnswer(input, leaseMs).then((inserted) => (inserted ? "new" : "known")),
        () => "memory" as const,
      );
      // Written before (a takeover answering the same event again): its delivery is the store's.
      if (written === "known") return { kind: "queued" };
      if (written === "memory") {
        // The store guard logs the outage once; this is one of its events.
        logger.debug(`outbox: the store did not take answer ${input.key}; retrying it from memory`);
        memory.set(entry.key, { entry, nextAt: 0, busy: true });
      }
      return attempt(entry, written === "memory", true, recheck || written === "memory");
    },
    async sweep() {
      let delivered = 0;
      const at = now();
      for (const held of memory.values()) {
        if (held.busy || held.nextAt > at) continue;
        held.busy = true;
        held.entry = { ...held.entry, attempts: held.entry.attempts + 1 };
        await attempt(held.entry, true);
        delivered++;
      }
      const due = await guard.decide(
        "outbox sweep",
        (store) => store.leaseDueAnswers(leaseMs, batch),
        () => [],
      );
      for (const entry of due) {
        await attempt(entry, false);
        delivered++;
      }
      return delivered;
    },
    pendingInMemory: () => memory.size,
  };
}
