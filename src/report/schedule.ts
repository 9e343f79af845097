import { Cron } from "croner";
import type { Catalog } from "../catalog/index.ts";
import type { Store } from "../store/index.ts";
import { type DigestPostResult, type PostDigest, postDigestOnce } from "./digest-post.ts";
import { anyOccurrenceBefore } from "./stats.ts";
import { digestTargetAt } from "./weekly.ts";

/** Console and Bolt's logger both fit. */
export interface SchedulerLog {
  info(...args: unknown[]): void;
  warn(...args: unknown[]): void;
  error(...args: unknown[]): void;
}

const DAY_MS = 86_400_000;

export interface DigestSchedulerOptions {
  store: Store;
  catalog: Catalog;
  /** RWERROR_DIGEST_CRON */
  cron?: string;
  /** RWERROR_TZ: the cron's zone and the zone of digest weeks and days. */
  tz?: string;
  /** RWERROR_DIGEST_CHANNEL; without it only retention runs. */
  channel?: string | undefined;
  post?: PostDigest | undefined;
  now?: () => number;
  log?: SchedulerLog;
  /** RWERROR_RETENTION_DAYS */
  retentionDays?: number;
  /** When the daily retention prune runs (in `tz`). */
  pruneCron?: string;
}

export interface DigestScheduler {
  stop(): void;
  /** Posts the digest of the latest scheduled slot if nobody posted it (the bot was down), and prunes. */
  runMissed(): Promise<void>;
  /** Runs the digest as the cron would at that instant (the cron's callback). */
  runDue(at: number): Promise<DigestPostResult | undefined>;
  /** Retention: old occurrences, seen event ids and reply bookkeeping. */
  prune(): Promise<void>;
}

export function startDigestScheduler({
  store,
  catalog,
  cron = "0 9 * * 1",
  tz = "UTC",
  channel,
  post,
  now = Date.now,
  log = console,
  retentionDays = 365,
  pruneCron = "17 3 * * *",
}: DigestSchedulerOptions): DigestScheduler {
  const digestEnabled = Boolean(channel && post);
  // Created even without a channel: it validates the pattern and answers previousRuns().
  const digestJob = new Cron(cron, { timezone: tz, protect: true, unref: true });

  async function runDue(at: number): Promise<DigestPostResult | undefined> {
    if (!channel || !post) return undefined;
    const result = await postDigestOnce({ store, catalog, channel, post }, digestTargetAt(at, tz));
    if (result.status === "posted") log.info(`rwerror: weekly digest ${result.periodKey} posted to ${channel}`);
    else log.info(`rwerror: weekly digest ${result.periodKey} was already claimed; not posting again`);
    return result;
  }

  async function prune(): Promise<void> {
    const at = now();
    // Range deletes by time: replicas pruning at once delete the same rows without conflict.
    const { occurrences, events, replies } = await store.prune({
      occurrencesBefore: at - retentionDays * DAY_MS,
      eventsBefore: at - DAY_MS,
      repliesBefore: at - 30 * DAY_MS,
    });
    if (occurrences + events + replies > 0) {
      log.info(`rwerror: retention pruned ${occurrences} occurrences, ${events} event ids, ${replies} replies`);
    }
  }

  const onError = (what: string) => (error: unknown) => log.error(`rwerror: ${what} failed:`, error);
  if (digestEnabled) digestJob.schedule(() => runDue(now()).then(() => undefined, onError("scheduled digest")));
  const pruneJob = new Cron(pruneCron, { timezone: tz, protect: true, unref: true }, () =>
    prune().catch(onError("retention prune")),
  );

  async function runMissed(): Promise<void> {
    await prune();
    if (!digestEnabled) return;
    const [slot] = digestJob.previousRuns(1, new Date(now()));
    if (!slot) return;
    const target = digestTargetAt(slot.getTime(), tz);
    if ((await store.getDigest(target.periodKey))?.postedAt) return;
    // A fresh install has nothing to report on for a slot before its first logged error.
    if (!(await anyOccurrenceBefore(store, slot.getTime()))) return;
    log.info(`rwerror: digest ${target.periodKey} was due ${slot.toISOString()} and not posted; posting now`);
    await runDue(slot.getTime());
  }

  return {
    stop() {
      digestJob.stop();
      pruneJob.stop();
    },
    runMissed,
    runDue,
    prune,
  };
}
