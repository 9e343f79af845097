/** A click on a card's button: who, where, and the card reference its value carries. */
import type { ErrorRecord } from "../../catalog/schema.ts";
import { type CardRef, decodeCardRef } from "../../render/index.ts";
import type { ListenerDeps } from "../deps.ts";
import { type BlockActionBody, blockActionSchema, buttonSchema } from "../payloads.ts";

export interface Click {
  body: BlockActionBody;
  ref: CardRef;
  channelId: string | undefined;
  ephemeral: boolean;
  /** The thread the clicked card lives in (its own ts when it starts one). */
  threadTs: string | undefined;
}

export function readClick(body: unknown, action: unknown): Click | undefined {
  const b = blockActionSchema.safeParse(body);
  const a = buttonSchema.safeParse(action);
  const ref = a.success ? decodeCardRef(a.data.value) : undefined;
  if (!b.success || ref === undefined) return undefined;
  const channelId = b.data.container?.channel_id ?? b.data.channel?.id;
  // Slack leaves `message` out of actions on ephemeral messages.
  const ephemeral = b.data.container?.is_ephemeral === true || b.data.message === undefined;
  const threadTs = b.data.message?.thread_ts ?? b.data.message?.ts;
  return { body: b.data, ref, channelId, ephemeral, threadTs };
}

export const GONE = {
  response_type: "ephemeral" as const,
  replace_original: false,
  text: "That record is no longer in the knowledge base.",
};

/** The clicked card's record, or undefined after telling the clicker it is gone from the catalog. */
export async function clickedRecord(
  deps: ListenerDeps,
  click: Click,
  respond: (message: typeof GONE) => Promise<unknown>,
): Promise<ErrorRecord | undefined> {
  const record = deps.catalog.byId(click.ref.r);
  if (!record) await respond(GONE);
  return record;
}
