/**
 * One log line per Slack event handled (auto-reply, @-mention), at info, through pino's object API:
 * `{"event_id":"Ev…","team":"T…","channel":"C…","kind":"message","verdict":"answer",
 * "record_id":"…","outcome":"card","ms":42,"msg":"event handled"}`. A handler that threw logs the
 * same line at error with `err` (type, message, stack). The paste itself is never logged.
 */
import type { Logger } from "@slack/bolt";
import type { AnswerOutcome } from "../answer/index.ts";

export interface EventSeen {
  eventId: string;
  team: string | undefined;
  channel: string;
  kind: string;
}

/** Runs `handle` (which reports its outcome through `set`) and logs how it ended. */
export async function loggedEvent(
  logger: Logger,
  seen: EventSeen,
  handle: (set: (outcome: AnswerOutcome | "no-error-found") => void) => Promise<boolean>,
): Promise<void> {
  const t0 = performance.now();
  let outcome: AnswerOutcome | "no-error-found" | undefined;
  const fields = () => ({
    event_id: seen.eventId,
    team: seen.team ?? null,
    channel: seen.channel,
    kind: seen.kind,
    verdict: typeof outcome === "object" ? (outcome.verdict ?? null) : null,
    record_id: typeof outcome === "object" ? (outcome.recordId ?? null) : null,
    ms: Math.round(performance.now() - t0),
  });
  try {
    const handled = await handle((o) => {
      outcome = o;
    });
    const ended = !handled ? "duplicate" : typeof outcome === "object" ? outcome.kind : (outcome ?? "done");
    logger.info({ ...fields(), outcome: ended }, "event handled");
  } catch (error) {
    logger.error({ ...fields(), outcome: "failed", err: error }, "event failed");
    throw error;
  }
}
