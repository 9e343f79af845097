import { classifyLine, isPanicHeader, opensErrorByItself } from "./classify.ts";
import type { LogLine } from "./lines.ts";

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
 * INFO entries and their continuations are dropped without looking further.
 */
export class EntryAssembler {
  private open: ErrorEntry | null = null;
  private chars = 0;
  private blanks = 0;

  constructor(
    private readonly limits: EntryLimits,
    private readonly emit: (entry: ErrorEntry) => void,
  ) {}

  push(line: LogLine): void {
    const kind = classifyLine(line.text);
    if (kind === "quiet") {
      this.close();
      return;
    }
    if (kind === "error") {
      this.close();
      this.start(line);
      return;
    }
    if (this.open && !isPanicHeader(line.text)) {
      this.continueWith(line);
      return;
    }
    if (opensErrorByItself(line.text)) {
      this.close();
      this.start(line);
    }
  }

  /** Emits the entry still open at the end of the input. */
  finish(): void {
    this.close();
  }

  private start(line: LogLine): void {
    this.open = { firstLine: line.number, lines: [line.text] };
    this.chars = line.text.length;
    this.blanks = 0;
  }

  private continueWith(line: LogLine): void {
    const entry = this.open as ErrorEntry;
    if (line.text.trim() === "") {
      // One blank line separates `outer` from `Caused by:`; two end the entry.
      if (++this.blanks >= 2) this.close();
      else entry.lines.push("");
      return;
    }
    this.blanks = 0;
    if (entry.lines.length >= this.limits.maxEntryLines || this.chars >= this.limits.maxEntryChars) return;
    entry.lines.push(line.text);
    this.chars += line.text.length + 1;
  }

  private close(): void {
    if (!this.open) return;
    const entry = this.open;
    this.open = null;
    while (entry.lines.length > 1 && entry.lines[entry.lines.length - 1] === "") entry.lines.pop();
    this.emit(entry);
  }
}
