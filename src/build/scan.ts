/**
 * One revision → the messages its product sources print: the tree, the crates that are not product
 * code, each Rust file's extraction (cached by blob), then the revision-wide rules: a message passed
 * to a bare variant counts only when some file declares that variant with `#[error]`, templates too
 * short to recognise are dropped, and a file keeps the first occurrence of each message.
 */
import type { Parser } from "web-tree-sitter";
import { cacheKey, type ExtractionCache } from "./cache.ts";
import { inSkippedCrate, manifests, skippedCrates } from "./crates.ts";
import { extractFile } from "./extract.ts";
import { type FileFacts, factsOfFile, isFactsSource } from "./facts.ts";
import { type BlobReader, listTree } from "./git.ts";
import { isProductSource } from "./paths.ts";
import type { ExtractorPool } from "./pool.ts";
import { literalChars, MIN_LITERAL_CHARS } from "./template.ts";
import type { FileExtraction, FoundMessage, Revision } from "./types.ts";

export interface ScanContext {
  reader: BlobReader;
  /** Parses in worker threads; null: in this thread, with `parser`. */
  pool: ExtractorPool | null;
  parser: Parser | null;
  cache: ExtractionCache;
  /** Cargo.toml text by blob id (a handful of manifests, read once). */
  manifestText: Map<string, string>;
  /** Identifiers a facts file yields, by blob (system catalogs, WITH options, config keys). */
  factsByBlob: Map<string, FileFacts>;
}

export interface FoundAt {
  filePath: string;
  /** The blob the message was read from (for `--source-lines`). */
  blob: string;
  message: FoundMessage;
}

/**
 * `filePath \0 errorMessage`: one record per pair. A log line is keyed apart (`log\0…`), so a message
 * that is an error in one release and a log line in another keeps its error releases exact; the merge
 * drops the log entry when an error record holds the same words.
 */
export function recordKey(filePath: string, errorMessage: string, log = false): string {
  return `${log ? "log\u0000" : ""}${filePath}\u0000${errorMessage}`;
}

async function extraction(ctx: ScanContext, blob: string, filePath: string): Promise<FileExtraction> {
  const key = cacheKey(blob, filePath);
  const cached = ctx.cache.get(key);
  if (cached) return cached;
  const text = await ctx.reader.text(blob);
  const found = ctx.pool ? await ctx.pool.extract(filePath, text) : extractFile(ctx.parser as Parser, filePath, text);
  ctx.cache.set(key, found);
  return found;
}

/** Files in flight at once: enough to keep every worker busy, few enough to bound memory. */
const IN_FLIGHT = 16;

/** `f` over `items` with at most `limit` running, results in input order. */
async function mapInOrder<T, R>(items: readonly T[], limit: number, f: (item: T) => Promise<R>): Promise<R[]> {
  const out = new Array<R>(items.length);
  let next = 0;
  const run = async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await f(items[i] as T);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, run));
  return out;
}

export interface RevisionScan {
  files: number;
  messages: Map<string, FoundAt>;
  facts: FileFacts[];
}

export async function scanRevision(repo: string, ctx: ScanContext, rev: Revision): Promise<RevisionScan> {
  const entries = await listTree(repo, rev.commit);
  const found = [];
  for (const m of manifests(entries)) {
    let text = ctx.manifestText.get(m.blob);
    if (text === undefined) {
      text = await ctx.reader.text(m.blob);
      ctx.manifestText.set(m.blob, text);
    }
    found.push({ dir: m.dir, text });
  }
  const rule = skippedCrates(found);
  const files = entries.filter((e) => isProductSource(e.path) && !inSkippedCrate(e.path, rule));
  const perFile: { filePath: string; blob: string; extraction: FileExtraction }[] = [];
  const variants = new Set<string>();
  const extractions = await mapInOrder(files, ctx.pool ? IN_FLIGHT : 1, (f) => extraction(ctx, f.blob, f.path));
  files.forEach((file, i) => {
    const ex = extractions[i] as FileExtraction;
    for (const v of ex.errorVariants) variants.add(v);
    if (ex.messages.length > 0) perFile.push({ filePath: file.path, blob: file.blob, extraction: ex });
  });
  const messages = new Map<string, FoundAt>();
  for (const { filePath, blob, extraction: ex } of perFile) {
    for (const message of ex.messages) {
      if (message.needsErrorVariant && !variants.has(message.needsErrorVariant)) continue;
      if (literalChars(message.errorMessage, message.plain) < MIN_LITERAL_CHARS) continue;
      const key = recordKey(filePath, message.errorMessage, message.errorType === "log");
      if (!messages.has(key)) messages.set(key, { filePath, blob, message });
    }
  }
  const facts: FileFacts[] = [];
  for (const entry of entries) {
    if (!isFactsSource(entry.path)) continue;
    let found = ctx.factsByBlob.get(`${entry.blob}:${entry.path}`);
    if (!found) {
      found = factsOfFile(entry.path, await ctx.reader.text(entry.blob));
      ctx.factsByBlob.set(`${entry.blob}:${entry.path}`, found);
    }
    facts.push(found);
  }
  return { files: files.length, messages, facts };
}
