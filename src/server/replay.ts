/**
 * A slash command replayed with the same trigger_id (a proxy or client resending the request) is
 * answered once. Slack gives each invocation its own trigger_id, valid for 3 s to open a modal;
 * ten minutes of memory covers any replay worth catching. Per process: replicas behind a load
 * balancer each remember their own.
 */
const TTL_MS = 10 * 60_000;
const MAX_REMEMBERED = 10_000;

export function createReplayGuard(now: () => number = Date.now): (triggerId: string) => boolean {
  const seen = new Map<string, number>();
  return (triggerId) => {
    const t = now();
    // Oldest first (insertion order): forget what expired, and never grow without bound.
    for (const [id, at] of seen) {
      if (t - at < TTL_MS && seen.size < MAX_REMEMBERED) break;
      seen.delete(id);
    }
    if (seen.has(triggerId)) return true;
    seen.set(triggerId, t);
    return false;
  };
}
