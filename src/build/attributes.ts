/**
 * Attributes the extraction reads: test markers (the item is test code and skipped) and thiserror's
 * `#[error("…")]` (the message of a variant or a struct).
 */
import type { SyntaxNode } from "./rust-parser.ts";
import { tokenArgLiteral, tokenArgs } from "./syntax.ts";

function attributeOf(item: SyntaxNode): SyntaxNode | null {
  for (let i = 0; i < item.namedChildCount; i++) {
    const c = item.namedChild(i);
    if (c?.type === "attribute") return c;
  }
  return null;
}

function attributePath(attribute: SyntaxNode): string {
  const first = attribute.namedChild(0);
  return first && first.type !== "token_tree" ? first.text : "";
}

function attributeArgs(attribute: SyntaxNode): SyntaxNode | null {
  const args = attribute.childForFieldName("arguments");
  if (args) return args;
  for (let i = 0; i < attribute.namedChildCount; i++) {
    const c = attribute.namedChild(i);
    if (c?.type === "token_tree") return c;
  }
  return null;
}

/** `#[test]`, `#[tokio::test]`, `#[cfg(test)]`: the item it marks is test code. */
export function isTestAttribute(item: SyntaxNode): boolean {
  const attribute = attributeOf(item);
  if (!attribute) return false;
  const path = attributePath(attribute);
  if (path === "test" || path.endsWith("::test")) return true;
  if (path !== "cfg") return false;
  // `cfg(test)`, `cfg(any(test, madsim))`: compiled for tests (`cfg(not(test))` is product code).
  const args = attributeArgs(attribute)?.text ?? "";
  return /\btest\b/.test(args) && !/\bnot\s*\(/.test(args);
}

/**
 * `#[error("fmt", …)]` → its format string; `#[error(transparent)]` and computed messages → null
 * message. Returns null when the attribute is not `error`.
 */
export function errorAttributeMessage(item: SyntaxNode): { message: string | null } | null {
  const attribute = attributeOf(item);
  if (!attribute || attributePath(attribute) !== "error") return null;
  const args = attributeArgs(attribute);
  const first = args ? tokenArgs(args)[0] : undefined;
  return { message: first ? tokenArgLiteral(first) : null };
}
