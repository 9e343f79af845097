/** App Home: what the bot does, the catalog it serves, the channel settings and this week's top errors. */
import type { App } from "@slack/bolt";
import { knowledgeLine, summarizeKnowledge } from "../../catalog/index.ts";
import { renderHome } from "../../render/index.ts";
import { homeReleaseLine } from "../../render/version-reply.ts";
import type { ListenerDeps } from "../deps.ts";
import { appHomeOpenedSchema } from "../payloads.ts";
import { muteRows } from "./mutes.ts";
import { topErrorRows } from "./stats.ts";

export function registerHome(app: App, deps: ListenerDeps): void {
  app.event("app_home_opened", async ({ event, client }) => {
    const parsed = appHomeOpenedSchema.safeParse(event);
    // The Messages tab opens this event too; only the Home tab has a view to publish.
    if (!parsed.success || (parsed.data.tab !== undefined && parsed.data.tab !== "home")) return;
    const view = renderHome({
      knowledge: knowledgeLine(summarizeKnowledge(deps.catalog)),
      datasetVersion: deps.catalog.datasetVersion,
      topErrors: await topErrorRows(deps, 7),
      releaseLine: homeReleaseLine(deps.config.risingwaveVersion, await deps.store.listChannelVersions()),
      settings: {
        autoChannels: deps.config.autoChannels,
        maxCardsPer10Min: deps.config.maxCardsPer10Min,
        unsureReaction: deps.config.unsureReaction,
        mutes: await muteRows(deps),
      },
    });
    await client.views.publish({ user_id: parsed.data.user, view });
  });
}
