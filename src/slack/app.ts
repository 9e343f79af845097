/**
 * Builds the Bolt app: HTTP (all Slack traffic at POST /slack/events, GET /healthz) or
 * Socket Mode when an app token is configured. SLACK_API_URL reaches both the Web API client
 * and Socket Mode's apps.connections.open.
 */
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { App, LogLevel } from "@slack/bolt";
import type { Config } from "../config.ts";
import { createLocalClaims, guardStore, type StoreGuard } from "../store/index.ts";
import type { ListenerDeps, SlackDeps } from "./deps.ts";
import { healthRoute, startHealthServer } from "./health.ts";
import { registerListeners } from "./listeners.ts";
import { describeSlackError } from "./web-call.ts";

/** Bolt's extended handler (error, body, context); the last overload of app.error. */
type ExtendedErrorHandler = Parameters<App["error"]>[0];

export interface BuiltApp {
  app: App;
  /** The store as the listeners use it: its retry queue is drained before the store closes. */
  guard: StoreGuard;
  start(): Promise<void>;
  stop(): Promise<void>;
  /** The HTTP port actually bound (PORT=0 picks one) once started; in Socket Mode the health server's, if any. */
  port(): number | undefined;
}

const LEVELS: Record<Config["logLevel"], LogLevel> = {
  debug: LogLevel.DEBUG,
  info: LogLevel.INFO,
  warn: LogLevel.WARN,
  error: LogLevel.ERROR,
};

export function buildApp(deps: SlackDeps): BuiltApp {
  const { config } = deps;
  if (config.mode === "console" || !config.slackBotToken) {
    throw new Error("buildApp needs SLACK_BOT_TOKEN (without it rwerror runs the local console)");
  }
  const socketMode = config.mode === "socket";
  // Filled in once Bolt's logger exists; the health route reads the same guard's counters.
  const guardLog = { warn: (m: string) => console.warn(m), error: (m: string) => console.error(m) };
  const guard = deps.guard ?? guardStore(deps.store, { log: guardLog });
  const healthDeps = { ...deps, guard };
  const app = new App({
    token: config.slackBotToken,
    ...(socketMode
      ? { socketMode: true, appToken: config.slackAppToken }
      : { signingSecret: config.slackSigningSecret }),
    // Socket Mode gets its own health server: Bolt's would crash the process on a busy port.
    ...(socketMode ? {} : { endpoints: "/slack/events", port: config.port, customRoutes: [healthRoute(healthDeps)] }),
    ...(deps.logger ? { logger: deps.logger } : { logLevel: LEVELS[config.logLevel] }),
    clientOptions: config.slackApiUrl ? { slackApiUrl: config.slackApiUrl } : {},
    extendedErrorHandler: true,
  });
  guardLog.warn = (m) => app.logger.warn(m);
  guardLog.error = (m) => app.logger.error(m);
  const listenerDeps: ListenerDeps = {
    ...deps,
    logger: app.logger,
    fetch: deps.fetch ?? globalThis.fetch,
    guard,
    localClaims: createLocalClaims(),
  };

  const onError: ExtendedErrorHandler = async ({ error, body, context }) => {
    const b = (body ?? {}) as Record<string, unknown>;
    const kind = String(b.type ?? (b.command ? "command" : "unknown"));
    const event = b.event as Record<string, unknown> | undefined;
    const channel = event?.channel ?? (b.channel as { id?: unknown } | undefined)?.id ?? b.channel_id ?? "-";
    app.logger.error(
      `listener failed: ${describeSlackError((error as { original?: unknown }).original ?? error)} (code=${error.code} kind=${kind} ` +
        `channel=${String(channel)} team=${String(context?.teamId ?? "-")})`,
    );
  };
  app.error(onError);
  registerListeners(app, listenerDeps);

  let server: Server | undefined;
  return {
    app,
    guard,
    start: async () => {
      if (socketMode) {
        await app.start();
        server = await startHealthServer(healthDeps, config.port, app.logger);
        return;
      }
      server = (await app.start(config.port)) as Server;
    },
    stop: async () => {
      if (socketMode && server) {
        const s = server;
        s.closeAllConnections();
        await new Promise<void>((resolve) => s.close(() => resolve()));
      }
      await app.stop();
      server = undefined;
    },
    port: () => {
      const address = server?.address();
      return address && typeof address === "object" ? (address as AddressInfo).port : undefined;
    },
  };
}
