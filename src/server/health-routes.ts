/**
 * GET /livez (the process and its event loop answer), GET /readyz (it can serve Slack; degraded is still
 * ready), /healthz (the same as /readyz, for older checks) and GET /metrics. Bolt serves them as custom
 * routes beside POST /slack/events; Socket Mode, which has no HTTP receiver, gets a server of its own.
 */
import { timingSafeEqual } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { Gauge } from "prom-client";
import type { ListenerDeps } from "../slack/deps.ts";
import { checkHealth, DEGRADED_REASONS, type HealthSource } from "./health.ts";
import { hardenServer } from "./http-guard.ts";
import type { Metrics } from "./metrics.ts";

type Route = { path: string; method: string[]; handler: (req: IncomingMessage, res: ServerResponse) => void };

function hasToken(req: IncomingMessage, token: string | undefined): boolean {
  if (!token) return false;
  const header = req.headers.authorization ?? "";
  const given = Buffer.from(header.startsWith("Bearer ") ? header.slice(7) : "");
  const want = Buffer.from(token);
  return given.length === want.length && timingSafeEqual(given, want);
}

const JSON_TYPE = { "content-type": "application/json; charset=utf-8", "cache-control": "no-store" };

/** Readiness as gauges, read fresh at each scrape: `rwerror_ready` and `rwerror_degraded{reason}`. */
export function registerHealthGauges(metrics: Metrics, src: HealthSource): void {
  let last: { at: number; health: ReturnType<typeof checkHealth> } | undefined;
  // Both gauges are collected in one scrape: one probe (kept a second) serves both.
  const current = () => {
    if (!last || Date.now() - last.at > 1000) last = { at: Date.now(), health: checkHealth(src, false) };
    return last.health;
  };
  new Gauge({
    name: "rwerror_ready",
    help: "1 while the bot can serve Slack (catalog loaded, not shutting down, socket connected)",
    registers: [metrics.registry],
    async collect() {
      this.set((await current()).ok ? 1 : 0);
    },
  });
  new Gauge({
    name: "rwerror_degraded",
    help: "1 for each reason the bot serves degraded (the database slow, locked, full, read-only, replaced, unreachable)",
    labelNames: ["reason"],
    registers: [metrics.registry],
    async collect() {
      const reasons = new Set((await current()).degraded ?? []);
      for (const reason of DEGRADED_REASONS) this.set({ reason }, reasons.has(reason) ? 1 : 0);
    },
  });
}

export function healthRoutes(src: HealthSource, metrics?: Metrics): Route[] {
  const ready = (req: IncomingMessage, res: ServerResponse) => {
    checkHealth(src, hasToken(req, src.deps.config.healthToken)).then(
      (health) => {
        res.writeHead(health.ok ? 200 : 503, JSON_TYPE);
        res.end(JSON.stringify(health));
      },
      () => {
        res.writeHead(503, JSON_TYPE);
        res.end(JSON.stringify({ ok: false, status: "unavailable" }));
      },
    );
  };
  const routes: Route[] = [
    {
      path: "/livez",
      method: ["GET"],
      // Answering at all is the proof: the event loop runs. Nothing here waits on the database.
      handler: (_req, res) => {
        res.writeHead(200, JSON_TYPE);
        res.end(JSON.stringify({ ok: true, status: "alive" }));
      },
    },
    { path: "/readyz", method: ["GET"], handler: ready },
    { path: "/healthz", method: ["GET"], handler: ready },
  ];
  if (metrics) {
    routes.push({
      path: "/metrics",
      method: ["GET"],
      handler: (_req, res) => {
        metrics.registry.metrics().then(
          (text) => {
            res.writeHead(200, { "content-type": metrics.registry.contentType });
            res.end(text);
          },
          () => res.writeHead(500).end(),
        );
      },
    });
  }
  return routes;
}

/**
 * Socket Mode has no HTTP receiver; this serves the health routes and /metrics alone on PORT. A busy
 * port costs only these endpoints (logged), never the bot.
 */
export async function startHealthServer(
  routes: Route[],
  port: number,
  config: Pick<ListenerDeps["config"], "maxConnections" | "maxConnectionsPerClient">,
  logger: Pick<ListenerDeps["logger"], "warn">,
): Promise<Server | undefined> {
  const server = createServer((req, res) => {
    const path = new URL(req.url ?? "/", "http://localhost").pathname;
    const route = routes.find((r) => r.path === path);
    if (req.method === "GET" && route) route.handler(req, res);
    else res.writeHead(404).end();
  });
  hardenServer(server, config.maxConnections, { perClient: config.maxConnectionsPerClient });
  return new Promise((resolve) => {
    server.once("error", (error) => {
      logger.warn(`health endpoint disabled: cannot listen on port ${port} (${error.message})`);
      resolve(undefined);
    });
    server.listen(port, () => resolve(server));
  });
}
