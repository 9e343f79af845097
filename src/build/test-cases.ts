/**
 * The SQL RisingWave's own tests expect to fail, with the error they expect: sqllogictest files
 * (`statement error` / `query error`, with the error after `----` or as the header's text) and the
 * planner tests' YAML (`binder_error:`, `planner_error:`, … beside `sql:`). Pure text readers.
 */

export interface ErrorCase {
  sql: string;
  /** The expected error text (a whole psql-style error, or the part the test matches on). */
  error: string;
  /** 1-based line of the case in its file. */
  line: number;
}

const SLT_HEAD = /^(?:statement|query)\s+error\b\s*(.*)$/;

/** `statement error [text]`, the SQL, then optionally `----` and the error up to two blank lines. */
export function sltErrorCases(text: string): ErrorCase[] {
  const lines = text.split("\n");
  const cases: ErrorCase[] = [];
  for (let i = 0; i < lines.length; i++) {
    const head = SLT_HEAD.exec(lines[i] ?? "");
    if (!head) continue;
    const start = i;
    const sql: string[] = [];
    let j = i + 1;
    while (j < lines.length && (lines[j] ?? "").trim() !== "" && lines[j] !== "----") sql.push(lines[j++] ?? "");
    let error = (head[1] ?? "").trim();
    if (lines[j] === "----") {
      const out: string[] = [];
      j++;
      // The expected error may hold single blank lines; two in a row end it.
      while (j < lines.length && !((lines[j] ?? "").trim() === "" && (lines[j + 1] ?? "").trim() === "")) {
        out.push(lines[j++] ?? "");
      }
      error = out.join("\n").trim();
    }
    i = j;
    if (error && sql.length > 0) cases.push({ sql: sql.join("\n").trim(), error, line: start + 1 });
  }
  return cases;
}

interface YamlItem {
  line: number;
  fields: Map<string, { value: string; line: number }>;
}

/** `'…'` or `"…"` or a plain scalar on the key's line. */
function inlineScalar(raw: string): string {
  const t = raw.trim();
  if (t.startsWith("'") && t.endsWith("'")) return t.slice(1, -1).replaceAll("''", "'");
  if (t.startsWith('"') && t.endsWith('"')) {
    try {
      return JSON.parse(t) as string;
    } catch {
      return t.slice(1, -1);
    }
  }
  return t;
}

/** The planner tests' generated YAML: a list of maps of scalars and `|` blocks, two-space indented. */
function yamlItems(text: string): YamlItem[] {
  const lines = text.split("\n");
  const items: YamlItem[] = [];
  let item: YamlItem | null = null;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] ?? "";
    const entry = /^(- | {2})([a-z_]+):(.*)$/.exec(line);
    if (!entry) continue;
    if (entry[1] === "- ") {
      item = { line: i + 1, fields: new Map() };
      items.push(item);
    }
    if (!item) continue;
    const key = entry[2] ?? "";
    const rest = (entry[3] ?? "").trim();
    if (rest === "|" || rest === "|-" || rest === ">" || rest === ">-") {
      const block: string[] = [];
      while (i + 1 < lines.length && (/^ {4}/.test(lines[i + 1] ?? "") || (lines[i + 1] ?? "").trim() === "")) {
        block.push((lines[++i] ?? "").slice(4));
      }
      item.fields.set(key, { value: block.join("\n").trim(), line: i + 1 });
    } else item.fields.set(key, { value: inlineScalar(rest), line: i + 1 });
  }
  return items;
}

/** Each planner test case with an `*_error` field. */
export function plannerErrorCases(text: string): ErrorCase[] {
  const cases: ErrorCase[] = [];
  for (const item of yamlItems(text)) {
    const sql = item.fields.get("sql")?.value;
    if (!sql) continue;
    for (const [key, field] of item.fields) {
      if (key.endsWith("_error") && field.value) cases.push({ sql, error: field.value, line: item.line });
    }
  }
  return cases;
}

export function isSltPath(path: string): boolean {
  return path.startsWith("e2e_test/") && /\.slt(?:\.part)?$/.test(path);
}

export function isPlannerTestPath(path: string): boolean {
  return /^src\/frontend\/planner_test\/tests\/testdata\/(?:output\/)?[^/]+\.yaml$/.test(path);
}
