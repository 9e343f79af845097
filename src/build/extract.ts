/**
 * One Rust file → the error messages it can print. Walks tree-sitter's syntax tree with the context a
 * message needs (enclosing fn, impl, enum, test code), and re-parses the token trees of macros, since
 * tree-sitter leaves macro bodies unparsed. The constructs are those of the reference extraction
 * (`../shared/corpus/README.md`); test code is skipped (`#[cfg(test)]`, `#[test]` items and arms).
 */
import type { Parser } from "web-tree-sitter";
import { errorAttributeMessage, isTestAttribute } from "./attributes.ts";
import {
  type Emit,
  handleCall,
  handleConst,
  handleLet,
  handleMacro,
  handleMatchArm,
  handleStruct,
} from "./constructs.ts";
import { parseWith, type SyntaxNode } from "./rust-parser.ts";
import { typeName } from "./syntax.ts";
import type { FileExtraction, FoundMessage } from "./types.ts";

/** Where the walk is: what a message found here is attributed to. */
export interface WalkContext {
  /** The enclosing fn (`Type::method` inside an impl). */
  fn: string | null;
  implType: string | null;
  /** The type of the `impl Display for T` the walk is inside, if any. */
  display: string | null;
  enumName: string | null;
  /** Inside a fn whose name says it builds messages (`*_msg`, `*err*`, `*hint*`). */
  messageFn: boolean;
  /** Inside `src/sqlparser`, where `.expect("label")` is winnow's parser label, not a panic. */
  sqlparser: boolean;
  /** Rows to add: a re-parsed token tree starts at 0. */
  rowOffset: number;
}

/** Macros whose bodies are never messages nor hold constructs worth a re-parse. */
const NO_REPARSE = new Set(["include_str", "include_bytes", "env", "stringify", "concat", "cfg", "line", "file"]);

/** The name a re-parsed token tree's wrapper fn has, so the walk keeps the outer fn's name. */
const WRAPPER_FN = "__rwerror_tt";

export class FileExtractor {
  private readonly found: { message: FoundMessage; head: number }[] = [];
  private readonly errorVariants = new Set<string>();
  /** Types of this file that are errors: named `*Error*` or `#[derive(Error)]`. */
  private errorTypes = new Set<string>();

  constructor(
    private readonly parser: Parser,
    private readonly filePath: string,
  ) {}

  extract(text: string): FileExtraction {
    const tree = parseWith(this.parser, text);
    try {
      this.errorTypes = errorTypesOf(tree.rootNode);
      this.walkChildren(tree.rootNode, {
        fn: null,
        implType: null,
        display: null,
        enumName: null,
        messageFn: false,
        sqlparser: this.filePath.startsWith("src/sqlparser/"),
        rowOffset: 0,
      });
    } finally {
      tree.delete();
    }
    return { messages: inSourceOrder(this.found), errorVariants: [...this.errorVariants].sort() };
  }

  private readonly emit: Emit = (message, head) => {
    this.found.push({ message, head });
  };

  /** A node's children, skipping items under a test attribute and handing `#[error]` to the item. */
  private walkChildren(node: SyntaxNode, ctx: WalkContext): void {
    let attributes: SyntaxNode[] = [];
    for (let i = 0; i < node.childCount; i++) {
      const child = node.child(i);
      if (!child) continue;
      if (child.type === "attribute_item") {
        attributes.push(child);
        continue;
      }
      if (child.type === "line_comment" || child.type === "block_comment" || !child.isNamed) {
        if (child.isNamed) continue;
        this.walk(child, ctx);
        continue;
      }
      if (attributes.some(isTestAttribute)) {
        attributes = [];
        continue;
      }
      for (const attribute of attributes) this.errorAttribute(attribute, child, ctx);
      attributes = [];
      this.walk(child, ctx);
    }
  }

  /** `#[error("…")]` on an enum variant (`Enum::Variant`) or a struct (`Struct`). */
  private errorAttribute(attribute: SyntaxNode, item: SyntaxNode, ctx: WalkContext): void {
    const found = errorAttributeMessage(attribute);
    if (!found) return;
    const name = item.childForFieldName("name")?.text ?? null;
    let errorEnum: string | null = null;
    let variant: string | null = null;
    let owner: string | null = null;
    if (item.type === "enum_variant" && ctx.enumName) {
      errorEnum = ctx.enumName;
      variant = name;
      owner = ctx.enumName;
      if (name) this.errorVariants.add(name);
    } else if (item.type === "struct_item" || item.type === "enum_item") {
      owner = name;
    } else return;
    if (found.message === null) return;
    const line = attribute.startPosition.row + 1 + ctx.rowOffset;
    this.emit(
      {
        errorMessage: found.message,
        lineNumber: line,
        construct: "error-attr",
        function: owner,
        errorEnum,
        variant,
        errorClass: errorEnum && variant ? `${errorEnum}::${variant}` : owner,
        severity: "error",
        errorType: "error_code",
      },
      line,
    );
  }

  private walk(node: SyntaxNode, ctx: WalkContext): void {
    switch (node.type) {
      case "function_item":
      case "function_signature_item": {
        const name = node.childForFieldName("name")?.text ?? "";
        if (name === WRAPPER_FN) break;
        const fn = ctx.implType ? `${ctx.implType}::${name}` : name;
        ctx = { ...ctx, fn, messageFn: /_msg$|err|hint|message/i.test(name) };
        break;
      }
      case "impl_item": {
        const implType = typeName(node.childForFieldName("type"));
        const trait = typeName(node.childForFieldName("trait"));
        const isError = implType !== null && (implType.includes("Error") || this.errorTypes.has(implType));
        ctx = { ...ctx, implType, display: trait === "Display" && isError ? implType : null };
        break;
      }
      case "trait_item":
        ctx = { ...ctx, implType: node.childForFieldName("name")?.text ?? null, display: null };
        break;
      case "enum_item":
        ctx = { ...ctx, enumName: node.childForFieldName("name")?.text ?? null };
        break;
      case "match_arm": {
        for (let i = 0; i < node.childCount; i++) {
          const c = node.child(i);
          if (c?.type === "attribute_item" && isTestAttribute(c)) return;
        }
        handleMatchArm(node, ctx, this.emit);
        break;
      }
      case "macro_invocation":
        if (handleMacro(node, ctx, this.emit)) this.reparseMacro(node, ctx);
        return;
      case "macro_definition":
        this.reparseMacroRules(node, ctx);
        return;
      case "call_expression":
        handleCall(node, ctx, this.emit);
        break;
      case "struct_expression":
        handleStruct(node, ctx, this.emit);
        break;
      case "let_declaration":
        handleLet(node, ctx, this.emit);
        break;
      case "const_item":
      case "static_item":
        handleConst(node, ctx, this.emit);
        break;
      case "token_tree":
        return;
    }
    this.walkChildren(node, ctx);
  }

  /** A macro's token tree parsed as the arguments of a call, so calls and macros inside it are seen. */
  private reparseMacro(node: SyntaxNode, ctx: WalkContext): void {
    const tree = node.lastChild;
    if (tree?.type !== "token_tree" || !hasInnerStructure(tree)) return;
    const name = node.childForFieldName("macro")?.text ?? "";
    if (NO_REPARSE.has(name)) return;
    this.reparse(tree, ctx);
  }

  private reparseMacroRules(node: SyntaxNode, ctx: WalkContext): void {
    for (let i = 0; i < node.namedChildCount; i++) {
      const rule = node.namedChild(i);
      const right = rule?.type === "macro_rule" ? rule.childForFieldName("right") : null;
      if (right && hasInnerStructure(right)) this.reparse(right, ctx);
    }
  }

  private reparse(tree: SyntaxNode, ctx: WalkContext): void {
    const text = macroBodyText(tree);
    const open = text[0];
    const inner = text.slice(1, -1);
    // The wrapper adds no newline, so the new tree's rows are the token tree's rows from its start.
    const source = open === "{" ? `fn ${WRAPPER_FN}(){${inner}}` : `fn ${WRAPPER_FN}(){${WRAPPER_FN}(${inner});}`;
    const parsed = parseWith(this.parser, source);
    try {
      this.walkChildren(parsed.rootNode, { ...ctx, rowOffset: ctx.rowOffset + tree.startPosition.row });
    } finally {
      parsed.delete();
    }
  }
}

/**
 * Messages by line; on one line, the construct that starts there first (a format! on its own line
 * beats the constructor call above it), then a message variable before a constructor. The first of a
 * message's occurrences is the one a record keeps.
 */
function inSourceOrder(found: readonly { message: FoundMessage; head: number }[]): FoundMessage[] {
  const tieRank = (f: { message: FoundMessage; head: number }) =>
    (f.head === f.message.lineNumber ? 0 : 2) + (f.message.construct === "constructor" ? 0 : 1);
  return [...found]
    .map((f, i) => ({ ...f, i }))
    .sort((a, b) => a.message.lineNumber - b.message.lineNumber || tieRank(a) - tieRank(b) || a.i - b.i)
    .map((f) => f.message);
}

/**
 * The file's error types declared with `#[derive(…Error…)]`. (A wrapper that only implements
 * `std::error::Error` by hand, like `TonicStatusWrapper`, prints other errors' messages.)
 */
function errorTypesOf(root: SyntaxNode): Set<string> {
  const types = new Set<string>();
  for (const item of root.descendantsOfType(["struct_item", "enum_item"])) {
    if (!item) continue;
    let attribute = item.previousNamedSibling;
    while (attribute?.type === "attribute_item" || attribute?.type === "line_comment") {
      if (/^#\[derive\([^)]*\bError\b/.test(attribute.text)) {
        const name = item.childForFieldName("name")?.text;
        if (name) types.add(name);
      }
      attribute = attribute.previousNamedSibling;
    }
  }
  return types;
}

/**
 * A token tree's text as Rust the parser can read: a `macro_rules!` body's repetitions
 * (`$( … ),*`) lose their `$`, parentheses, separator and operator, and `$x` becomes `_x`.
 * Every replacement keeps the length and the newlines, so positions stay where they were.
 */
function macroBodyText(tree: SyntaxNode): string {
  const text = tree.text;
  if (!text.includes("$")) return text;
  // Node offsets are string indices (UTF-16 units), so the text is cut into units, not code points.
  const units = text.split("");
  const base = tree.startIndex;
  const blank = (node: SyntaxNode | null) => {
    if (!node) return;
    for (let i = node.startIndex; i < node.endIndex; i++) if (units[i - base] !== "\n") units[i - base] = " ";
  };
  for (const rep of tree.descendantsOfType("token_repetition")) {
    if (!rep) continue;
    const n = rep.childCount;
    blank(rep.child(0)); // $
    blank(rep.child(1)); // (
    // `)` then an optional separator then the operator.
    let close = n - 1;
    while (close > 1 && rep.child(close)?.type !== ")") close--;
    for (let i = close; i < n; i++) blank(rep.child(i));
  }
  for (const v of tree.descendantsOfType("metavariable")) {
    if (v) units[v.startIndex - base] = "_";
  }
  return units.join("");
}

/** A token tree worth re-parsing: it holds a nested token tree (a call, a macro, a block). */
function hasInnerStructure(tree: SyntaxNode): boolean {
  for (let i = 1; i < tree.childCount - 1; i++) {
    const type = tree.child(i)?.type;
    if (type === "token_tree" || type === "token_repetition") return true;
  }
  return false;
}

export function extractFile(parser: Parser, filePath: string, text: string): FileExtraction {
  return new FileExtractor(parser, filePath).extract(text);
}
