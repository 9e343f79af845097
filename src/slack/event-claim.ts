/**
 * Slack redelivers an event it thinks was missed, to any replica. One delivery at a time is handled,
 * and the event counts as handled only once its answer is out: a failed answer gives the claim
 * back, so the next redelivery gets another try. Without the database this process decides alone.
 */
import type { ListenerDeps } from "./deps.ts";

/** Runs `handle` for the first live delivery of `eventId`; false when another delivery has it. */
export async function handleOnce(
  deps: Pick<ListenerDeps, "guard" | "localClaims">,
  eventId: string,
  handle: () => Promise<void>,
): Promise<boolean> {
  const claimed = await deps.guard.decide(
    `event claim ${eventId}`,
    (store) => store.claimEvent(eventId),
    () => deps.localClaims.claimEvent(eventId),
  );
  if (!claimed) return false;
  try {
    await handle();
  } catch (error) {
    await deps.guard.write(`event release ${eventId}`, (store) => store.releaseEvent(eventId));
    throw error;
  }
  await deps.guard.write(`event done ${eventId}`, (store) => store.completeEvent(eventId));
  return true;
}
