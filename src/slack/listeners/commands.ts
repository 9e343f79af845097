/** `/rwerror`: ack at once, then answer through response_url (or open the paste modal). */
import type { App } from "@slack/bolt";
import { answerPaste, blockKit, cardContext } from "../../answer/index.ts";
import {
  renderDidYouMean,
  renderHelp,
  renderPasteModal,
  renderRecord,
  renderSearchResults,
  renderStats,
  type SlackMessage,
  VIEW,
} from "../../render/index.ts";
import { visibleHere } from "../access.ts";
import type { ListenerDeps } from "../deps.ts";
import { commandSchema, pasteMetadataSchema, pasteSubmissionSchema } from "../payloads.ts";
import { permalinkVia } from "../ports.ts";
import { callSlack } from "../web-call.ts";
import { parseCommandText } from "./command-text.ts";
import { muteCommand, mutesCommand, unmuteCommand } from "./mutes.ts";
import { topErrorRows } from "./stats.ts";
import { answerVersionCommand } from "./version-command.ts";

const SEARCH_LIMIT = 5;
/** As declared in manifest.yml. Workspaces that rename it (`/rwerror-dev`) still reach this listener. */
export const SLASH_COMMAND = "/rwerror";

export function registerCommands(app: App, deps: ListenerDeps): void {
  app.command(new RegExp(`^${SLASH_COMMAND}`), async ({ ack, command, respond, client }) => {
    await ack();
    const parsed = commandSchema.safeParse(command);
    if (!parsed.success) {
      deps.logger.warn("slash command: malformed payload dropped");
      return;
    }
    const cmd = parsed.data;
    const request = parseCommandText(cmd.text);
    const reply = (message: { text: string; blocks: unknown[] }) =>
      respond({ response_type: "ephemeral", replace_original: false, ...message } as Parameters<typeof respond>[0]);
    if (await answerVersionCommand(deps, client, cmd, reply)) return;

    switch (request.kind) {
      case "modal": {
        const metadata = JSON.stringify({ channel: cmd.channel_id });
        const opened = cmd.trigger_id
          ? await callSlack(client.views.open({ trigger_id: cmd.trigger_id, view: renderPasteModal(metadata) }))
          : ({ ok: false, error: "no trigger_id" } as const);
        if (!opened.ok) {
          deps.logger.warn(`slash command: views.open failed (${opened.error}) channel=${cmd.channel_id ?? "-"}`);
          await reply(renderHelp());
        }
        return;
      }
      case "help":
        await reply(renderHelp());
        return;
      case "show": {
        // A lookup: shown with what the team knows, never counted.
        const record = deps.catalog.find(request.key);
        const ctx = await cardContext(
          deps,
          record?.id,
          { channelId: cmd.channel_id, visible: visibleHere(deps.access, cmd.channel_id) },
          permalinkVia(client),
        );
        await reply(renderRecord(record, request.key, { ...ctx, ephemeral: true }));
        return;
      }
      case "search":
        await reply(renderSearchResults(request.query, deps.matcher.search(request.query, SEARCH_LIMIT)));
        return;
      case "didYouMean":
        await reply(renderDidYouMean(request.command));
        return;
      case "stats":
        await reply(renderStats(await topErrorRows(deps, request.days), `the last ${request.days} days`));
        return;
      case "mute":
        await reply(await muteCommand(deps, client, request, cmd.channel_id, cmd.user_id));
        return;
      case "unmute":
        await reply(await unmuteCommand(deps, client, request.key, cmd.channel_id, cmd.user_id));
        return;
      case "mutes":
        await reply(await mutesCommand(deps, cmd.channel_id));
        return;
      case "paste": {
        const where = { source: "slash" as const, teamId: cmd.team_id, channelId: cmd.channel_id, userId: cmd.user_id };
        const port = {
          post: async (m: SlackMessage) => void (await reply(m)),
          permalink: permalinkVia(client),
          visible: visibleHere(deps.access, cmd.channel_id),
        };
        await answerPaste(deps, { slackText: request.text }, where, "private", {
          render: blockKit({ ephemeral: true }),
          port,
        });
        return;
      }
    }
  });

  // The paste modal's submission: the same answer, ephemeral in the channel the command came from, else a DM.
  app.view(VIEW.pasteModal, async ({ ack, body, client }) => {
    const parsed = pasteSubmissionSchema.safeParse(body);
    const text = parsed.success
      ? (parsed.data.view.state.values[VIEW.pasteInputBlock]?.[VIEW.pasteInputAction]?.value ?? "")
      : "";
    if (text.trim() === "") {
      await ack({ response_action: "errors", errors: { [VIEW.pasteInputBlock]: "Paste an error to explain." } });
      return;
    }
    await ack();
    if (!parsed.success) return;
    const { user, team, view } = parsed.data;
    const channel = readChannel(view.private_metadata);
    const post = async (message: SlackMessage): Promise<undefined> => {
      if (channel !== undefined) {
        const posted = await callSlack(client.chat.postEphemeral({ channel, user: user.id, ...message }));
        if (posted.ok) return;
        deps.logger.info(`paste modal: postEphemeral failed (${posted.error}) channel=${channel}; answering by DM`);
      }
      await client.chat.postMessage({ channel: user.id, ...message });
    };
    await answerPaste(
      deps,
      { slackText: text },
      { source: "slash", teamId: team?.id, channelId: channel, userId: user.id },
      "private",
      {
        render: blockKit({ ephemeral: channel !== undefined }),
        port: { post, permalink: permalinkVia(client), visible: visibleHere(deps.access, channel) },
      },
    );
  });
}

function readChannel(metadata: string): string | undefined {
  try {
    const parsed = pasteMetadataSchema.safeParse(JSON.parse(metadata));
    return parsed.success ? parsed.data.channel : undefined;
  } catch {
    return undefined;
  }
}
