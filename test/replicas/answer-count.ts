/** Shared by the fault tests: send events to a bot process, count the answers Slack really holds. */
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { fakeRecord } from "../report/fixtures.ts";
import type { FakeSlack } from "../support/fake-slack.ts";
import { messageEvent } from "../support/payloads.ts";
import { postEvent } from "../support/signing.ts";

export const FAULT_RECORD = fakeRecord("rec-slack-fault-1", "slack fault test failure in the stream manager");
export const FAULT_PASTE = `ERROR:  Failed to run the query\n\nCaused by:\n  ${FAULT_RECORD.errorMessage}`;

/** The one-record catalog the fault tests serve. */
export function writeFaultCatalog(dir: string): string {
  const data = join(dir, "records.jsonl");
  writeFileSync(data, JSON.stringify({ record: FAULT_RECORD, datasetVersion: "faults" }));
  return data;
}

export interface SentEvent {
  eventId: string;
  ts: string;
  envelope: Record<string, unknown>;
  /** Slack's view: the bot answered 200 in time. */
  acked: boolean;
}

/**
 * Sends `n` events, each a new thread, `spacingMs` apart; with `overlap` each is sent without waiting for
 * the ack of the one before (as Slack does when several people paste at once). A refused connection is
 * not an ack.
 */
export async function sendEvents(
  eventsUrl: string,
  channel: string,
  n: number,
  spacingMs = 0,
  { overlap = false }: { overlap?: boolean } = {},
): Promise<SentEvent[]> {
  const sends: Promise<SentEvent>[] = [];
  for (let i = 0; i < n; i++) {
    const { envelope, eventId, ts } = messageEvent({ channel, text: FAULT_PASTE });
    const send = postEvent(eventsUrl, envelope).then(
      (r) => ({ eventId, ts, envelope, acked: r.status === 200 }),
      () => ({ eventId, ts, envelope, acked: false }),
    );
    sends.push(send);
    if (!overlap) await send;
    if (spacingMs > 0) await new Promise((r) => setTimeout(r, spacingMs));
  }
  return Promise.all(sends);
}

export interface AnswerCount {
  events: number;
  acked: number;
  /** Acked events with at least one answer in their thread. */
  answered: number;
  /** Answers beyond the first in a thread. */
  duplicates: number;
  /** Acked events without an answer. */
  lost: number;
}

/** What Slack holds: messages the bot posted in each event's thread (whatever their responses did). */
export function countAnswers(fake: FakeSlack, channel: string, sent: readonly SentEvent[]): AnswerCount {
  const perThread = new Map<string, number>();
  for (const m of fake.messages) {
    if (m.channel === channel && m.threadTs) perThread.set(m.threadTs, (perThread.get(m.threadTs) ?? 0) + 1);
  }
  const acked = sent.filter((s) => s.acked);
  const answered = acked.filter((s) => (perThread.get(s.ts) ?? 0) > 0).length;
  let duplicates = 0;
  for (const n of perThread.values()) duplicates += Math.max(0, n - 1);
  return { events: sent.length, acked: acked.length, answered, duplicates, lost: acked.length - answered };
}

/** Polls GET /readyz every `everyMs` until stopped; the statuses it saw. */
export function watchReadiness(port: () => number, everyMs = 500): { stop(): Promise<number[]> } {
  const statuses: number[] = [];
  let running = true;
  const loop = (async () => {
    while (running) {
      statuses.push(
        await fetch(`http://127.0.0.1:${port()}/readyz`, { signal: AbortSignal.timeout(5_000) }).then(
          (r) => r.status,
          () => 0,
        ),
      );
      await new Promise((r) => setTimeout(r, everyMs));
    }
  })();
  return {
    stop: async () => {
      running = false;
      await loop;
      return statuses;
    },
  };
}
