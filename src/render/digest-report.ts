import type { ErrorReport } from "../report/report.ts";
import type { RecordStat, UnmatchedStat } from "../report/stats.ts";
import { formatLocal } from "../report/zoned-time.ts";
import { formatChange, oneLine, plural, truncate } from "./digest-format.ts";
import { fillTemplate } from "./template.ts";

/** `rwerror report` output: terminal table, CSV and JSON of one ErrorReport (pure). */

export function recordLabel(r: Pick<RecordStat, "recordId" | "title" | "slug">): string {
  return r.title
    ? `${oneLine(fillTemplate(r.title, []))} (${r.slug ?? r.recordId})`
    : `${r.recordId} (not in the loaded catalog)`;
}

function table(header: string[], rows: string[][], rightAligned: number): string[] {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? "").length)));
  const line = (cells: string[]) =>
    cells
      .map((c, i) =>
        i === cells.length - 1 ? c : i < rightAligned ? c.padStart(widths[i] ?? 0) : c.padEnd(widths[i] ?? 0),
      )
      .join("  ")
      .trimEnd();
  return [line(header), ...rows.map(line)].map((l) => `  ${l}`);
}

export function renderReportTable(report: ErrorReport): string {
  const { period, totals, previousTotals, records, unmatched } = report;
  const tz = period.tz;
  const previous =
    previousTotals.total === 0
      ? "none in the previous period"
      : `${formatChange((totals.total - previousTotals.total) / previousTotals.total)} against ${previousTotals.total} in the previous period`;
  const out = [
    `rwerror report: ${period.label}`,
    `${plural(totals.total, "occurrence")} (${previous}) in ${plural(totals.channels, "channel")}; ${totals.matched} matched, ${totals.unmatched} unmatched`,
    "",
  ];
  if (records.length === 0) out.push("  No matched errors in this period.");
  else {
    out.push(
      ...table(
        ["COUNT", "CHANGE", "CHANNELS", "FIRST SEEN", "LAST SEEN", "ERROR"],
        records.map((r) => [
          String(r.count),
          formatChange(r.change),
          String(r.channels),
          formatLocal(r.firstSeen, tz),
          formatLocal(r.lastSeen, tz),
          truncate(recordLabel(r), 100),
        ]),
        3,
      ),
    );
  }
  out.push("", "Unmatched errors (not in the knowledge base), by fingerprint:");
  if (unmatched.length === 0) out.push("  None in this period.");
  else {
    out.push(
      ...table(
        ["COUNT", "CHANGE", "CHANNELS", "LAST SEEN", "FINGERPRINT", "ERROR"],
        unmatched.map((u) => [
          String(u.count),
          formatChange(u.change),
          String(u.channels),
          formatLocal(u.lastSeen, tz),
          u.fingerprint,
          truncate(oneLine(u.template), 100),
        ]),
        3,
      ),
    );
    out.push("", "Examples:");
    for (const u of unmatched) out.push(`  ${u.fingerprint}  ${truncate(oneLine(u.example), 200)}`);
  }
  return `${out.join("\n")}\n`;
}

const iso = (ms: number) => new Date(ms).toISOString();

export function reportToJson(report: ErrorReport): unknown {
  const period = (p: ErrorReport["period"]) => ({ from: iso(p.from), to: iso(p.to), tz: p.tz, label: p.label });
  return {
    period: period(report.period),
    previousPeriod: period(report.previous),
    totals: report.totals,
    previousTotals: report.previousTotals,
    records: report.records.map((r) => ({
      ...r,
      firstSeen: iso(r.firstSeen),
      lastSeen: iso(r.lastSeen),
      firstEver: iso(r.firstEver),
    })),
    unmatched: report.unmatched.map((u: UnmatchedStat) => ({
      ...u,
      firstSeen: iso(u.firstSeen),
      lastSeen: iso(u.lastSeen),
    })),
  };
}

export function renderReportJson(report: ErrorReport): string {
  return `${JSON.stringify(reportToJson(report), null, 2)}\n`;
}

/** RFC 4180 quoting; a leading = + - @ is defused so pasted text cannot become a spreadsheet formula. */
export function csvCell(value: string | number | null): string {
  if (value === null) return "";
  let s = String(value);
  if (typeof value === "string" && /^[=+\-@\t\r]/.test(s)) s = `'${s}`;
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

export function renderReportCsv(report: ErrorReport): string {
  const header = [
    "kind",
    "id",
    "slug",
    "title",
    "count",
    "channels",
    "first_seen",
    "last_seen",
    "previous_count",
    "change",
  ];
  const rows: (string | number | null)[][] = [
    ...report.records.map((r) => [
      "record",
      r.recordId,
      r.slug,
      r.title,
      r.count,
      r.channels,
      iso(r.firstSeen),
      iso(r.lastSeen),
      r.previousCount,
      r.change === null ? null : Math.round(r.change * 1000) / 1000,
    ]),
    ...report.unmatched.map((u) => [
      "unmatched",
      u.fingerprint,
      null,
      u.template,
      u.count,
      u.channels,
      iso(u.firstSeen),
      iso(u.lastSeen),
      u.previousCount,
      u.change === null ? null : Math.round(u.change * 1000) / 1000,
    ]),
  ];
  return `${[header, ...rows].map((r) => r.map(csvCell).join(",")).join("\r\n")}\r\n`;
}
