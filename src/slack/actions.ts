/** Card buttons: feedback, details, post in channel, alternatives. */
import type { App } from "@slack/bolt";
import type { ErrorRecord } from "../catalog/schema.ts";
import {
  ACTION,
  type CardRef,
  decodeCardRef,
  feedbackThanksText,
  renderCardFromRef,
  renderDetailsView,
  renderFeedbackThanks,
} from "../render/index.ts";
import type { ListenerDeps } from "./deps.ts";
import { type BlockActionBody, blockActionSchema, buttonSchema } from "./payloads.ts";
import { toSlackView } from "./views.ts";
import { callSlack } from "./web-call.ts";

interface Click {
  body: BlockActionBody;
  ref: CardRef;
  channelId: string | undefined;
  ephemeral: boolean;
}

function readClick(body: unknown, action: unknown): Click | undefined {
  const b = blockActionSchema.safeParse(body);
  const a = buttonSchema.safeParse(action);
  const ref = a.success ? decodeCardRef(a.data.value) : undefined;
  if (!b.success || ref === undefined) return undefined;
  const channelId = b.data.container?.channel_id ?? b.data.channel?.id;
  // Slack leaves `message` out of actions on ephemeral messages.
  const ephemeral = b.data.container?.is_ephemeral === true || b.data.message === undefined;
  return { body: b.data, ref, channelId, ephemeral };
}

const GONE = {
  response_type: "ephemeral" as const,
  replace_original: false,
  text: "That record is no longer in the knowledge base.",
};

/** The clicked card's record, or undefined after telling the clicker it is gone from the catalog. */
async function clickedRecord(
  deps: ListenerDeps,
  click: Click,
  respond: (message: typeof GONE) => Promise<unknown>,
): Promise<ErrorRecord | undefined> {
  const record = deps.catalog.byId(click.ref.r);
  if (!record) await respond(GONE);
  return record;
}

export function registerActions(app: App, deps: ListenerDeps): void {
  const feedback = (helpful: boolean) =>
    app.action(helpful ? ACTION.helpful : ACTION.notHelpful, async ({ ack, body, action, respond }) => {
      await ack();
      const click = readClick(body, action);
      if (!click) return;
      const { ref, channelId } = click;
      const messageTs = click.body.message?.ts ?? click.body.container?.message_ts ?? null;
      const vote = {
        recordId: ref.r,
        helpful,
        userId: click.body.user.id,
        teamId: click.body.team?.id ?? null,
        channelId: channelId ?? null,
        messageTs,
        at: deps.now(),
      };
      await deps.guard.write(`vote record=${ref.r}`, (store) => store.recordFeedback(vote));
      if (click.ephemeral) {
        const record = deps.catalog.byId(ref.r);
        if (!record) return;
        const card = renderCardFromRef(record, ref, { ephemeral: true });
        await respond({ replace_original: true, text: card.text, blocks: renderFeedbackThanks(card.blocks, helpful) });
        return;
      }
      // A card in the channel is shared: it keeps its buttons so everyone else can still vote,
      // and only the clicker hears back.
      await respond({
        response_type: "ephemeral",
        replace_original: false,
        text: `${feedbackThanksText(helpful)} (Only you can see this.)`,
      });
    });
  feedback(true);
  feedback(false);

  app.action(ACTION.details, async ({ ack, body, action, respond, client }) => {
    await ack();
    const click = readClick(body, action);
    if (!click) return;
    const record = await clickedRecord(deps, click, respond);
    if (!record) return;
    const triggerId = click.body.trigger_id;
    if (!triggerId) return;
    const opened = await callSlack(
      client.views.open({ trigger_id: triggerId, view: toSlackView(renderDetailsView(record, click.ref)) }),
    );
    if (!opened.ok) deps.logger.warn(`details: views.open failed (${opened.error}) record=${record.id}`);
  });

  app.action(ACTION.postInChannel, async ({ ack, body, action, respond, client }) => {
    await ack();
    const click = readClick(body, action);
    if (!click || click.channelId === undefined) return;
    const record = await clickedRecord(deps, click, respond);
    if (!record) return;
    const card = renderCardFromRef(record, click.ref, { ephemeral: false });
    const posted = await callSlack(client.chat.postMessage({ channel: click.channelId, unfurl_links: false, ...card }));
    if (!posted.ok) {
      deps.logger.info(`post in channel: chat.postMessage failed (${posted.error}) channel=${click.channelId}`);
      await respond({
        response_type: "ephemeral",
        replace_original: false,
        text: `I could not post here (${posted.error}). Invite me with \`/invite @rwerror\` and try again.`,
      });
      return;
    }
    await respond({ delete_original: true });
  });

  // An alternative swaps an ephemeral card in place; on a channel card it answers only the clicker.
  app.action(new RegExp(`^${ACTION.alternativePrefix}\\d+$`), async ({ ack, body, action, respond }) => {
    await ack();
    const click = readClick(body, action);
    if (!click) return;
    const record = await clickedRecord(deps, click, respond);
    if (!record) return;
    const card = renderCardFromRef(record, click.ref, { ephemeral: true });
    await respond(
      click.ephemeral
        ? { replace_original: true, ...card }
        : { response_type: "ephemeral", replace_original: false, ...card },
    );
  });
}
