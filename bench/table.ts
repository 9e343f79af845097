/** A markdown table with columns padded for a terminal. */
export function markdownTable(header: readonly string[], rows: readonly (readonly string[])[]): string {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? "").length)));
  const line = (cells: readonly string[]): string =>
    `| ${widths.map((w, i) => (cells[i] ?? "").padEnd(w)).join(" | ")} |`;
  return [line(header), `|${widths.map((w) => "-".repeat(w + 2)).join("|")}|`, ...rows.map(line)].join("\n");
}

export interface TargetCheck {
  name: string;
  measured: string;
  target: string;
  pass: boolean;
}

export function targetTable(checks: readonly TargetCheck[]): string {
  return markdownTable(
    ["target", "measured", "limit", "result"],
    checks.map((c) => [c.name, c.measured, c.target, c.pass ? "PASS" : "FAIL"]),
  );
}
