import { closeSync, openSync, readFileSync, readSync } from "node:fs";
import { gunzipSync } from "node:zlib";

export interface RawItem {
  line: number;
  text: string;
}

const CHUNK = 1 << 22;

/** Thrown into the parse loop when a file turns out to hold a NUL byte (not text). */
export class BinaryFileError extends Error {}

/**
 * The non-blank lines of a JSON Lines file, read in 4 MiB chunks: a 130 MB dataset is never one
 * Buffer or one JS string, which keeps load time and peak memory down.
 */
export function* readJsonLines(path: string): Generator<RawItem> {
  const fd = openSync(path, "r");
  let buf = Buffer.allocUnsafe(CHUNK);
  // Bytes [0, kept) are the unfinished last line of the previous read; new bytes go behind them.
  let kept = 0;
  let line = 1;
  let first = true;
  try {
    for (;;) {
      if (kept === buf.length) {
        // One line longer than the buffer: grow it rather than split the line.
        const bigger = Buffer.allocUnsafe(buf.length * 2);
        buf.copy(bigger, 0, 0, kept);
        buf = bigger;
      }
      const n = readSync(fd, buf, kept, buf.length - kept, null);
      if (n === 0) break;
      if (buf.subarray(kept, kept + n).includes(0)) throw new BinaryFileError();
      let start = 0;
      if (first && buf[0] === 0xef && buf[1] === 0xbb && buf[2] === 0xbf) start = 3;
      first = false;
      const end = kept + n;
      for (let nl = buf.indexOf(10, start); nl >= 0 && nl < end; nl = buf.indexOf(10, start)) {
        const text = buf.toString("utf8", start, nl > start && buf[nl - 1] === 13 ? nl - 1 : nl);
        if (text.trim() !== "") yield { line, text };
        line++;
        start = nl + 1;
      }
      kept = end - start;
      buf.copy(buf, 0, start, end);
    }
    const rest = buf.toString("utf8", 0, kept).replace(/\r$/, "");
    if (rest.trim() !== "") yield { line, text: rest };
  } finally {
    closeSync(fd);
  }
}

/** The head of a file, to tell JSON Lines from a JSON array or one pretty-printed document. */
export function readHead(path: string, bytes = 1 << 16): string {
  const fd = openSync(path, "r");
  try {
    const buf = Buffer.allocUnsafe(bytes);
    const n = readSync(fd, buf, 0, bytes, 0);
    return buf.toString("utf8", 0, n).replace(/^\uFEFF/, "");
  } finally {
    closeSync(fd);
  }
}

/** A gzip file's name: `risingwave.jsonl.gz`. */
export function isGzipFile(path: string): boolean {
  return path.toLowerCase().endsWith(".gz");
}

/**
 * The non-blank lines of a gzipped JSON Lines file. The shipped catalog is ~2 MB compressed and a
 * few MB unpacked, so it is inflated at once (one Buffer), then cut into lines without one big string.
 */
export function* readGzipJsonLines(path: string): Generator<RawItem> {
  let buf: Buffer;
  try {
    buf = gunzipSync(readFileSync(path));
  } catch (e) {
    throw new Error(`not a readable gzip file (${(e as Error).message})`);
  }
  if (buf.includes(0)) throw new BinaryFileError();
  let start = buf[0] === 0xef && buf[1] === 0xbb && buf[2] === 0xbf ? 3 : 0;
  let line = 1;
  while (start <= buf.length) {
    let nl = buf.indexOf(10, start);
    if (nl < 0) nl = buf.length;
    const text = buf.toString("utf8", start, nl > start && buf[nl - 1] === 13 ? nl - 1 : nl);
    if (text.trim() !== "") yield { line, text };
    line++;
    start = nl + 1;
  }
}
