/**
 * The Rust parser: web-tree-sitter (WebAssembly, no native build) with the grammar that ships inside
 * tree-sitter-rust 0.24 (`tree-sitter-rust.wasm`). Loaded once per thread; callers free every tree
 * with `tree.delete()` (wasm memory is not garbage-collected).
 */
import { createRequire } from "node:module";
import { Language, Parser, type Tree } from "web-tree-sitter";

export type { Node as SyntaxNode, Tree } from "web-tree-sitter";

let ready: Promise<Parser> | undefined;

function grammarPath(): string {
  return createRequire(import.meta.url).resolve("tree-sitter-rust/tree-sitter-rust.wasm");
}

/** One parser for this thread, with the Rust grammar set. */
export function rustParser(): Promise<Parser> {
  ready ??= (async () => {
    await Parser.init();
    const rust = await Language.load(grammarPath());
    const parser = new Parser();
    parser.setLanguage(rust);
    return parser;
  })();
  return ready;
}

/** Parses Rust text; the caller must `delete()` the tree. */
export function parseWith(parser: Parser, text: string): Tree {
  const tree = parser.parse(text);
  if (!tree) throw new Error("tree-sitter returned no tree");
  return tree;
}
