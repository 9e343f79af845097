import { isPanicHeader, type LineKind, opensErrorByItself } from "./classify.ts";

const CAUSED_BY = /^\s*Caused by/;

/** A log entry that looks like an error: its header line and continuation lines. */
export interface ErrorEntry {
  firstLine: number;
  lines: string[];
}

export interface EntryLimits {
  maxEntryLines: number;
  maxEntryChars: number;
}

/**
 * Groups lines into error entries: a WARN/ERROR log line and the lines after it that have no
 * header of their own (`Caused by:` chains, `HINT:`, a panic message), or free error text.
 * INFO entries and their continuations are dropped without being decoded.
 */
export class EntryAssembler {
  private open: ErrorEntry | null = null;
  private chars = 0;
  private blanks = 0;
  /** The last free-text line outside any entry: the head of a chain whose `Caused by:` comes next. */
  private loose: { number: number; text: string } | null = null;

  constructor(
    private readonly limits: EntryLimits,
    private readonly emit: (entry: ErrorEntry) => void,
  ) {}

  /** `text` decodes the line; it is called only for lines that can belong to an error. */
  push(kind: LineKind, number: number, text: () => string): void {
    if (kind === "quiet") {
      this.close();
      this.loose = null;
      return;
    }
    if (kind === "error") {
      this.close();
      this.loose = null;
      this.start(number, text());
      return;
    }
    const line = text();
    if (this.open && !isPanicHeader(line)) {
      this.continueWith(line);
      return;
    }
    if (opensErrorByItself(line)) {
      this.close();
      const head = this.loose;
      this.loose = null;
      if (head && CAUSED_BY.test(line) && number - head.number <= 2) {
        // `outer\n\nCaused by:\n  inner`: the outer line did not look like an error on its own.
        this.start(head.number, head.text);
        if (number - head.number === 2) this.open?.lines.push("");
        this.continueWith(line);
      } else {
        this.start(number, line);
      }
      return;
    }
    if (line.trim() !== "") this.loose = { number, text: line };
  }

  /** Emits the entry still open at the end of the input. */
  finish(): void {
    this.close();
  }

  private start(number: number, line: string): void {
    this.open = { firstLine: number, lines: [line] };
    this.chars = line.length;
    this.blanks = 0;
  }

  private continueWith(line: string): void {
    const entry = this.open as ErrorEntry;
    if (line.trim() === "") {
      // One blank line separates `outer` from `Caused by:`; two end the entry.
      if (++this.blanks >= 2) this.close();
      else entry.lines.push("");
      return;
    }
    this.blanks = 0;
    if (entry.lines.length >= this.limits.maxEntryLines || this.chars >= this.limits.maxEntryChars) return;
    entry.lines.push(line);
    this.chars += line.length + 1;
  }

  private close(): void {
    if (!this.open) return;
    const entry = this.open;
    this.open = null;
    while (entry.lines.length > 1 && entry.lines[entry.lines.length - 1] === "") entry.lines.pop();
    this.emit(entry);
  }
}
