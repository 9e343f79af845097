/** Team knowledge: "Add what fixed it" notes and "Report as a new error" gaps. */
import type { App } from "@slack/bolt";
import { z } from "zod";
import { ACTION, escapeText, listTitle, renderNoteModal, VIEW } from "../../render/index.ts";
import { isNoteLink } from "../../store/index.ts";
import type { ListenerDeps } from "../deps.ts";
import { blockActionSchema, buttonSchema, noteMetadataSchema, noteSubmissionSchema } from "../payloads.ts";
import { callSlack } from "../web-call.ts";
import { clickedRecord, readClick } from "./clicks.ts";

const gapValueSchema = z.object({ t: z.string() });

function readNoteMetadata(metadata: string): z.infer<typeof noteMetadataSchema> | undefined {
  try {
    const parsed = noteMetadataSchema.safeParse(JSON.parse(metadata));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

export function registerKnowledgeActions(app: App, deps: ListenerDeps): void {
  app.action(ACTION.addNote, async ({ ack, body, action, respond, client }) => {
    await ack();
    const click = readClick(body, action);
    if (!click?.body.trigger_id) return;
    const record = await clickedRecord(deps, click, respond);
    if (!record) return;
    // A trigger expires in 3 s: the privacy lookup is cached after a channel's first card.
    const privateChannel = click.channelId !== undefined && !(await deps.access.isPublic(click.channelId));
    const metadata = JSON.stringify({
      r: record.id,
      c: click.channelId,
      t: click.threadTs,
      ...(privateChannel ? { p: 1 } : {}),
    });
    const view = renderNoteModal(record, metadata, { captures: click.ref.v, privateChannel });
    const opened = await callSlack(client.views.open({ trigger_id: click.body.trigger_id, view }));
    if (!opened.ok) deps.logger.warn(`note: views.open failed (${opened.error}) record=${record.id}`);
  });

  app.view(VIEW.noteModal, async ({ ack, body, client }) => {
    const parsed = noteSubmissionSchema.safeParse(body);
    const values = parsed.success ? parsed.data.view.state.values : {};
    const text = values[VIEW.noteTextBlock]?.[VIEW.noteTextAction]?.value?.trim() ?? "";
    const link = values[VIEW.noteLinkBlock]?.[VIEW.noteLinkAction]?.value?.trim() || null;
    if (text === "") {
      await ack({
        response_action: "errors",
        errors: { [VIEW.noteTextBlock]: "Write what fixed it (or what you found)." },
      });
      return;
    }
    if (link !== null && !isNoteLink(link)) {
      await ack({ response_action: "errors", errors: { [VIEW.noteLinkBlock]: "A link starts with https://" } });
      return;
    }
    await ack();
    if (!parsed.success) return;
    const meta = readNoteMetadata(parsed.data.view.private_metadata);
    const record = meta ? deps.catalog.byId(meta.r) : undefined;
    if (!meta || !record) return;
    const user = parsed.data.user.id;
    // A note from a private channel keeps that channel (it stays there) unless its author shares it.
    const shared = (values[VIEW.noteShareBlock]?.[VIEW.noteShareAction]?.selected_options ?? []).length > 0;
    const keepPlace = !(meta.p === 1 && shared);
    const note = {
      recordId: record.id,
      text,
      link,
      userId: user,
      teamId: parsed.data.team?.id ?? null,
      channelId: keepPlace ? (meta.c ?? null) : null,
      threadTs: keepPlace ? (meta.t ?? null) : null,
      at: deps.now(),
    };
    await deps.guard.write(`note record=${record.id}`, (store) => store.addNote(note));
    const thanks = `:memo: Saved your note on *${escapeText(listTitle(record).replace(/\*/g, ""))}*. Later cards of this error show it, and the weekly digest lists it.`;
    if (meta.c) {
      const sent = await callSlack(client.chat.postEphemeral({ channel: meta.c, user, text: thanks }));
      if (sent.ok) return;
    }
    await callSlack(client.chat.postMessage({ channel: user, text: thanks }));
  });

  app.action(ACTION.reportGap, async ({ ack, body, action, respond }) => {
    await ack();
    const a = buttonSchema.safeParse(action);
    const b = blockActionSchema.safeParse(body);
    if (!a.success || !b.success) return;
    let value: z.infer<typeof gapValueSchema> | undefined;
    try {
      const parsed = gapValueSchema.safeParse(JSON.parse(a.data.value ?? ""));
      value = parsed.success ? parsed.data : undefined;
    } catch {
      value = undefined;
    }
    if (!value || value.t.trim() === "") return;
    const gap = {
      errorText: value.t,
      userId: b.data.user.id,
      teamId: b.data.team?.id ?? null,
      channelId: b.data.container?.channel_id ?? b.data.channel?.id ?? null,
      at: deps.now(),
    };
    await deps.guard.write("gap report", (store) => store.reportGap(gap));
    await respond({
      response_type: "ephemeral",
      replace_original: false,
      text: ":inbox_tray: Reported as a new error: the weekly digest lists it among the knowledge base's gaps. If it blocks you now, *Open a GitHub issue* from the same answer.",
    });
  });
}
