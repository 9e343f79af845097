/** What a log input may be: a Node Readable (file, stdin) or any iterable of chunks. */
export type LogInput = AsyncIterable<string | Uint8Array> | Iterable<string | Uint8Array>;

/**
 * Called once per line with its bytes `buf[start, end)` (line break and a trailing `\r`
 * excluded): the caller decodes only the lines it needs, which is what makes a scan fast.
 */
export type LineVisitor = (buf: Buffer, start: number, end: number, number: number) => void;

export interface ReadTotals {
  lines: number;
  bytes: number;
}

const NEWLINE = 10;
const CR = 13;

/**
 * Splits chunks into lines without holding more than one chunk and one partial line. A line
 * longer than maxBytes (a binary blob, a minified dump) is cut and the rest of it skipped, so
 * memory stays flat whatever the input.
 */
export async function readLines(input: LogInput, maxBytes: number, visit: LineVisitor): Promise<ReadTotals> {
  let rest: Buffer | null = null;
  let skipping = false;
  let number = 0;
  let bytes = 0;
  const emit = (buf: Buffer, start: number, end: number): void => {
    let e = Math.min(end, start + maxBytes);
    if (e > start && buf[e - 1] === CR) e--;
    visit(buf, start, e, number);
  };
  for await (const chunk of input) {
    const buf = typeof chunk === "string" ? Buffer.from(chunk, "utf8") : toBuffer(chunk);
    bytes += buf.length;
    let start = 0;
    let nl = buf.indexOf(NEWLINE);
    while (nl >= 0) {
      number++;
      if (skipping) {
        skipping = false;
      } else if (rest) {
        const line: Buffer = Buffer.concat([rest, buf.subarray(start, nl)]);
        emit(line, 0, line.length);
      } else {
        emit(buf, start, nl);
      }
      rest = null;
      start = nl + 1;
      nl = buf.indexOf(NEWLINE, start);
    }
    if (skipping || start >= buf.length) continue;
    rest = rest ? Buffer.concat([rest, buf.subarray(start)]) : Buffer.from(buf.subarray(start));
    if (rest.length > maxBytes) {
      // Emit the head now; drop the rest of this overlong line until its newline comes.
      number++;
      emit(rest, 0, maxBytes);
      number--;
      rest = null;
      skipping = true;
    }
  }
  if (skipping) return { lines: number + 1, bytes };
  if (rest && rest.length > 0) {
    number++;
    emit(rest, 0, rest.length);
  }
  return { lines: number, bytes };
}

function toBuffer(chunk: Uint8Array): Buffer {
  return Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
}

export interface LogLine {
  /** 1-based. */
  number: number;
  text: string;
}

/** Every line decoded (for tests and small inputs; scanLog decodes only what it reads). */
export async function collectLines(input: LogInput, maxBytes: number): Promise<LogLine[]> {
  const out: LogLine[] = [];
  await readLines(input, maxBytes, (buf, start, end, number) => {
    out.push({ number, text: buf.toString("utf8", start, end) });
  });
  return out;
}
