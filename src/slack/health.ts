/** GET /healthz: 200 with the catalog size, dataset version and whether SQLite answers. */
import type { ServerResponse } from "node:http";
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
