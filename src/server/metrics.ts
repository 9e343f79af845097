/**
 * GET /metrics (Prometheus text, prom-client). One registry per app (no global default registry:
 * tests build several apps in one process). The matcher and the Web API client's fetch are wrapped,
 * so the listeners need no metrics code.
 */
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from "prom-client";
import type { Catalog } from "../catalog/index.ts";
import type { Matcher, MatchFailure } from "../matcher/types.ts";
import type { WriteStats } from "../store/index.ts";

export interface Metrics {
  registry: Registry;
  eventsReceived: Counter<"kind">;
  answers: Counter<"verdict">;
  matchSeconds: Histogram;
  slackApiErrors: Counter<"code">;
  storeWriteFailures: Counter;
  matcherFailures: Counter<"stage" | "shape">;
  /** Answers that reached Slack (auto-replies, mentions: through the outbox). */
  answersPosted: Counter;
  /** Answers given up on: Slack's permanent error code, or `expired` after the retry window. */
  answersUndelivered: Counter<"reason">;
  /** HTTP mode: from a Slack request's headers to the end of its 2xx response (Slack waits 3 s). */
  ackSeconds: Histogram;
}

export function createMetrics(catalog: () => Catalog): Metrics {
  const registry = new Registry();
  const metrics: Metrics = {
    registry,
    eventsReceived: new Counter({
      name: "rwerror_events_received_total",
      help: "Slack requests received, by kind (event, command, block_actions, view_submission, …)",
      labelNames: ["kind"],
      registers: [registry],
    }),
    answers: new Counter({
      name: "rwerror_answers_total",
      help: "Pastes matched, by verdict (answer, candidates, none); posted answers are rwerror_answers_posted_total",
      labelNames: ["verdict"],
      registers: [registry],
    }),
    matchSeconds: new Histogram({
      name: "rwerror_match_duration_seconds",
      help: "Time to match one paste",
      buckets: [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 1],
      registers: [registry],
    }),
    slackApiErrors: new Counter({
      name: "rwerror_slack_api_errors_total",
      help: "Slack Web API calls that failed, by error code (not_in_channel, http_503, network, …)",
      labelNames: ["code"],
      registers: [registry],
    }),
    storeWriteFailures: new Counter({
      name: "rwerror_store_write_failures_total",
      help: "Slack listeners that failed on a database error (writes the guard queued or lost: rwerror_store_writes_*)",
      registers: [registry],
    }),
    matcherFailures: new Counter({
      name: "rwerror_matcher_failures_total",
      help: "Pastes the matcher failed on (answered as no match), by stage and paste shape",
      labelNames: ["stage", "shape"],
      registers: [registry],
    }),
    answersPosted: new Counter({
      name: "rwerror_answers_posted_total",
      help: "Answers to Slack events that reached Slack (each once, however many attempts it took)",
      registers: [registry],
    }),
    answersUndelivered: new Counter({
      name: "rwerror_answers_undelivered_total",
      help: "Answers given up on, by reason (Slack's permanent error code, or expired after the retry window)",
      labelNames: ["reason"],
      registers: [registry],
    }),
    ackSeconds: new Histogram({
      name: "rwerror_ack_duration_seconds",
      help: "HTTP mode: from a Slack request's headers to the end of its 2xx answer (Slack gives up after 3 s)",
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2, 3, 5],
      registers: [registry],
    }),
  };
  // process_cpu_seconds_total, process_resident_memory_bytes, nodejs_eventloop_lag_seconds, nodejs_heap_*, …
  collectDefaultMetrics({ register: registry });
  new Gauge({
    name: "rwerror_catalog_records",
    help: "Records in the catalog being served",
    registers: [registry],
    collect() {
      this.set(catalog().records.length);
    },
  });
  return metrics;
}

/**
 * The store guard's counters, read at each scrape: writes queued for a retry, writes lost (counted the
 * moment they are given up), decisions taken without the database, and outages (each logged once).
 */
export function registerStoreStats(metrics: Metrics, stats: () => WriteStats): void {
  const counter = (name: string, help: string, read: (s: WriteStats) => number) =>
    new Counter({
      name,
      help,
      registers: [metrics.registry],
      collect() {
        // A counter mirrored from the guard's own tally, which only grows.
        this.reset();
        this.inc(read(stats()));
      },
    });
  counter("rwerror_store_writes_lost_total", "Database writes given up on (lost)", (s) => s.failed);
  counter(
    "rwerror_store_fallbacks_total",
    "Decisions taken without the database (it failed or was slow)",
    (s) => s.fallbacks,
  );
  counter("rwerror_store_outages_total", "Times the database stopped answering", (s) => s.outages);
  new Gauge({
    name: "rwerror_store_writes_pending",
    help: "Database writes queued for a retry",
    registers: [metrics.registry],
    collect() {
      this.set(stats().pending);
    },
  });
}

/** `rwerror_outbox_depth`: answers written and not yet posted nor given up, read at each scrape. */
export function registerOutboxDepth(metrics: Metrics, depth: () => Promise<number>): void {
  new Gauge({
    name: "rwerror_outbox_depth",
    help: "Answers written and not yet posted nor given up (in the database, plus any held in memory)",
    registers: [metrics.registry],
    async collect() {
      this.set(await depth());
    },
  });
}

/**
 * The same matcher, timing each match and counting its verdict; a paste the matcher failed on is
 * counted by stage and shape and reported to `onFailure` (its size and shape only, never its text).
 */
export function instrumentMatcher(
  matcher: Matcher,
  metrics: Metrics,
  onFailure: (failure: MatchFailure) => void = () => undefined,
): Matcher {
  return {
    ...matcher,
    match: (...args: Parameters<Matcher["match"]>) => {
      const end = metrics.matchSeconds.startTimer();
      const result = matcher.match(...args);
      end();
      metrics.answers.inc({ verdict: result.verdict });
      if (result.failure) {
        metrics.matcherFailures.inc({ stage: result.failure.stage, shape: result.failure.shape });
        onFailure(result.failure);
      }
      return result;
    },
  };
}

/** A fetch for the Web API client that counts failed calls by Slack's error code. */
export function countingFetch(base: typeof fetch, metrics: Metrics): typeof fetch {
  return async (input, init) => {
    let res: Response;
    try {
      res = await base(input, init);
    } catch (error) {
      const name = (error as { name?: unknown }).name;
      metrics.slackApiErrors.inc({ code: name === "AbortError" || name === "TimeoutError" ? "timeout" : "network" });
      throw error;
    }
    if (!res.ok) {
      metrics.slackApiErrors.inc({ code: `http_${res.status}` });
      return res;
    }
    if ((res.headers.get("content-type") ?? "").includes("json")) {
      res
        .clone()
        .json()
        .then((body: unknown) => {
          const b = body as { ok?: unknown; error?: unknown };
          if (b && b.ok === false)
            metrics.slackApiErrors.inc({ code: typeof b.error === "string" ? b.error : "unknown" });
        })
        .catch(() => undefined);
    }
    return res;
  };
}
