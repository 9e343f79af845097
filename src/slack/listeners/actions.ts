/** Card buttons: feedback, details, post in channel, alternatives, Show, link buttons. */
import type { App } from "@slack/bolt";
import { cardContext, handleOnce, refFacts } from "../../answer/index.ts";
import {
  ACTION,
  type Block,
  feedbackThanksText,
  renderCardFromRef,
  renderDetailsView,
  renderFeedbackThanks,
  renderRecordCard,
  withVotes,
} from "../../render/index.ts";
import { visibleHere } from "../access.ts";
import type { ListenerDeps } from "../deps.ts";
import { blockActionSchema, buttonSchema } from "../payloads.ts";
import { permalinkVia } from "../ports.ts";
import { cannotPostWords } from "../post-errors.ts";
import { callSlack } from "../web-call.ts";
import { clickedRecord, GONE, readClick } from "./clicks.ts";

export const ALREADY_SHARED = "This card is already posted in the channel.";

export function registerActions(app: App, deps: ListenerDeps): void {
  // A card shows only what its channel may see: its own history and public channels'.
  const place = (channelId: string | undefined) => ({ channelId, visible: visibleHere(deps.access, channelId) });
  const feedback = (helpful: boolean) =>
    app.action(helpful ? ACTION.helpful : ACTION.notHelpful, async ({ ack, body, action, respond, client }) => {
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
        const ctx = await cardContext(deps, record.id, place(channelId), permalinkVia(client));
        const found = await refFacts(deps, record, ref, channelId);
        const card = renderCardFromRef(record, ref, { ...ctx, ephemeral: true }, found);
        await respond({ replace_original: true, text: card.text, blocks: renderFeedbackThanks(card.blocks, helpful) });
        return;
      }
      // A card in the channel is shared: everyone reading it sees who marked it (the buttons stay
      // for the next voter); the clicker is only thanked privately when the card cannot be updated.
      const message = click.body.message;
      if (channelId && message?.blocks) {
        const votes = await deps.guard.decide(
          `votes record=${ref.r}`,
          (store) => store.votesOnMessage({ recordId: ref.r, channelId, messageTs: message.ts }),
          () => [{ userId: vote.userId, helpful }],
        );
        const blocks = withVotes(message.blocks as unknown as Block[], votes);
        const updated = await callSlack(
          client.chat.update({ channel: channelId, ts: message.ts, text: message.text ?? "rwerror card", blocks }),
        );
        if (updated.ok) return;
        deps.logger.info(`feedback: chat.update failed (${updated.error}) channel=${channelId}`);
      }
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
    // Opened first: a trigger_id expires after 3 seconds, permalinks can wait for the modal's next look.
    const [ctx, found] = await Promise.all([
      cardContext(deps, record.id, place(click.channelId)),
      refFacts(deps, record, click.ref, click.channelId),
    ]);
    const opened = await callSlack(
      client.views.open({ trigger_id: triggerId, view: renderDetailsView(record, click.ref, ctx, found) }),
    );
    if (!opened.ok) deps.logger.warn(`details: views.open failed (${opened.error}) record=${record.id}`);
  });

  app.action(ACTION.postInChannel, async ({ ack, body, action, respond, client }) => {
    await ack();
    const click = readClick(body, action);
    if (!click || click.channelId === undefined) return;
    const channel = click.channelId;
    const record = await clickedRecord(deps, click, respond);
    if (!record) return;
    const share = async (): Promise<boolean> => {
      const ctx = await cardContext(deps, record.id, place(click.channelId), permalinkVia(client));
      const found = await refFacts(deps, record, click.ref, click.channelId);
      const sharedBy = click.body.user.id;
      const card = renderCardFromRef(record, click.ref, { ...ctx, ephemeral: false, sharedBy }, found);
      const posted = await callSlack(client.chat.postMessage({ channel, unfurl_links: false, ...card }));
      if (!posted.ok) {
        deps.logger.info(`post in channel: chat.postMessage failed (${posted.error}) channel=${click.channelId}`);
        await respond({
          response_type: "ephemeral",
          replace_original: false,
          text: `I could not post the card here: ${cannotPostWords(posted.error)}.`,
        });
        return false;
      }
      await respond({ delete_original: true });
      return true;
    };
    // One public copy per card: repeated clicks (or Slack's retries of one click) on the same
    // ephemeral card claim one key, across replicas; a failed post gives it back.
    const cardTs = click.body.container?.message_ts ?? click.body.message?.ts;
    if (!cardTs) {
      await share();
      return;
    }
    const first = await handleOnce(deps, `share:${click.channelId}:${cardTs}:${record.id}`, share);
    if (!first) await respond({ response_type: "ephemeral", replace_original: false, text: ALREADY_SHARED });
  });

  // An alternative swaps an ephemeral card in place; on a channel card it answers only the clicker.
  // *Show* on a compact reply past the card cap: the card held back, for the clicker.
  for (const id of [new RegExp(`^${ACTION.alternativePrefix}\\d+$`), ACTION.showHeld]) {
    app.action(id, async ({ ack, body, action, respond, client }) => {
      await ack();
      const click = readClick(body, action);
      if (!click) return;
      const record = await clickedRecord(deps, click, respond);
      if (!record) return;
      const ctx = await cardContext(deps, record.id, place(click.channelId), permalinkVia(client));
      const found = await refFacts(deps, record, click.ref, click.channelId);
      const card = renderCardFromRef(record, click.ref, { ...ctx, ephemeral: true }, found);
      await respond(
        click.ephemeral
          ? { replace_original: true, ...card }
          : { response_type: "ephemeral", replace_original: false, ...card },
      );
    });
  }

  // A list item's Show (search, stats, Home, digest): that record's card, privately; a lookup, not counted.
  app.action(new RegExp(`^${ACTION.showPrefix}\\d+$`), async ({ ack, body, action, respond, client }) => {
    await ack();
    const a = buttonSchema.safeParse(action);
    const b = blockActionSchema.safeParse(body);
    if (!a.success || !b.success || !a.data.value) return;
    const record = deps.catalog.byId(a.data.value);
    if (!record) {
      await respond(GONE);
      return;
    }
    const channelId = b.data.container?.channel_id ?? b.data.channel?.id;
    const ctx = await cardContext(deps, record.id, place(channelId), permalinkVia(client));
    const card = renderRecordCard(record, { ...ctx, ephemeral: channelId !== undefined });
    if (channelId === undefined) {
      // App Home has no response_url channel: answer in the app's DM.
      await client.chat.postMessage({ channel: b.data.user.id, ...card });
      return;
    }
    await respond({ response_type: "ephemeral", replace_original: false, ...card });
  });

  // URL buttons open in the browser; Slack still sends the click, which only needs an ack.
  for (const id of [ACTION.openIssue, ACTION.searchDocs, ACTION.searchIssues]) {
    app.action(id, async ({ ack }) => {
      await ack();
    });
  }
}
