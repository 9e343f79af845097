/**
 * Events acknowledged by a replica that died before finishing them: Slack never redelivers an acked
 * event, so a sweep finds claims left unfinished past their lease and answers them from the payload
 * stored with the claim. The takeover is the same atomic claim a redelivery makes, so of several
 * replicas sweeping at once one answers; its reply claims carry the event's key, so the answer the dead
 * replica may have half-made is found, not doubled.
 */
import { handleOnce } from "../answer/index.ts";
import type { ListenerDeps } from "./deps.ts";

type TakeoverDeps = Pick<ListenerDeps, "guard" | "localClaims" | "resumers" | "now" | "logger"> & {
  config: Pick<ListenerDeps["config"], "leaseMs">;
};

/** One pass; resolves to how many events it answered. */
export async function takeOverUnfinished(deps: TakeoverDeps, limit = 20): Promise<number> {
  const leaseMs = deps.config.leaseMs;
  const unfinished = await deps.guard.decide(
    "unfinished events",
    (store) => store.unfinishedEvents(deps.now() - leaseMs, limit),
    () => [],
  );
  let answered = 0;
  for (const { eventId, payload } of unfinished) {
    let parsed: Record<string, unknown> | undefined;
    try {
      const value: unknown = JSON.parse(payload);
      if (typeof value === "object" && value !== null && !Array.isArray(value))
        parsed = value as Record<string, unknown>;
    } catch {
      parsed = undefined;
    }
    const resume = parsed ? deps.resumers.get(String(parsed.kind)) : undefined;
    if (!parsed || !resume) {
      // Nothing can answer it (a payload from a newer release, or damaged): finish it, once, loudly.
      deps.logger.warn(`takeover: event ${eventId} has no usable payload; not answered`);
      await deps.guard.write(`event done ${eventId}`, (store) => store.completeEvent(eventId));
      continue;
    }
    const event = parsed;
    const took = await handleOnce(deps, eventId, () => resume(event, eventId), { staleMs: leaseMs }).catch(
      (error: unknown) => {
        deps.logger.warn(`takeover: event ${eventId} failed again (${(error as Error)?.message ?? error})`);
        return false;
      },
    );
    if (took) {
      answered++;
      deps.logger.info(
        `takeover: answered event ${eventId} (kind=${String(event.kind)}) left unfinished by another handler`,
      );
    }
  }
  return answered;
}
