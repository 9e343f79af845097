/** Top errors over the last N days, as the rows the Home tab and `/rwerror stats` render. */
import { type HomeStatsRow, listTitle } from "../../render/index.ts";
import { topErrors } from "../../report/index.ts";
import type { ListenerDeps } from "../deps.ts";

const DAY_MS = 86_400_000;

export async function topErrorRows(deps: ListenerDeps, days: number, limit = 10): Promise<HomeStatsRow[]> {
  // `to` is exclusive: an occurrence recorded this very millisecond still counts.
  const to = deps.now() + 1;
  const rows = await topErrors(deps.store, { from: to - days * DAY_MS, to, limit, catalog: deps.catalog });
  return rows.map((row) => ({
    recordId: row.recordId,
    title: ((record) => (record ? listTitle(record) : (row.title ?? row.recordId)))(deps.catalog.byId(row.recordId)),
    count: row.count,
  }));
}
