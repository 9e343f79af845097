import type { ScanReport } from "./types.ts";

const MESSAGE_CHARS = 90;

function cut(text: string, chars: number): string {
  const flat = text.replace(/\s+/g, " ");
  return flat.length > chars ? `${flat.slice(0, chars - 1)}…` : flat;
}

function table(header: readonly string[], rows: readonly (readonly string[])[]): string[] {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? "").length)));
  const line = (cells: readonly string[]): string =>
    `| ${widths.map((w, i) => (cells[i] ?? "").padEnd(w)).join(" | ")} |`;
  return [line(header), `|${widths.map((w) => "-".repeat(w + 2)).join("|")}|`, ...rows.map(line)];
}

/** The terminal report of `rwerror scan`: known errors, then unmatched error groups. */
export function formatScanTable(report: ScanReport, { limit = 50 }: { limit?: number } = {}): string {
  const out: string[] = [];
  const unmatchedEntries = report.errorEntries - report.matchedEntries;
  out.push(
    `Scanned ${report.lines.toLocaleString("en-US")} lines (${(report.bytes / 1024 / 1024).toFixed(1)} MiB): ` +
      `${report.errorEntries.toLocaleString("en-US")} error entries, ` +
      `${report.matchedEntries.toLocaleString("en-US")} matched ${report.records.length} known errors, ` +
      `${unmatchedEntries.toLocaleString("en-US")} unmatched in ${report.unmatched.length} groups.`,
  );
  if (report.records.length > 0) {
    out.push("", "Known errors:");
    out.push(
      ...table(
        ["count", "first line", "last line", "severity", "record", "message"],
        report.records
          .slice(0, limit)
          .map((r) => [
            String(r.count),
            String(r.firstLine),
            String(r.lastLine),
            r.severity,
            r.slug,
            cut(r.errorMessage.replace(/\{[^{}]*\}/g, "…"), MESSAGE_CHARS),
          ]),
      ),
    );
    if (report.records.length > limit) out.push(`… and ${report.records.length - limit} more (--json lists all).`);
  }
  if (report.unmatched.length > 0) {
    out.push("", "Unmatched error lines, grouped by fingerprint:");
    out.push(
      ...table(
        ["count", "first line", "last line", "fingerprint", "template"],
        report.unmatched
          .slice(0, limit)
          .map((g) => [
            String(g.count),
            String(g.firstLine),
            String(g.lastLine),
            g.fingerprint,
            cut(g.template, MESSAGE_CHARS),
          ]),
      ),
    );
    if (report.unmatched.length > limit)
      out.push(`… and ${report.unmatched.length - limit} more groups (--json lists all).`);
  }
  if (report.unmatchedOverflow > 0) {
    out.push(
      `${report.unmatchedOverflow} more unmatched entries were counted but not grouped (too many distinct shapes).`,
    );
  }
  return out.join("\n");
}

/** The `--json` shape: the report itself, versioned so scripts can rely on it. */
export function formatScanJson(report: ScanReport): string {
  return JSON.stringify({ version: 1, ...report }, null, 2);
}
