/**
 * GET /healthz and GET /metrics. Health is 503 when the bot cannot do its job: the database cannot
 * take a write, the catalog is empty, or the process is shutting down. Without the health token the
 * body says only ok/not ok (the dataset version and database errors are for operators).
 */
import { timingSafeEqual } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { ListenerDeps } from "../slack/deps.ts";
import type { StoreGuard, StoreKind, WriteStats } from "../store/index.ts";
import { hardenServer } from "./http-guard.ts";
import type { Metrics } from "./metrics.ts";

export interface Health {
  ok: boolean;
  status: "ok" | "unavailable";
  records?: number;
  datasetVersion?: string | null;
  db?: string;
  /** sqlite or postgres. */
  store?: StoreKind;
  /** Writes waiting for a retry, retried, lost; claims decided without the database. */
  writes?: WriteStats;
  problems?: string[];
}

export interface HealthSource {
  deps: Pick<ListenerDeps, "catalog" | "store" | "config">;
  metrics?: Metrics;
  draining?: () => boolean;
  guard?: StoreGuard;
}

export async function checkHealth(src: HealthSource, detailed = true): Promise<Health> {
  const { catalog, store } = src.deps;
  const problems: string[] = [];
  // A write that is rolled back (SQLite) or a read-only check (PostgreSQL): reachable and writable.
  const probe = await store.health();
  if (!probe.ok) problems.push(`database cannot be written (${probe.error ?? "unavailable"})`);
  if (catalog.records.length === 0) problems.push("catalog is empty");
  if (src.draining?.()) problems.push("shutting down");
  const ok = problems.length === 0;
  const status = ok ? "ok" : "unavailable";
  if (!detailed) return { ok, status };
  return {
    ok,
    status,
    records: catalog.records.length,
    datasetVersion: catalog.datasetVersion,
    db: probe.ok ? "ok" : (probe.error ?? "unavailable"),
    store: probe.kind,
    ...(src.guard ? { writes: src.guard.stats() } : {}),
    problems,
  };
}

function hasToken(req: IncomingMessage, token: string | undefined): boolean {
  if (!token) return false;
  const header = req.headers.authorization ?? "";
  const given = Buffer.from(header.startsWith("Bearer ") ? header.slice(7) : "");
  const want = Buffer.from(token);
  return given.length === want.length && timingSafeEqual(given, want);
}

export function healthRoutes(src: HealthSource) {
  const routes = [
    {
      path: "/healthz",
      method: ["GET"],
      handler: (req: IncomingMessage, res: ServerResponse) => {
        checkHealth(src, hasToken(req, src.deps.config.healthToken)).then(
          (health) => {
            res.writeHead(health.ok ? 200 : 503, { "content-type": "application/json; charset=utf-8" });
            res.end(JSON.stringify(health));
          },
          (error: unknown) => {
            res.writeHead(503, { "content-type": "application/json; charset=utf-8" });
            res.end(JSON.stringify({ ok: false, status: "unavailable", db: (error as Error).message }));
          },
        );
      },
    },
  ];
  const metrics = src.metrics;
  if (metrics) {
    routes.push({
      path: "/metrics",
      method: ["GET"],
      handler: (_req: IncomingMessage, res: ServerResponse) => {
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
 * Socket Mode has no HTTP receiver; this serves /healthz and /metrics alone on PORT. A busy port
 * costs only these endpoints (logged), never the bot.
 */
export async function startHealthServer(
  src: HealthSource,
  port: number,
  logger: Pick<ListenerDeps["logger"], "warn">,
): Promise<Server | undefined> {
  const routes = healthRoutes(src);
  const server = createServer((req, res) => {
    const path = new URL(req.url ?? "/", "http://localhost").pathname;
    const route = routes.find((r) => r.path === path);
    if (req.method === "GET" && route) route.handler(req, res);
    else res.writeHead(404).end();
  });
  hardenServer(server, src.deps.config.maxConnections);
  return new Promise((resolve) => {
    server.once("error", (error) => {
      logger.warn(`health endpoint disabled: cannot listen on port ${port} (${error.message})`);
      resolve(undefined);
    });
    server.listen(port, () => resolve(server));
  });
}
