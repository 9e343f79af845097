/**
 * Checks a message or view against Block Kit's limits. Used by tests on every payload the
 * fake Slack receives; returns the problems, [] when Slack would accept it.
 */
import { LIMITS } from "./blocks.ts";

type Json = Record<string, unknown>;

function isObject(v: unknown): v is Json {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

function textOf(v: unknown): string | undefined {
  return isObject(v) && typeof v.text === "string" ? v.text : undefined;
}

function checkText(problems: string[], where: string, v: unknown, max: number): void {
  const t = textOf(v);
  if (t === undefined) return;
  if (t.length > max) problems.push(`${where}: text ${t.length} > ${max}`);
  if (t.length === 0) problems.push(`${where}: empty text`);
}

function checkElement(problems: string[], where: string, el: Json, actionIds: Set<string>): void {
  if (typeof el.action_id === "string") {
    if (el.action_id.length > LIMITS.actionId) problems.push(`${where}: action_id longer than ${LIMITS.actionId}`);
    if (actionIds.has(el.action_id)) problems.push(`${where}: duplicate action_id ${el.action_id}`);
    actionIds.add(el.action_id);
  }
  if (el.type === "button") {
    checkText(problems, `${where}.text`, el.text, LIMITS.buttonText);
    if (typeof el.value === "string" && el.value.length > LIMITS.buttonValue) {
      problems.push(`${where}: button value ${el.value.length} > ${LIMITS.buttonValue}`);
    }
  }
}

function checkBlock(problems: string[], where: string, block: Json, actionIds: Set<string>): number {
  let chars = 0;
  const count = (v: unknown) => {
    chars += textOf(v)?.length ?? 0;
  };
  if (typeof block.block_id === "string" && block.block_id.length > 255) problems.push(`${where}: block_id too long`);
  switch (block.type) {
    case "header":
      checkText(problems, `${where}.text`, block.text, LIMITS.headerText);
      count(block.text);
      break;
    case "section": {
      checkText(problems, `${where}.text`, block.text, LIMITS.sectionText);
      count(block.text);
      const fields = Array.isArray(block.fields) ? block.fields : [];
      if (fields.length > LIMITS.fields) problems.push(`${where}: ${fields.length} fields > ${LIMITS.fields}`);
      fields.forEach((f, i) => {
        checkText(problems, `${where}.fields[${i}]`, f, LIMITS.fieldText);
        count(f);
      });
      if (!block.text && fields.length === 0) problems.push(`${where}: section without text or fields`);
      if (isObject(block.accessory)) checkElement(problems, `${where}.accessory`, block.accessory, actionIds);
      break;
    }
    case "context": {
      const els = Array.isArray(block.elements) ? block.elements : [];
      if (els.length > LIMITS.contextElements) problems.push(`${where}: ${els.length} context elements > 10`);
      els.forEach((e, i) => {
        checkText(problems, `${where}.elements[${i}]`, e, LIMITS.fieldText);
        count(e);
      });
      break;
    }
    case "actions": {
      const els = Array.isArray(block.elements) ? block.elements : [];
      if (els.length > LIMITS.actionsElements) problems.push(`${where}: ${els.length} elements > 25`);
      els.forEach((e, i) => {
        if (isObject(e)) checkElement(problems, `${where}.elements[${i}]`, e, actionIds);
      });
      break;
    }
    case "input":
      checkText(problems, `${where}.label`, block.label, 2000);
      if (isObject(block.element)) {
        checkElement(problems, `${where}.element`, block.element, actionIds);
        const max = block.element.max_length;
        if (typeof max === "number" && max > 3000) problems.push(`${where}: input max_length ${max} > 3000`);
      }
      break;
    case "divider":
      break;
    default:
      break;
  }
  return chars;
}

/** Problems with a `{text, blocks}` message or a modal/home view; [] when within every limit. */
export function checkBlockKitLimits(payload: unknown): string[] {
  const problems: string[] = [];
  if (!isObject(payload)) return ["payload is not an object"];
  const isView = payload.type === "modal" || payload.type === "home";
  const blocks = Array.isArray(payload.blocks) ? payload.blocks : [];
  const maxBlocks = isView ? LIMITS.viewBlocks : LIMITS.messageBlocks;
  if (blocks.length > maxBlocks) problems.push(`${blocks.length} blocks > ${maxBlocks}`);
  if (!isView && blocks.length > 0 && !(typeof payload.text === "string" && payload.text.trim() !== "")) {
    problems.push("message has blocks but no plain text fallback");
  }
  if (isView) {
    for (const key of ["title", "submit", "close"] as const) checkText(problems, key, payload[key], LIMITS.viewTitle);
    if (typeof payload.private_metadata === "string" && payload.private_metadata.length > LIMITS.privateMetadata) {
      problems.push("private_metadata longer than 3000");
    }
  }
  const actionIds = new Set<string>();
  let chars = 0;
  blocks.forEach((b, i) => {
    if (isObject(b)) chars += checkBlock(problems, `blocks[${i}]`, b, actionIds);
    else problems.push(`blocks[${i}] is not an object`);
  });
  if (!isView && chars > LIMITS.messageChars) problems.push(`message text in blocks ${chars} > ${LIMITS.messageChars}`);
  return problems;
}
