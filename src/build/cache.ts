/**
 * What each blob yielded, kept between builds: a rebuild after a new tag only parses the files that
 * changed. One gzip JSON file, keyed by blob id, stamped with a fingerprint of the extractor's own
 * code so a changed extractor never reads stale results.
 */
import { createHash } from "node:crypto";
import { mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";
import { fileURLToPath } from "node:url";
import { gunzipSync, gzipSync } from "node:zlib";
import type { FileExtraction } from "./types.ts";

/** The modules whose code decides what a blob yields. */
const EXTRACTOR_MODULES = ["extract", "constructs", "syntax", "attributes", "rust-literal", "types"];

let fingerprint: string | undefined;

/** A hash of the extractor's source (the .ts files in a checkout, the .js files of the package). */
export function extractorFingerprint(): string {
  if (fingerprint) return fingerprint;
  const hash = createHash("sha256");
  for (const name of EXTRACTOR_MODULES) {
    for (const ext of [".ts", ".js"]) {
      try {
        hash.update(readFileSync(fileURLToPath(new URL(`./${name}${ext}`, import.meta.url))));
        break;
      } catch {
        // the other extension
      }
    }
  }
  fingerprint = hash.digest("hex").slice(0, 16);
  return fingerprint;
}

interface CacheFile {
  extractor: string;
  entries: Record<string, FileExtraction>;
}

export class ExtractionCache {
  private entries = new Map<string, FileExtraction>();
  private dirty = false;
  hits = 0;
  misses = 0;

  constructor(private readonly path: string | null) {
    if (!path) return;
    try {
      const file = JSON.parse(gunzipSync(readFileSync(path)).toString("utf8")) as CacheFile;
      if (file.extractor === extractorFingerprint()) this.entries = new Map(Object.entries(file.entries));
    } catch {
      // no cache yet, or an unreadable one: start empty
    }
  }

  get(key: string): FileExtraction | undefined {
    const hit = this.entries.get(key);
    if (hit) this.hits++;
    else this.misses++;
    return hit;
  }

  set(key: string, value: FileExtraction): void {
    this.entries.set(key, value);
    this.dirty = true;
  }

  /** Writes the cache, then lets its entries go (the later stages need only the merged messages). */
  saveAndRelease(): void {
    this.save();
    this.entries = new Map();
  }

  /** Writes the cache (write, then rename); a cache that cannot be written is only a slower next build. */
  save(): void {
    if (!this.path || !this.dirty) return;
    const file: CacheFile = { extractor: extractorFingerprint(), entries: Object.fromEntries(this.entries) };
    try {
      mkdirSync(dirname(this.path), { recursive: true });
      const tmp = `${this.path}.${process.pid}.tmp`;
      writeFileSync(tmp, gzipSync(JSON.stringify(file), { level: 6 }));
      renameSync(tmp, this.path);
      this.dirty = false;
    } catch {
      // best effort
    }
  }
}

/** The cache key of a blob: the id, plus the one path fact the extractor reads (sqlparser's winnow labels). */
export function cacheKey(blob: string, filePath: string): string {
  return filePath.startsWith("src/sqlparser/") ? `${blob}:sqlparser` : blob;
}
