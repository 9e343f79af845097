/**
 * Small readers over tree-sitter-rust nodes: macro names, a macro's token-tree arguments, and the
 * string a message argument carries (a literal, `concat!` of literals, `format!("…")`,
 * `"…".into()` and friends). Pure functions of the syntax tree.
 */
import { stringLiteralValue } from "./rust-literal.ts";
import type { SyntaxNode } from "./rust-parser.ts";

export function isStringLiteral(node: SyntaxNode): boolean {
  return node.type === "string_literal" || node.type === "raw_string_literal";
}

/** The value of a string literal node (null for byte and C strings). */
export function literalValue(node: SyntaxNode): string | null {
  return isStringLiteral(node) ? stringLiteralValue(node.text) : null;
}

/** `anyhow::bail!` → `bail`; `bail!` → `bail`. */
export function macroName(node: SyntaxNode): string {
  const path = node.childForFieldName("macro");
  if (!path) return "";
  if (path.type === "scoped_identifier") return path.childForFieldName("name")?.text ?? "";
  return path.text;
}

/** A path's last segment: `ErrorCode::NotSupported` → `NotSupported`. */
export function lastSegment(path: string): string {
  const i = path.lastIndexOf("::");
  return i < 0 ? path : path.slice(i + 2);
}

/** The token tree of a macro invocation (its last named child). */
export function tokenTreeOf(node: SyntaxNode): SyntaxNode | null {
  for (let i = node.childCount - 1; i >= 0; i--) {
    const c = node.child(i);
    if (c?.type === "token_tree") return c;
  }
  return null;
}

/** A token tree's top-level arguments: the tokens between its delimiters, split at commas. */
export function tokenArgs(tree: SyntaxNode): SyntaxNode[][] {
  const args: SyntaxNode[][] = [];
  let current: SyntaxNode[] = [];
  const last = tree.childCount - 1;
  for (let i = 1; i < last; i++) {
    const c = tree.child(i);
    if (!c) continue;
    if (c.type === ",") {
      args.push(current);
      current = [];
    } else current.push(c);
  }
  if (current.length > 0) args.push(current);
  return args;
}

/** A token-tree argument that is one string: `"…"`, `r"…"`, `concat!("a", "b")`. */
export function tokenArgLiteral(arg: readonly SyntaxNode[]): string | null {
  const [first, second, third] = arg;
  if (!first) return null;
  if (arg.length === 1) return literalValue(first);
  if (arg.length === 3 && first.text === "concat" && second?.type === "!" && third?.type === "token_tree") {
    return concatLiteral(third);
  }
  return null;
}

function concatLiteral(tree: SyntaxNode): string | null {
  let out = "";
  for (const arg of tokenArgs(tree)) {
    const value = tokenArgLiteral(arg);
    if (value === null) {
      // concat! also takes numbers and bools; anything else makes the message unknowable.
      if (arg.length === 1 && /^(?:integer|float|boolean|char)_literal$/.test(arg[0]?.type ?? "")) {
        out += arg[0]?.text ?? "";
        continue;
      }
      return null;
    }
    out += value;
  }
  return out;
}

/** A `format!`-like macro's format string (first argument), or null. */
export function formatLiteral(node: SyntaxNode): string | null {
  if (node.type !== "macro_invocation") return null;
  const name = macroName(node);
  if (name !== "format" && name !== "concat") return null;
  const tree = tokenTreeOf(node);
  if (!tree) return null;
  if (name === "concat") return concatLiteral(tree);
  const first = tokenArgs(tree)[0];
  return first ? tokenArgLiteral(first) : null;
}

const STRINGIFY = new Set(["into", "to_owned", "to_string", "as_str", "as_ref", "into_boxed_str"]);

/**
 * The message an expression carries when it is passed to an error constructor: a string literal,
 * `format!("…")`, `concat!(…)`, `"…".into()` / `.to_owned()` / `.to_string()`, `&format!(…)`,
 * `String::from("…")`. Null for anything computed.
 */
export function messageOfExpression(node: SyntaxNode | null): string | null {
  if (!node) return null;
  switch (node.type) {
    case "string_literal":
    case "raw_string_literal":
      return literalValue(node);
    case "macro_invocation":
      return formatLiteral(node);
    case "reference_expression":
      return messageOfExpression(node.childForFieldName("value"));
    case "parenthesized_expression":
      return messageOfExpression(node.namedChild(0));
    case "call_expression": {
      // One conversion of a literal or a format!: `"…".into()`, `format!(…).as_str()`.
      const fn = node.childForFieldName("function");
      const args = node.childForFieldName("arguments");
      if (fn?.type === "field_expression") {
        const field = fn.childForFieldName("field")?.text ?? "";
        const value = fn.childForFieldName("value");
        if (!STRINGIFY.has(field) || (args?.namedChildCount ?? 0) !== 0 || !value) return null;
        if (isStringLiteral(value)) return literalValue(value);
        if (value.type === "macro_invocation") return macroName(value) === "format" ? formatLiteral(value) : null;
        // `format!(…).as_str().into()`: conversions chain on a format!, not on a literal.
        return value.type === "call_expression" && messageOfExpression(value) !== null && !isLiteralConversion(value)
          ? messageOfExpression(value)
          : null;
      }
      if (fn && /^String::from$/.test(fn.text)) {
        const arg = args?.namedChild(0);
        return arg && isStringLiteral(arg) ? literalValue(arg) : null;
      }
      return null;
    }
    default:
      return null;
  }
}

function isLiteralConversion(call: SyntaxNode): boolean {
  const value = call.childForFieldName("function")?.childForFieldName("value");
  return value ? isStringLiteral(value) : false;
}

/** True when the message expression is built by `format!` (its `{}` are placeholders), not a plain string. */
export function isFormatExpression(node: SyntaxNode | null): boolean {
  if (!node) return false;
  switch (node.type) {
    case "macro_invocation":
      return macroName(node) === "format";
    case "reference_expression":
      return isFormatExpression(node.childForFieldName("value"));
    case "parenthesized_expression":
      return isFormatExpression(node.namedChild(0));
    case "call_expression":
      return isFormatExpression(node.childForFieldName("function")?.childForFieldName("value") ?? null);
    default:
      return false;
  }
}

/** The arguments of a call (`arguments` node) as expressions, comments skipped. */
export function callArgs(call: SyntaxNode): SyntaxNode[] {
  const args = call.childForFieldName("arguments");
  if (!args) return [];
  const out: SyntaxNode[] = [];
  for (let i = 0; i < args.namedChildCount; i++) {
    const c = args.namedChild(i);
    if (c && c.type !== "line_comment" && c.type !== "block_comment" && c.type !== "attribute_item") out.push(c);
  }
  return out;
}

/** The type name of an impl or a type node without generics or path: `Foo<T>` → `Foo`. */
export function typeName(node: SyntaxNode | null): string | null {
  if (!node) return null;
  switch (node.type) {
    case "type_identifier":
    case "identifier":
      return node.text;
    case "generic_type":
      return typeName(node.childForFieldName("type"));
    case "scoped_type_identifier":
      return node.childForFieldName("name")?.text ?? null;
    case "reference_type":
      return typeName(node.childForFieldName("type"));
    default:
      return null;
  }
}
