/** GET /healthz: 200 with the catalog size, dataset version and whether SQLite answers. */
import { createServer, type Server, type ServerResponse } from "node:http";
import type { ListenerDeps } from "./deps.ts";

export interface Health {
  ok: boolean;
  records: number;
  datasetVersion: string | null;
  db: string;
}

export function checkHealth(deps: Pick<ListenerDeps, "catalog" | "store">): Health {
  let db = "ok";
  try {
    deps.store.db.prepare("SELECT 1").get();
  } catch (error) {
    db = (error as Error).message;
  }
  return { ok: db === "ok", records: deps.catalog.records.length, datasetVersion: deps.catalog.datasetVersion, db };
}

export function healthRoute(deps: Pick<ListenerDeps, "catalog" | "store">) {
  return {
    path: "/healthz",
    method: ["GET"],
    handler: (_req: unknown, res: ServerResponse) => {
      const health = checkHealth(deps);
      res.writeHead(200, { "content-type": "application/json; charset=utf-8" });
      res.end(JSON.stringify(health));
    },
  };
}

/**
 * Socket Mode has no HTTP receiver; this serves /healthz alone on PORT. A busy port costs only
 * the health endpoint (logged), never the bot.
 */
export async function startHealthServer(
  deps: Pick<ListenerDeps, "catalog" | "store">,
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
