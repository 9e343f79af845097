/**
 * The outbox as the Slack app runs it: delivered through its own one-try Web API client, its depth in
 * /metrics, and one background loop (every couple of seconds) that retries due answers and takes over
 * events whose replica died, here or on any other replica sharing the database.
 */
import { createOutbox, type Outbox } from "../answer/index.ts";
import type { Config } from "../config.ts";
import { countingFetch, type Metrics, registerOutboxDepth } from "../server/metrics.ts";
import type { StoreGuard } from "../store/index.ts";
import { deliveryClient, slackDelivery } from "./delivery.ts";

interface OutboxLog {
  debug(msg: string): void;
  info(msg: string): void;
  warn(msg: string): void;
  error(msg: string): void;
}

export interface SlackOutbox {
  outbox: Outbox;
  /** Runs `sweep` (the outbox's and the caller's extra work) every `everyMs` until stopped. */
  start(extra: () => Promise<unknown>): void;
  stop(): Promise<void>;
}

export function createSlackOutbox(
  config: Pick<Config, "slackBotToken" | "slackApiUrl" | "leaseMs" | "answerRetryMs">,
  deps: { guard: StoreGuard; now: () => number; log: () => OutboxLog; metrics: Metrics },
  { everyMs = 2_000 }: { everyMs?: number } = {},
): SlackOutbox {
  const { guard, metrics } = deps;
  const client = deliveryClient(config.slackBotToken ?? "", {
    slackApiUrl: config.slackApiUrl,
    fetch: countingFetch(globalThis.fetch, metrics),
  });
  const log: OutboxLog = {
    debug: (m) => deps.log().debug(m),
    info: (m) => deps.log().info(m),
    warn: (m) => deps.log().warn(m),
    error: (m) => deps.log().error(m),
  };
  const outbox = createOutbox(
    {
      guard,
      now: deps.now,
      logger: log,
      port: slackDelivery(client),
      events: {
        posted: async (entry, ts, later) => {
          metrics.answersPosted.inc();
          if (entry.attempts > 1) log.info(`outbox: answer ${entry.key} posted after ${entry.attempts} attempts`);
          const reply = entry.replyKey;
          // The sender keeps the ts of its own first attempt; a later delivery tells the reply claim itself.
          if (later && reply) await guard.write("reply ts", (store) => store.setReplyTs(reply, ts));
        },
        undelivered: (entry, reason, detail) => {
          metrics.answersUndelivered.inc({ reason });
          log.error(`outbox: answer ${entry.key} not delivered (${detail}) channel=${entry.channelId}`);
        },
      },
    },
    { retryForMs: config.answerRetryMs, leaseMs: config.leaseMs },
  );

  registerOutboxDepth(metrics, async () => {
    const stored = await guard.decide(
      "outbox depth",
      (store) => store.outboxDepth(),
      () => 0,
    );
    return stored + outbox.pendingInMemory();
  });

  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> | undefined;
  return {
    outbox,
    start(extra) {
      if (timer) return;
      const tick = () => {
        if (running) return;
        running = Promise.allSettled([outbox.sweep(), extra()]).finally(() => {
          running = undefined;
        });
      };
      timer = setInterval(tick, everyMs);
      timer.unref();
      tick();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = undefined;
      await running;
    },
  };
}
