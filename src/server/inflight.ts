/**
 * Handlers still running, so SIGTERM can wait for them before the database closes, and say which
 * ones it gave up on when they outlast the grace period.
 */
export interface InFlight {
  /** Runs `work` as one tracked handler described by `what` (kind, channel). */
  track<T>(what: string, work: () => Promise<T>): Promise<T>;
  size(): number;
  /** Resolves with the handlers still running after `graceMs` (empty when all finished). */
  drain(graceMs: number): Promise<string[]>;
}

export function createInFlight(now: () => number = Date.now): InFlight {
  const running = new Map<number, { what: string; since: number }>();
  let next = 0;
  let idle: (() => void) | undefined;
  return {
    track: async (what, work) => {
      const id = next++;
      running.set(id, { what, since: now() });
      try {
        return await work();
      } finally {
        running.delete(id);
        if (running.size === 0) idle?.();
      }
    },
    size: () => running.size,
    drain: (graceMs) =>
      new Promise((resolve) => {
        const report = () =>
          [...running.values()].map((r) => `${r.what} (running ${Math.round((now() - r.since) / 1000)} s)`);
        if (running.size === 0) return resolve([]);
        const timer = setTimeout(() => {
          idle = undefined;
          resolve(report());
        }, graceMs);
        idle = () => {
          clearTimeout(timer);
          idle = undefined;
          resolve([]);
        };
      }),
  };
}

/** `event message channel=C0123`, `command /rwerror channel=C0123`, `block_actions channel=…`. */
export function describeRequest(body: unknown): string {
  const b = (typeof body === "object" && body !== null ? body : {}) as Record<string, unknown>;
  const event = b.event as Record<string, unknown> | undefined;
  const kind = event
    ? `event ${String(event.type ?? "?")}`
    : b.command
      ? `command ${String(b.command)}`
      : String(b.type ?? "unknown");
  const channel = event?.channel ?? (b.channel as { id?: unknown } | undefined)?.id ?? b.channel_id;
  return channel ? `${kind} channel=${String(channel)}` : kind;
}
