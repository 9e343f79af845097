/**
 * Builds the Bolt app: HTTP (all Slack traffic at POST /slack/events; GET /livez, /readyz, /healthz and
 * /metrics) or Socket Mode when an app token is configured. SLACK_API_URL reaches both the Web API client
 * and Socket Mode's apps.connections.open.
 */
import type { EventEmitter } from "node:events";
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { App, LogLevel } from "@slack/bolt";
import type { Catalog } from "../catalog/index.ts";
import type { Config } from "../config.ts";
import type { Matcher, MatchFailure } from "../matcher/types.ts";
import type { HealthSource } from "../server/health.ts";
import { healthRoutes, registerHealthGauges, startHealthServer } from "../server/health-routes.ts";
import { guardSlackRequests, hardenServer } from "../server/http-guard.ts";
import { createInFlight, describeRequest } from "../server/inflight.ts";
import {
  countingFetch,
  createMetrics,
  instrumentMatcher,
  type Metrics,
  registerStoreStats,
} from "../server/metrics.ts";
import { createReplayGuard } from "../server/replay.ts";
import { createLocalClaims, createLocalMutes, guardStore, type StoreGuard } from "../store/index.ts";
import { createChannelAccess } from "./access.ts";
import { createSlackOutbox } from "./answer-outbox.ts";
import { SLACK_CLIENT_POLICY } from "./client-policy.ts";
import type { ListenerDeps, SlackDeps } from "./deps.ts";
import { registerListeners } from "./listeners/index.ts";
import { createLogger } from "./log.ts";
import { takeOverUnfinished } from "./takeover.ts";
import { describeSlackError } from "./web-call.ts";

const LEVELS: Record<Config["logLevel"], LogLevel> = {
  debug: LogLevel.DEBUG,
  info: LogLevel.INFO,
  warn: LogLevel.WARN,
  error: LogLevel.ERROR,
};

/** How often the mutes in force are re-read for the outage fallback. */
const MUTES_EVERY_MS = 10_000;

/** Bolt's extended handler (error, body, context); the last overload of app.error. */
type ExtendedErrorHandler = Parameters<App["error"]>[0];

export { SLACK_CLIENT_POLICY } from "./client-policy.ts";

export interface BuiltApp {
  app: App;
  metrics: Metrics;
  /** The store as the listeners use it: its retry queue is drained before the store closes. */
  guard: StoreGuard;
  start(): Promise<void>;
  /** Stops taking work and waits up to `graceMs` for running handlers; returns the ones abandoned. */
  drain(graceMs: number): Promise<string[]>;
  stop(): Promise<void>;
  /** Serves another catalog from the next request on (SIGHUP, a changed data file). */
  swapCatalog(catalog: Catalog, matcher: Matcher): void;
  /** The HTTP port actually bound (PORT=0 picks one) once started; in Socket Mode the health server's, if any. */
  port(): number | undefined;
}

function kindOf(body: unknown): string {
  const b = (typeof body === "object" && body !== null ? body : {}) as Record<string, unknown>;
  if (b.command) return "command";
  if (b.event) return "event";
  return typeof b.type === "string" ? b.type : "unknown";
}

function isStoreError(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === "string" && (code.startsWith("SQLITE_") || /^[0-9A-Z]{5}$/.test(code));
}

export function buildApp(deps: SlackDeps): BuiltApp {
  const { config } = deps;
  if (config.mode === "console" || !config.slackBotToken) {
    throw new Error("buildApp needs SLACK_BOT_TOKEN (without it rwerror runs the local console)");
  }
  const socketMode = config.mode === "socket";
  const logger = deps.logger ?? createLogger(config);
  let draining = false;
  // Writes that never land are logged by the guard and counted in its stats (/readyz, /metrics).
  const guard =
    deps.guard ??
    guardStore(deps.store, {
      log: {
        info: (m) => listenerDeps.logger.info(m),
        warn: (m) => listenerDeps.logger.warn(m),
        error: (m) => listenerDeps.logger.error(m),
      },
    });
  // The metrics' catalog gauge reads whatever is being served.
  const metrics = createMetrics(() => listenerDeps.catalog);
  registerStoreStats(metrics, () => guard.stats());
  const answers = createSlackOutbox(config, { guard, now: deps.now, log: () => listenerDeps.logger, metrics });
  const listenerDeps: ListenerDeps = {
    ...deps,
    logger,
    fetch: deps.fetch ?? globalThis.fetch,
    guard,
    localClaims: createLocalClaims(),
    localMutes: createLocalMutes(),
    outbox: answers.outbox,
    resumers: new Map(),
    // The client is read when a listener first asks, after the App below exists.
    access: createChannelAccess(() => app.client, config.admins, deps.now, {
      info: (m) => listenerDeps.logger.info(m),
    }),
  };
  // The paste's size and shape only: the paste itself may hold secrets and is never logged.
  const matcherFailed = (f: MatchFailure) =>
    listenerDeps.logger.warn(
      `matcher failed in stage ${f.stage} (${f.error}) on a ${f.shape} paste of ${f.inputBytes} bytes, ${f.lines} lines; answered as no match`,
    );
  listenerDeps.matcher = instrumentMatcher(deps.matcher, metrics, matcherFailed);
  // Socket Mode is ready only while its socket is open (set from the client's lifecycle events below).
  let socketConnected = false;
  const health: HealthSource = {
    deps: listenerDeps,
    draining: () => draining,
    guard,
    ...(socketMode ? { connected: () => socketConnected } : {}),
  };
  registerHealthGauges(metrics, health);
  const routes = healthRoutes(health, metrics);

  const app = new App({
    token: config.slackBotToken,
    ...(socketMode
      ? { socketMode: true, appToken: config.slackAppToken }
      : { signingSecret: config.slackSigningSecret }),
    // Socket Mode gets its own health server: Bolt's would crash the process on a busy port.
    ...(socketMode ? {} : { endpoints: "/slack/events", port: config.port, customRoutes: routes }),
    logger,
    logLevel: LEVELS[config.logLevel],
    clientOptions: {
      ...(config.slackApiUrl ? { slackApiUrl: config.slackApiUrl } : {}),
      ...SLACK_CLIENT_POLICY,
      retryConfig: { ...SLACK_CLIENT_POLICY.retryConfig },
      fetch: countingFetch(globalThis.fetch, metrics),
    },
    extendedErrorHandler: true,
  });
  listenerDeps.logger = app.logger;
  if (socketMode) {
    // Bolt keeps its Socket Mode client on the (private) receiver; its lifecycle events are public.
    const client = (app as unknown as { receiver?: { client?: EventEmitter } }).receiver?.client;
    client?.on("connected", () => {
      socketConnected = true;
    });
    for (const state of ["disconnected", "reconnecting"]) {
      client?.on(state, () => {
        socketConnected = false;
      });
    }
  }

  const onError: ExtendedErrorHandler = async ({ error, body, context }) => {
    const original = (error as { original?: unknown }).original ?? error;
    if (isStoreError(original)) metrics.storeWriteFailures.inc();
    const b = (body ?? {}) as Record<string, unknown>;
    const kind = String(b.type ?? (b.command ? "command" : "unknown"));
    const event = b.event as Record<string, unknown> | undefined;
    const channel = event?.channel ?? (b.channel as { id?: unknown } | undefined)?.id ?? b.channel_id ?? "-";
    // `err` keeps the stack (pino's serialiser, scrubbed like every field); the message says it in one line.
    app.logger.error(
      { err: original, kind, channel: String(channel), team: context?.teamId ?? null },
      `listener failed: ${describeSlackError(original)} (code=${error.code} kind=${kind} ` +
        `channel=${String(channel)} team=${String(context?.teamId ?? "-")})`,
    );
  };
  app.error(onError);

  const replayed = createReplayGuard(deps.now);
  const inflight = createInFlight(deps.now);
  app.use(async (args) => {
    const { body, next } = args;
    metrics.eventsReceived.inc({ kind: kindOf(body) });
    const b = body as unknown as Record<string, unknown>;
    if (typeof b.command === "string" && typeof b.trigger_id === "string" && replayed(b.trigger_id)) {
      app.logger.info(`slash command replay answered once: ${b.command} channel=${String(b.channel_id ?? "-")}`);
      await (args as { ack?: () => Promise<void> }).ack?.();
      return;
    }
    await inflight.track(describeRequest(body), next);
  });
  registerListeners(app, listenerDeps);

  let mutesReadAt = Number.NEGATIVE_INFINITY;
  const refreshMutes = async () => {
    if (deps.now() - mutesReadAt < MUTES_EVERY_MS) return;
    const mutes = await guard.decide(
      "mutes",
      (store) => store.activeMutes(undefined, deps.now()),
      () => undefined,
    );
    if (!mutes) return;
    listenerDeps.localMutes.replace(mutes);
    mutesReadAt = deps.now();
  };

  let server: Server | undefined;
  let stopped = false;
  const stopReceiving = async () => {
    if (stopped) return;
    stopped = true;
    if (socketMode && server) {
      const s = server;
      s.closeAllConnections();
      await new Promise<void>((resolve) => s.close(() => resolve()));
    }
    if (!socketMode) server?.closeAllConnections();
    // Bolt's stop waits for open connections; a client that never finishes must not hold shutdown.
    await Promise.race([app.stop(), new Promise((resolve) => setTimeout(resolve, 2_000).unref())]);
  };
  return {
    app,
    guard,
    metrics,
    start: async () => {
      if (socketMode) {
        await app.start();
        server = await startHealthServer(routes, config.port, config, app.logger);
      } else {
        server = (await app.start(config.port)) as Server;
        // The guard replaces the server's request listeners; hardenServer's, added after, run first.
        guardSlackRequests(server, {
          path: "/slack/events",
          draining: () => draining,
          logger: app.logger,
          signingSecret: config.slackSigningSecret,
          onAck: (seconds) => metrics.ackSeconds.observe(seconds),
        });
        hardenServer(server, config.maxConnections, { perClient: config.maxConnectionsPerClient });
      }
      // Retries of answers Slack would not take, events a dead replica left unanswered, and the mutes
      // re-read now and then so they hold through an outage.
      answers.start(() => Promise.all([takeOverUnfinished(listenerDeps), refreshMutes()]));
    },
    drain: async (graceMs) => {
      draining = true;
      // Socket Mode takes no new events once disconnected; HTTP answers 503 until the server closes.
      if (socketMode) await stopReceiving();
      return inflight.drain(graceMs);
    },
    stop: async () => {
      draining = true;
      await stopReceiving();
      server = undefined;
      // Answers still waiting stay in the store: the next start, or another replica, posts them.
      await answers.stop();
    },
    swapCatalog: (catalog, matcher) => {
      listenerDeps.catalog = catalog;
      listenerDeps.matcher = instrumentMatcher(matcher, metrics, matcherFailed);
    },
    port: () => {
      const address = server?.address();
      return address && typeof address === "object" ? (address as AddressInfo).port : undefined;
    },
  };
}
