/** `thread 'name' panicked at …`, with the optional thread id of newer Rust (`thread 'x' (360)`). */
export const PANIC_HEADER = /thread '([^']*)'(?: \(\d+\))? panicked at (.*)$/;
/**
 * A panic quoted without its `thread '…'` (`panicked at 'msg', file:l:c`, a JSON `panicInfo`):
 * only with a quote or a location after it, so "it panicked at startup" is prose.
 */
export const BARE_PANIC_HEADER = /(?:^|[\s"`])panicked at ((?:'|[^\s']+:\d+:\d+).*)$/;

/** Does this line start a panic report, with or without the thread? */
export function isPanicHeader(line: string): boolean {
  return PANIC_HEADER.test(line) || BARE_PANIC_HEADER.test(line);
}

function headerRest(line: string): string | null {
  const m = PANIC_HEADER.exec(line);
  if (m) return m[2] ?? "";
  const b = BARE_PANIC_HEADER.exec(line);
  return b ? (b[1] ?? "") : null;
}
const LOCATION = /^[^\s']+:\d+:\d+:?\s*$/;
const OLD_STYLE_END = /', [^\s']+:\d+:\d+\s*$/;
const MESSAGE_END = /^(?:note: |stack backtrace:|\s*\d+: |\[?\d{4}-\d{2}-\d{2}[T ]|(?:db error: )?ERROR: )/;
const MAX_MESSAGE_LINES = 40;

export interface ParsedPanic {
  message: string;
  /** Index of the first line after the panic message. */
  next: number;
}

/** What a panic's payload means as an error message: the text the source code wrote. */
export function panicPayload(message: string): string {
  let m = message.trim();
  const unreachable = "internal error: entered unreachable code: ";
  if (m.startsWith(unreachable)) m = m.slice(unreachable.length);
  const unwrap = /^called `(?:Result|Option)::(?:unwrap|expect)(?:_err)?\(\)` on an? `(?:Err|Ok)` value: /;
  m = m.replace(unwrap, "");
  // `todo!("msg")` and `unimplemented!("msg")`: the std's words before the source's message.
  m = m.replace(/^not (?:yet )?implemented: (?=\S)/, "");
  return m.trim();
}

/**
 * Reads the panic starting at `lines[start]` in any of the three header styles: old
 * (`panicked at 'msg', file:l:c`, the message may span lines), new (`panicked at file:l:c:` and
 * the message on the following lines) and newest (the same with a thread id).
 */
export function parsePanic(lines: readonly string[], start: number): ParsedPanic | null {
  const header = headerRest(lines[start] ?? "");
  if (header === null) return null;
  const rest = header.trim();
  if (rest.startsWith("'")) {
    const collected: string[] = [rest.slice(1)];
    let i = start;
    while (!OLD_STYLE_END.test(collected[collected.length - 1] ?? "") && i + 1 < lines.length) {
      if (collected.length >= MAX_MESSAGE_LINES) break;
      i++;
      collected.push(lines[i] ?? "");
    }
    const joined = collected.join("\n");
    const end = OLD_STYLE_END.exec(joined);
    const message = end ? joined.slice(0, end.index) : joined.replace(/'$/, "");
    return { message: panicPayload(message), next: i + 1 };
  }
  const sameLine = /^[^\s']+:\d+:\d+: (.+)$/.exec(rest);
  if (sameLine) return { message: panicPayload(sameLine[1] ?? ""), next: start + 1 };
  if (!LOCATION.test(rest)) return { message: panicPayload(rest), next: start + 1 };
  const collected: string[] = [];
  let i = start + 1;
  for (; i < lines.length && collected.length < MAX_MESSAGE_LINES; i++) {
    const line = lines[i] ?? "";
    if (line.trim() === "" || MESSAGE_END.test(line) || isPanicHeader(line)) break;
    collected.push(line);
  }
  return { message: panicPayload(collected.join("\n")), next: i };
}
