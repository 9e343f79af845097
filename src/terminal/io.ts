/** Terminal I/O the commands receive, so tests and the console can substitute streams. */
export interface CliIo {
  stdin: NodeJS.ReadableStream & { isTTY?: boolean };
  out(text: string): void;
  err(text: string): void;
}

export function processIo(): CliIo {
  // `rwerror scan big.log | head` closes the pipe early: that is the reader's choice, not an error.
  process.stdout.on("error", (e: NodeJS.ErrnoException) => {
    if (e.code === "EPIPE") process.exit(0);
    throw e;
  });
  return {
    stdin: process.stdin,
    out: (t) => process.stdout.write(t.endsWith("\n") ? t : `${t}\n`),
    err: (t) => process.stderr.write(t.endsWith("\n") ? t : `${t}\n`),
  };
}

/**
 * Reads all of stdin, keeping at most `maxBytes` (the matcher cuts and reports the rest;
 * reading stops growing memory past the cap so a huge pipe cannot exhaust it).
 */
export async function readAll(stream: NodeJS.ReadableStream, maxBytes: number): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    const buf = typeof chunk === "string" ? Buffer.from(chunk) : (chunk as Buffer);
    if (size < maxBytes) chunks.push(buf.subarray(0, maxBytes - size + 1));
    size += buf.length;
  }
  return Buffer.concat(chunks).toString("utf8");
}
