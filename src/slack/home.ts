/** App Home: what the bot does, the catalog it serves and this week's top errors. */
import type { App } from "@slack/bolt";
import { renderHome } from "../render/index.ts";
import { homeReleaseLine } from "../render/version-reply.ts";
import { listChannelVersions } from "../store/index.ts";
import type { ListenerDeps } from "./deps.ts";
import { appHomeOpenedSchema } from "./payloads.ts";
import { topErrorRows } from "./stats.ts";
import { toSlackView } from "./views.ts";

export function registerHome(app: App, deps: ListenerDeps): void {
  app.event("app_home_opened", async ({ event, client }) => {
    const parsed = appHomeOpenedSchema.safeParse(event);
    // The Messages tab opens this event too; only the Home tab has a view to publish.
    if (!parsed.success || (parsed.data.tab !== undefined && parsed.data.tab !== "home")) return;
    const view = renderHome({
      recordCount: deps.catalog.records.length,
      datasetVersion: deps.catalog.datasetVersion,
      topErrors: topErrorRows(deps, 7),
      releaseLine: homeReleaseLine(deps.config.risingwaveVersion, listChannelVersions(deps.store)),
    });
    await client.views.publish({ user_id: parsed.data.user, view: toSlackView(view) });
  });
}
