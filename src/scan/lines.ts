import { StringDecoder } from "node:string_decoder";

/** What a log input may be: a Node Readable (file, stdin) or any async iterable of chunks. */
export type LogInput = AsyncIterable<string | Uint8Array> | Iterable<string | Uint8Array>;

export interface LogLine {
  /** 1-based. */
  number: number;
  /** Without the line break (`\n` or `\r\n`); cut to maxChars. */
  text: string;
}

/**
 * Splits chunks into lines without holding more than one chunk and one partial line.
 * A "line" longer than maxChars (a binary blob, a minified dump) is cut and the rest of it
 * skipped, so memory stays flat whatever the input.
 */
export async function* splitLines(input: LogInput, maxChars: number): AsyncGenerator<LogLine[]> {
  const decoder = new StringDecoder("utf8");
  let rest = "";
  let skipping = false;
  let number = 0;
  for await (const chunk of input) {
    const text = typeof chunk === "string" ? chunk : decoder.write(chunk as Buffer);
    const batch: LogLine[] = [];
    let start = 0;
    let nl = text.indexOf("\n");
    while (nl >= 0) {
      if (skipping) {
        skipping = false;
      } else {
        const line = rest === "" ? text.slice(start, nl) : rest + text.slice(start, nl);
        batch.push({ number: number + 1, text: trimLine(line, maxChars) });
      }
      number++;
      rest = "";
      start = nl + 1;
      nl = text.indexOf("\n", start);
    }
    if (!skipping && start < text.length) {
      rest += text.slice(start);
      if (rest.length > maxChars) {
        // Emit the head now and drop the rest of this overlong line when its newline comes.
        batch.push({ number: number + 1, text: rest.slice(0, maxChars) });
        rest = "";
        skipping = true;
      }
    }
    if (batch.length > 0) yield batch;
  }
  const tail = rest + decoder.end();
  if (!skipping && tail !== "") yield [{ number: number + 1, text: trimLine(tail, maxChars) }];
}

function trimLine(line: string, maxChars: number): string {
  const cut = line.length > maxChars ? line.slice(0, maxChars) : line;
  return cut.charCodeAt(cut.length - 1) === 13 ? cut.slice(0, -1) : cut;
}
