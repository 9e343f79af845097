/** App Home: what the bot does, the catalog it serves, the channel settings and this week's top errors. */
import type { App, webApi } from "@slack/bolt";
import { knowledgeLine, summarizeKnowledge } from "../../catalog/index.ts";
import { ACTION, renderHome, renderPasteModal } from "../../render/index.ts";
import { homeReleaseLine } from "../../render/version-reply.ts";
import type { ListenerDeps } from "../deps.ts";
import { appHomeOpenedSchema, blockActionSchema } from "../payloads.ts";
import { callSlack } from "../web-call.ts";
import { muteRows } from "./mutes.ts";
import { topErrorRows } from "./stats.ts";

/** Publishes a user's Home tab: public channels' mutes only (a private channel's stay there). */
export async function publishHome(deps: ListenerDeps, client: webApi.WebClient, userId: string): Promise<void> {
  const view = renderHome({
    knowledge: knowledgeLine(summarizeKnowledge(deps.catalog)),
    datasetVersion: deps.catalog.datasetVersion,
    topErrors: await topErrorRows(deps, 7),
    releaseLine: homeReleaseLine(deps.config.risingwaveVersion, await publicVersions(deps)),
    now: deps.now(),
    settings: {
      autoChannels: deps.config.autoChannels,
      maxCardsPer10Min: deps.config.maxCardsPer10Min,
      unsureReaction: deps.config.unsureReaction,
      mutes: await muteRows(deps, undefined),
      ...(deps.access.restricted ? { admins: deps.access.adminMentions } : {}),
    },
  });
  await client.views.publish({ user_id: userId, view });
}

/** Channels' own releases, public channels only. */
async function publicVersions(deps: ListenerDeps) {
  const all = await deps.store.listChannelVersions();
  const shown = await Promise.all(all.map((c) => deps.access.isPublic(c.channelId)));
  return all.filter((_c, i) => shown[i]);
}

export function registerHome(app: App, deps: ListenerDeps): void {
  app.event("app_home_opened", async ({ event, client }) => {
    const parsed = appHomeOpenedSchema.safeParse(event);
    // The Messages tab opens this event too; only the Home tab has a view to publish.
    if (!parsed.success || (parsed.data.tab !== undefined && parsed.data.tab !== "home")) return;
    await publishHome(deps, client, parsed.data.user);
  });

  // *Explain an error* on Home: the paste box; its answer arrives by DM (no channel to answer in).
  app.action(ACTION.explain, async ({ ack, body, client }) => {
    await ack();
    const b = blockActionSchema.safeParse(body);
    if (!b.success || !b.data.trigger_id) return;
    const opened = await callSlack(client.views.open({ trigger_id: b.data.trigger_id, view: renderPasteModal("{}") }));
    if (!opened.ok) deps.logger.warn(`home: views.open failed (${opened.error})`);
  });
}
