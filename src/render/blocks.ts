/**
 * Minimal Block Kit types and builders. Builders cut text to Slack's limits in one place,
 * so no caller can produce a block Slack would reject. Text passed in is already escaped.
 */
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
  actionId: 255,
  contextElements: 10,
  actionsElements: 25,
  viewTitle: 24,
  privateMetadata: 3000,
  /** Slack answers msg_blocks_too_long well before 50 full sections; keep a margin under ~13,000. */
  messageChars: 12_000,
} as const;

export interface PlainText {
  type: "plain_text";
  text: string;
  emoji?: boolean;
}
export interface Mrkdwn {
  type: "mrkdwn";
  text: string;
}
export type TextObject = PlainText | Mrkdwn;

export interface ButtonElement {
  type: "button";
  text: PlainText;
  action_id: string;
  value?: string;
  style?: "primary" | "danger";
  url?: string;
}

export interface PlainTextInputElement {
  type: "plain_text_input";
  action_id: string;
  multiline?: boolean;
  max_length?: number;
  placeholder?: PlainText;
  initial_value?: string;
}

export type Block =
  | { type: "header"; text: PlainText; block_id?: string }
  | { type: "section"; text?: Mrkdwn; fields?: TextObject[]; block_id?: string; accessory?: ButtonElement }
  | { type: "context"; elements: TextObject[]; block_id?: string }
  | { type: "actions"; elements: ButtonElement[]; block_id?: string }
  | { type: "divider"; block_id?: string }
  | { type: "input"; label: PlainText; element: PlainTextInputElement; block_id?: string; hint?: PlainText };

export interface SlackMessage {
  /** Plain fallback for notifications and clients without blocks. */
  text: string;
  blocks: Block[];
}

export interface View {
  type: "modal" | "home";
  callback_id?: string;
  title?: PlainText;
  submit?: PlainText;
  close?: PlainText;
  private_metadata?: string;
  blocks: Block[];
}

export function plain(text: string, max: number): PlainText {
  return { type: "plain_text", text: truncate(text, max) || " ", emoji: true };
}

export function mrkdwn(text: string, max: number): Mrkdwn {
  return { type: "mrkdwn", text: truncate(text, max) || " " };
}

export function header(text: string): Block {
  return { type: "header", text: plain(text, LIMITS.headerText) };
}

export function section(text: string): Block {
  return { type: "section", text: mrkdwn(text, LIMITS.sectionText) };
}

export function fields(texts: readonly string[]): Block {
  return { type: "section", fields: texts.slice(0, LIMITS.fields).map((t) => mrkdwn(t, LIMITS.fieldText)) };
}

export function context(texts: readonly string[]): Block {
  return { type: "context", elements: texts.slice(0, LIMITS.contextElements).map((t) => mrkdwn(t, LIMITS.fieldText)) };
}

export function divider(): Block {
  return { type: "divider" };
}

export function button(text: string, actionId: string, value?: string, style?: "primary" | "danger"): ButtonElement {
  const b: ButtonElement = { type: "button", text: plain(text, LIMITS.buttonText), action_id: actionId.slice(0, 255) };
  if (value !== undefined) b.value = value.slice(0, LIMITS.buttonValue);
  if (style) b.style = style;
  return b;
}

export function actions(elements: readonly ButtonElement[], blockId?: string): Block {
  const block: Block = { type: "actions", elements: elements.slice(0, LIMITS.actionsElements) };
  if (blockId) block.block_id = blockId;
  return block;
}
