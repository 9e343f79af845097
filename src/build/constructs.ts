/**
 * The message constructs, one handler per syntax shape: macros (`bail!`, `anyhow!`, `panic!`, …),
 * calls (`.expect`, `.context`, error constructors), struct literals of error variants, message
 * variables and constants, and `Display` impls of error types. Each handler emits what it finds;
 * the walk in `extract.ts` decides where it is and what is test code.
 */
import type { WalkContext } from "./extract.ts";
import type { SyntaxNode } from "./rust-parser.ts";
import {
  callArgs,
  formatLiteral,
  isFormatExpression,
  isStringLiteral,
  lastSegment,
  literalValue,
  macroName,
  messageOfExpression,
  tokenArgLiteral,
  tokenArgs,
  tokenTreeOf,
} from "./syntax.ts";
import type { Construct, FoundMessage } from "./types.ts";

/** `head`: the line where the construct starts (a constructor's call), which orders ties on a line. */
export type Emit = (message: FoundMessage, head: number) => void;

function lineOf(node: SyntaxNode, ctx: WalkContext): number {
  return node.startPosition.row + 1 + ctx.rowOffset;
}

interface Found {
  message: string;
  /** The macro that carries it (`bail_not_implemented`), which says more than its construct. */
  macro?: string;
  /** For a log line: `warning` for `warn!`. */
  severity?: "error" | "warning";
  /** A plain string: its braces are text, not placeholders. */
  plain?: boolean;
  line: number;
  head?: number;
  construct: Construct;
  errorClass?: string | null;
  errorEnum?: string | null;
  variant?: string | null;
  needsErrorVariant?: string;
}

function emitFound(found: Found, ctx: WalkContext, emit: Emit): void {
  const panic = ["panic", "unreachable", "todo", "assert", "expect"].includes(found.construct);
  const log = found.construct === "log";
  const message: FoundMessage = {
    errorMessage: found.message,
    lineNumber: found.line,
    construct: found.construct,
    function: ctx.fn,
    errorEnum: found.errorEnum ?? null,
    variant: found.variant ?? null,
    errorClass: found.errorClass ?? null,
    severity: panic ? "critical" : (found.severity ?? "error"),
    errorType: panic ? "panic" : log ? "log" : "error_code",
  };
  if (found.needsErrorVariant) message.needsErrorVariant = found.needsErrorVariant;
  if (found.plain) message.plain = true;
  if (found.macro) message.macro = found.macro;
  emit(message, found.head ?? found.line);
}

/** The construct a message macro carries, or null when the macro is not one (`vec!`, `info!`, …). */
function messageMacro(name: string): Construct | null {
  // Logging wrappers (`consistency_error!`, `log_error!`) print log lines, not errors.
  if (name.startsWith("log_") || name === "consistency_error") return null;
  if (name === "anyhow" || name === "format_err") return "anyhow";
  if (name === "bail" || name.startsWith("bail_")) return "bail";
  if (name === "ensure") return "ensure";
  if (name === "unreachable") return "unreachable";
  if (name === "todo" || name === "unimplemented") return "todo";
  if (name.startsWith("not_impl")) return "error-macro";
  if (name.includes("panic")) return "panic";
  if (/^(?:debug_)?assert(?:_eq|_ne)?$/.test(name)) return "assert";
  if (/_err(?:or)?$/.test(name) || ["reject_syntax", "parser_err", "uncategorized"].includes(name)) {
    return "error-macro";
  }
  return null;
}

/** A token-tree argument that is a message: a literal, `concat!(…)` or `format!("…", …)`. */
function tokenArgMessage(arg: readonly SyntaxNode[]): string | null {
  const literal = tokenArgLiteral(arg);
  if (literal !== null) return literal;
  const [first, bang, tree] = arg;
  if (arg.length === 3 && first?.text === "format" && bang?.type === "!" && tree?.type === "token_tree") {
    const inner = tokenArgs(tree)[0];
    return inner ? tokenArgLiteral(inner) : null;
  }
  return null;
}

/** `name = value` (a named argument of thiserror_ext and tracing macros), not `a == b`. */
function isNamedArg(arg: readonly SyntaxNode[]): boolean {
  return arg.length >= 2 && arg[0]?.type === "identifier" && arg[1]?.type === "=";
}

/**
 * The macro's message: the first argument that is a plain string, after the condition of an
 * assertion (`assert!(c, "…")`, `assert_eq!(a, b, "…")`) and skipping named arguments (`issue = 1234`).
 * Tracing's `?x` / `%x` (or a shorthand field after named ones) before it marks a logging wrapper.
 */
function firstMessageArg(name: string, args: readonly SyntaxNode[][]): string | null {
  const from = /assert_(?:eq|ne)$/.test(name) ? 2 : /assert$/.test(name) ? 1 : 0;
  let named = false;
  for (const arg of args.slice(from)) {
    if (isNamedArg(arg)) {
      named = true;
      continue;
    }
    const message = tokenArgMessage(arg);
    if (message !== null) return message;
    const first = arg[0];
    if (first && (first.text === "?" || first.text === "%")) return null;
    // After `key = value` fields, a bare name is tracing's field shorthand: a logging wrapper.
    if (named && arg.length === 1 && first?.type === "identifier") return null;
  }
  return null;
}

/**
 * tracing's `error!` / `warn!`: the message after the fields (`error = %e`, `?key`, `actor_id`).
 * A log line is not an error record, but people paste them: they are kept as `errorType: "log"`.
 */
function logMessage(args: readonly SyntaxNode[][]): string | null {
  for (const arg of args) {
    const message = tokenArgLiteral(arg);
    if (message !== null) return message;
  }
  return null;
}

/** Returns whether the macro's body should be re-parsed for constructs nested in it. */
export function handleMacro(node: SyntaxNode, ctx: WalkContext, emit: Emit): boolean {
  const name = macroName(node);
  const tree = tokenTreeOf(node);
  if (!tree) return false;
  const args = tokenArgs(tree);
  if (name === "error" || name === "warn") {
    const path = node.childForFieldName("macro")?.text ?? name;
    if (path === name || path === `tracing::${name}`) {
      const message = logMessage(args);
      if (message !== null) {
        const severity = name === "warn" ? "warning" : "error";
        emitFound({ message, line: lineOf(node, ctx), construct: "log", severity }, ctx, emit);
      }
    }
    return true;
  }
  const construct = messageMacro(name);
  if (construct) {
    const message = firstMessageArg(name, args);
    if (message !== null) emitFound({ message, macro: name, line: lineOf(node, ctx), construct }, ctx, emit);
    return true;
  }
  if (ctx.display && (name === "write" || name === "writeln")) {
    const message = args[1] ? tokenArgLiteral(args[1]) : null;
    if (message !== null) {
      emitFound({ message, line: lineOf(node, ctx), construct: "display", errorClass: ctx.display }, ctx, emit);
    }
    return true;
  }
  if (name === "format" && ctx.messageFn) {
    const message = formatLiteral(node);
    if (message !== null) emitFound({ message, line: lineOf(node, ctx), construct: "message-variable" }, ctx, emit);
    return true;
  }
  return true;
}

/**
 * A closure's body as a message: `|e| format!(…)`, `|| { format!(…) }`; with `literals`, also
 * `|| "…"` and `|| "…".to_owned()` (`.with_context`; `map_err(|_| "…")` is a plain string error).
 */
function closureMessage(node: SyntaxNode | undefined, literals: boolean): { text: string; plain: boolean } | null {
  if (node?.type !== "closure_expression") return null;
  let body = node.childForFieldName("body");
  if (body?.type === "block") {
    const last = body.namedChild(body.namedChildCount - 1);
    body = last?.type === "expression_statement" ? null : last;
  }
  if (!body) return null;
  const text = body.type === "macro_invocation" ? formatLiteral(body) : literals ? messageOfExpression(body) : null;
  return text === null ? null : { text, plain: !isFormatExpression(body) };
}

/** A path that names an error type or its constructor: some segment before the last says Error. */
function isErrorPath(path: string): boolean {
  const segments = path.split("::");
  return segments.length >= 2 && segments.slice(0, -1).some((s) => s.includes("Err") || s === "Status");
}

/** A bare function or tuple-struct name that builds an error: `*Error`, `*_err`, `*_error`. */
function isErrorHelper(name: string): boolean {
  return /(?:Error|_err|_error|Err)$/.test(name) && name !== "Err";
}

export function handleCall(node: SyntaxNode, ctx: WalkContext, emit: Emit): void {
  const fn = node.childForFieldName("function");
  if (!fn) return;
  const args = callArgs(node);
  if (fn.type === "field_expression") {
    methodCall(fn, args, ctx, emit);
    return;
  }
  const path = fn.type === "generic_function" ? (fn.childForFieldName("function")?.text ?? "") : fn.text;
  if (path === "Err") {
    constructorArgs(args, path, lineOf(node, ctx), null, ctx, emit, { errorClass: null });
    return;
  }
  if (fn.type === "scoped_identifier" && isErrorPath(path)) {
    const segments = path.split("::");
    const last = segments[segments.length - 1] ?? "";
    const owner = segments[segments.length - 2] ?? null;
    const variant = /^[A-Z]/.test(last) ? last : null;
    constructorArgs(args, path, lineOf(node, ctx), null, ctx, emit, {
      errorClass: path,
      errorEnum: variant ? owner : null,
      variant,
    });
    return;
  }
  if (fn.type === "identifier") {
    if (isErrorHelper(path)) constructorArgs(args, path, lineOf(node, ctx), null, ctx, emit, { errorClass: path });
    else if (/^[A-Z][A-Za-z0-9]*$/.test(path)) {
      constructorArgs(args, path, lineOf(node, ctx), path, ctx, emit, { errorClass: path, variant: path });
    }
  }
}

function constructorArgs(
  args: readonly SyntaxNode[],
  path: string,
  head: number,
  needsVariant: string | null,
  ctx: WalkContext,
  emit: Emit,
  extra: Pick<Found, "errorClass" | "errorEnum" | "variant">,
): void {
  // A helper method with several parameters (`not_found(kind, name)`, `invalid_worker(id, "…")`) takes
  // its message built with format!; its literals are kinds and labels. `Error::new(kind, "…")` is no helper.
  const helper = args.length > 1 && /(?:^|::)[a-z]\w*$/.test(path) && !path.endsWith("::new");
  for (const arg of args) {
    if (helper && arg.type !== "macro_invocation") continue;
    if (arg.type === "reference_expression") continue;
    const message = messageOfExpression(arg);
    if (message === null) continue;
    // Beside other arguments, a word without a space is a name (`ErrorMetric::new("user_sink_error_cnt", …)`).
    if (args.length > 1 && !/\s/.test(message)) continue;
    const found: Found = {
      message,
      plain: !isFormatExpression(arg),
      line: lineOf(arg, ctx),
      head,
      construct: "constructor",
      ...extra,
    };
    if (needsVariant) found.needsErrorVariant = needsVariant;
    emitFound(found, ctx, emit);
  }
}

function methodCall(fn: SyntaxNode, args: readonly SyntaxNode[], ctx: WalkContext, emit: Emit): void {
  const method = fn.childForFieldName("field");
  if (!method) return;
  const name = method.text;
  const line = lineOf(method, ctx);
  const first = args[0];
  if (name === "error" || name.endsWith("_error")) {
    // A parser's own error helper: `self.error("Unterminated string literal")`, `self.tokenizer_error(…)`.
    const message = args.length === 1 ? messageOfExpression(first ?? null) : null;
    if (message !== null)
      emitFound({ message, plain: !isFormatExpression(first ?? null), line, construct: "constructor" }, ctx, emit);
    return;
  }
  switch (name) {
    case "expect": {
      const message = messageOfExpression(first ?? null);
      if (message === null) return;
      const plain = !isFormatExpression(first ?? null);
      if (ctx.sqlparser) {
        emitFound(
          { message, plain, line, construct: "parser-expect", errorClass: "winnow::StrContext::Expected" },
          ctx,
          emit,
        );
      } else emitFound({ message, plain, line, construct: "expect" }, ctx, emit);
      return;
    }
    case "context": {
      const message = messageOfExpression(first ?? null);
      if (message !== null)
        emitFound({ message, plain: !isFormatExpression(first ?? null), line, construct: "context" }, ctx, emit);
      return;
    }
    case "with_context": {
      const found = closureMessage(first, true);
      if (found) emitFound({ message: found.text, plain: found.plain, line, construct: "context" }, ctx, emit);
      return;
    }
    case "map_err":
    case "ok_or_else": {
      const found = closureMessage(first, false);
      if (found) {
        emitFound(
          { message: found.text, plain: found.plain, line: lineOf(first as SyntaxNode, ctx), construct: "constructor" },
          ctx,
          emit,
        );
      }
      return;
    }
    case "ok_or": {
      const message = messageOfExpression(first ?? null);
      if (message !== null && first) {
        emitFound(
          { message, plain: !isFormatExpression(first), line: lineOf(first, ctx), construct: "constructor" },
          ctx,
          emit,
        );
      }
      return;
    }
    case "write_str":
      if (ctx.display && first && isStringLiteral(first)) {
        const message = literalValue(first);
        if (message !== null)
          emitFound({ message, plain: true, line, construct: "display", errorClass: ctx.display }, ctx, emit);
      }
      return;
  }
}

const MESSAGE_FIELD = /^(?:reason|message|msg|error|err_msg|error_msg|detail|details)$/;

/** `Enum::Variant { reason: format!("…") }`: each field that carries a message. */
export function handleStruct(node: SyntaxNode, ctx: WalkContext, emit: Emit): void {
  const name = node.childForFieldName("name")?.text ?? "";
  const segments = name.split("::");
  if (!isErrorPath(name)) return;
  const body = node.childForFieldName("body");
  if (!body) return;
  const last = lastSegment(name);
  const owner = segments.length >= 2 ? (segments[segments.length - 2] ?? null) : null;
  for (let i = 0; i < body.namedChildCount; i++) {
    const field = body.namedChild(i);
    if (field?.type !== "field_initializer") continue;
    const value = field.childForFieldName("value");
    // Fields named for a message (`reason`, `message`) carry one when it is built (format!, "…".into());
    // other fields and bare literals are names and labels (`name: "oid"`, `expected: "…"`).
    const fieldName = field.childForFieldName("field")?.text ?? "";
    if (!value || !MESSAGE_FIELD.test(fieldName) || isStringLiteral(value)) continue;
    const message = messageOfExpression(value);
    if (message === null) continue;
    emitFound(
      {
        message,
        plain: !isFormatExpression(value),
        line: lineOf(value, ctx),
        head: lineOf(node, ctx),
        construct: "constructor",
        errorClass: name,
        errorEnum: owner,
        variant: owner ? last : null,
      },
      ctx,
      emit,
    );
  }
}

/** `let msg`, `let err_msg`, `let error_string`, `let abort_reason`, `let message`. */
const MESSAGE_VARIABLE = /^(?:msg|message|reason|error|err_\w+|error_\w+|\w+_msg|\w+_message|\w+_reason)$/;

/** `let msg = "…" | format!(…) | match … { _ => "…" }`. */
export function handleLet(node: SyntaxNode, ctx: WalkContext, emit: Emit): void {
  const pattern = node.childForFieldName("pattern");
  if (pattern?.type !== "identifier" || !MESSAGE_VARIABLE.test(pattern.text)) return;
  const value = node.childForFieldName("value");
  if (!value) return;
  if (value.type === "match_expression") {
    for (const arm of value.descendantsOfType("match_arm")) {
      const v = arm?.childForFieldName("value");
      const message = v && isStringLiteral(v) ? literalValue(v) : null;
      if (message !== null && v) {
        emitFound({ message, plain: true, line: lineOf(v, ctx), construct: "message-variable" }, ctx, emit);
      }
    }
    return;
  }
  const message = messageOfExpression(value);
  if (message !== null) {
    emitFound(
      { message, plain: !isFormatExpression(value), line: lineOf(value, ctx), construct: "message-variable" },
      ctx,
      emit,
    );
  }
}

/** `const ERROR_X: &str = "…"`, `const …MESSAGE: &str = "…"`. */
export function handleConst(node: SyntaxNode, ctx: WalkContext, emit: Emit): void {
  const name = node.childForFieldName("name")?.text ?? "";
  if (!/ERROR|MESSAGE|_MSG|HINT/.test(name)) return;
  const value = node.childForFieldName("value");
  // A constant is a message when it is a sentence; `ERROR_KEY = "risingwave-error-bin"` is a key.
  const message = value && isStringLiteral(value) ? literalValue(value) : null;
  if (message !== null && /\s/.test(message)) {
    emitFound({ message, plain: true, line: lineOf(node, ctx), construct: "message-variable" }, ctx, emit);
  }
}

/** `X => "…"` inside `impl Display for T`. */
export function handleMatchArm(node: SyntaxNode, ctx: WalkContext, emit: Emit): void {
  if (!ctx.display) return;
  const value = node.childForFieldName("value");
  if (!value || !isStringLiteral(value)) return;
  const message = literalValue(value);
  if (message !== null) {
    emitFound(
      { message, plain: true, line: lineOf(value, ctx), construct: "display", errorClass: ctx.display },
      ctx,
      emit,
    );
  }
}
