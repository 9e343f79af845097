/**
 * Block Kit builders on @slack/types (type-only: render never loads Slack code at runtime).
 * Builders cut text to Slack's limits in one place, so no caller can produce a block Slack would
 * reject. Text passed in is already escaped.
 */
import type {
  ActionsBlock,
  ActionsBlockElement,
  Button,
  ContextBlock,
  HeaderBlock,
  HomeView,
  KnownBlock,
  ModalView,
  MrkdwnElement,
  PlainTextElement,
  SectionBlock,
} from "@slack/types";
import { truncate } from "./mrkdwn.ts";

export const LIMITS = {
  messageBlocks: 50,
  viewBlocks: 100,
  sectionText: 3000,
  fieldText: 2000,
  fields: 10,
  headerText: 150,
  buttonText: 75,
  buttonValue: 2000,
  buttonUrl: 3000,
  actionId: 255,
  contextElements: 10,
  actionsElements: 25,
  viewTitle: 24,
  privateMetadata: 3000,
  /** Slack answers msg_blocks_too_long well before 50 full sections; keep a margin under ~13,000. */
  messageChars: 12_000,
} as const;

export type Block = KnownBlock;
export type ButtonElement = Button;
export type View = HomeView | ModalView;

export interface SlackMessage {
  /** Plain fallback for notifications and clients without blocks. */
  text: string;
  blocks: Block[];
}

export function plain(text: string, max: number): PlainTextElement {
  return { type: "plain_text", text: truncate(text, max) || " ", emoji: true };
}

export function mrkdwn(text: string, max: number): MrkdwnElement {
  return { type: "mrkdwn", text: truncate(text, max) || " " };
}

export function header(text: string): HeaderBlock {
  return { type: "header", text: plain(text, LIMITS.headerText) };
}

export function section(text: string, accessory?: Button): SectionBlock {
  const block: SectionBlock = { type: "section", text: mrkdwn(text, LIMITS.sectionText) };
  if (accessory) block.accessory = accessory;
  return block;
}

export function fields(texts: readonly string[]): SectionBlock {
  return { type: "section", fields: texts.slice(0, LIMITS.fields).map((t) => mrkdwn(t, LIMITS.fieldText)) };
}

export function context(texts: readonly string[]): ContextBlock {
  return { type: "context", elements: texts.slice(0, LIMITS.contextElements).map((t) => mrkdwn(t, LIMITS.fieldText)) };
}

export function divider(): KnownBlock {
  return { type: "divider" };
}

export function button(text: string, actionId: string, value?: string, style?: "primary" | "danger"): Button {
  const b: Button = { type: "button", text: plain(text, LIMITS.buttonText), action_id: actionId.slice(0, 255) };
  if (value !== undefined) b.value = value.slice(0, LIMITS.buttonValue);
  if (style) b.style = style;
  return b;
}

/** A button that opens a URL (Slack still sends a block action, which the app acks and ignores). */
export function linkButton(text: string, actionId: string, url: string): Button {
  return {
    type: "button",
    text: plain(text, LIMITS.buttonText),
    action_id: actionId.slice(0, 255),
    url: url.slice(0, LIMITS.buttonUrl),
  };
}

export function actions(elements: readonly ActionsBlockElement[], blockId?: string): ActionsBlock {
  const block: ActionsBlock = { type: "actions", elements: elements.slice(0, LIMITS.actionsElements) };
  if (blockId) block.block_id = blockId;
  return block;
}
