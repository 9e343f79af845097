/** GET /healthz: the catalog size, dataset version and the store's type and health; 503 when the store is down. */
import { createServer, type Server, type ServerResponse } from "node:http";
import type { StoreKind, WriteStats } from "../store/index.ts";
import type { ListenerDeps } from "./deps.ts";

export interface Health {
  ok: boolean;
  records: number;
  datasetVersion: string | null;
  /** "ok", or why the database cannot be read or written. */
  db: string;
  store: StoreKind;
  writes?: WriteStats;
}

type HealthDeps = Pick<ListenerDeps, "catalog" | "store"> & Partial<Pick<ListenerDeps, "guard">>;

export async function checkHealth(deps: HealthDeps): Promise<Health> {
  const h = await deps.store.health();
  return {
    ok: h.ok,
    records: deps.catalog.records.length,
    datasetVersion: deps.catalog.datasetVersion,
    db: h.ok ? "ok" : (h.error ?? "unavailable"),
    store: h.kind,
    ...(deps.guard ? { writes: deps.guard.stats() } : {}),
  };
}

export function healthRoute(deps: HealthDeps) {
  return {
    path: "/healthz",
    method: ["GET"],
    handler: (_req: unknown, res: ServerResponse) => {
      checkHealth(deps).then(
        (health) => {
          res.writeHead(health.ok ? 200 : 503, { "content-type": "application/json; charset=utf-8" });
          res.end(JSON.stringify(health));
        },
        (error: unknown) => {
          res.writeHead(503, { "content-type": "application/json; charset=utf-8" });
          res.end(JSON.stringify({ ok: false, db: (error as Error).message }));
        },
      );
    },
  };
}

/**
 * Socket Mode has no HTTP receiver; this serves /healthz alone on PORT. A busy port costs only
 * the health endpoint (logged), never the bot.
 */
export async function startHealthServer(
  deps: HealthDeps,
  port: number,
  logger: Pick<ListenerDeps["logger"], "warn">,
): Promise<Server | undefined> {
  const route = healthRoute(deps);
  const server = createServer((req, res) => {
    const path = new URL(req.url ?? "/", "http://localhost").pathname;
    if (req.method === "GET" && path === route.path) route.handler(req, res);
    else res.writeHead(404).end();
  });
  return new Promise((resolve) => {
    server.once("error", (error) => {
      logger.warn(`health endpoint disabled: cannot listen on port ${port} (${error.message})`);
      resolve(undefined);
    });
    server.listen(port, () => resolve(server));
  });
}
