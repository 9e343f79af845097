/**
 * Does the SQL an analysis suggests parse? RisingWave speaks PostgreSQL's dialect plus its own
 * statements. Everything PostgreSQL can parse is parsed by PostgreSQL's own parser (libpg_query, as
 * WASM). A statement PostgreSQL refuses is accepted only when it has one of RisingWave's own forms
 * below, each written from its page at docs.risingwave.com/sql/commands/: the form's keywords are
 * matched whole, and what it shares with PostgreSQL (a WITH option list, a column list, a query) is
 * rewritten into the PostgreSQL clause of the same shape and parsed by PostgreSQL too. So a typo, a
 * stray quote or a wrong keyword fails, while `FORMAT … ENCODE` or `SET PARALLELISM` do not.
 */
import { loadModule, parseSync } from "libpg-query";

await loadModule();

export type SqlVerdict = { ok: true; by: "postgres" | string } | { ok: false; reason: string };

const NAME = String.raw`(?:"[^"]+"|[A-Za-z_][\w$]*)(?:\.(?:"[^"]+"|[A-Za-z_][\w$]*)){0,2}`;
const INT = String.raw`\d+`;

function postgres(sql: string): string | null {
  try {
    parseSync(sql);
    return null;
  } catch (e) {
    return (e as Error).message;
  }
}

/** Splits `a = 'x', 'b.c' = 1` at top-level commas (quotes and parentheses respected). */
function splitTopLevel(list: string): string[] | null {
  const parts: string[] = [];
  let depth = 0;
  let quote: string | null = null;
  let start = 0;
  for (let i = 0; i < list.length; i++) {
    const c = list[i];
    if (quote) {
      if (c === quote && list[i + 1] === quote) i++;
      else if (c === quote) quote = null;
      continue;
    }
    if (c === "'" || c === '"') quote = c;
    else if (c === "(") depth++;
    else if (c === ")") depth--;
    else if (c === "," && depth === 0) {
      parts.push(list.slice(start, i));
      start = i + 1;
    }
    if (depth < 0) return null;
  }
  if (quote || depth !== 0) return null;
  parts.push(list.slice(start));
  return parts;
}

/**
 * A RisingWave option list (`connector = 'kafka', properties.bootstrap.server = 'b:9092'`, keys bare,
 * dotted or single-quoted) as PostgreSQL's reloption list, every key a quoted identifier.
 */
function optionList(list: string): string | null {
  const items = splitTopLevel(list);
  if (!items) return null;
  const out: string[] = [];
  for (const item of items) {
    const m = /^\s*('(?:[^']|'')+'|"[^"]+"|[A-Za-z_][\w.]*)\s*=\s*([\s\S]+?)\s*$/.exec(item);
    if (!m?.[1] || !m[2]) return null;
    const key = m[1].replace(/^['"]|['"]$/g, "").replace(/''/g, "'");
    if (key.includes('"')) return null;
    out.push(`"${key}" = ${m[2]}`);
  }
  return out.join(", ");
}

/** A parenthesised group starting at `open` (its content and the index after it), quotes respected. */
function group(sql: string, open: number): { inner: string; end: number } | null {
  if (sql[open] !== "(") return null;
  let depth = 0;
  let quote: string | null = null;
  for (let i = open; i < sql.length; i++) {
    const c = sql[i];
    if (quote) {
      if (c === quote) quote = null;
      continue;
    }
    if (c === "'" || c === '"') quote = c;
    else if (c === "(") depth++;
    else if (c === ")" && --depth === 0) return { inner: sql.slice(open + 1, i), end: i + 1 };
  }
  return null;
}

/** `WITH (…)` at or after `from`: the option list as PostgreSQL's, and the text around it. */
function withClause(sql: string): { before: string; options: string; after: string } | null {
  const m = /\bWITH\s*\(/i.exec(sql);
  if (!m) return null;
  const g = group(sql, m.index + m[0].length - 1);
  if (!g) return null;
  const options = optionList(g.inner);
  if (options === null) return null;
  return { before: sql.slice(0, m.index), options, after: sql.slice(g.end) };
}

const FORMAT_ENCODE =
  /\s+FORMAT\s+(?:PLAIN|UPSERT|DEBEZIUM|DEBEZIUM_MONGO|MAXWELL|CANAL|NATIVE|NONE)\s+ENCODE\s+(?:JSON|AVRO|PROTOBUF|CSV|BYTES|PARQUET|TEXT|TEMPLATE|NATIVE|NONE)\b/i;

/** Strips a trailing `FORMAT x ENCODE y [(options)]` clause (its options checked), or returns the text unchanged. */
function stripFormatEncode(sql: string): string | null {
  const m = FORMAT_ENCODE.exec(sql);
  if (!m) return sql;
  let rest = sql.slice(m.index + m[0].length);
  const open = rest.search(/\S/);
  if (open >= 0 && rest[open] === "(") {
    const g = group(rest, open);
    if (!g || optionList(g.inner) === null) return null;
    rest = rest.slice(g.end);
  }
  if (rest.trim() !== "") return null;
  return sql.slice(0, m.index);
}

interface Form {
  /** The docs page the form is written from. */
  doc: string;
  /** The statement (without its `;`) in this form, as PostgreSQL SQL to parse, or true when the whole form is the check. */
  check(sql: string): string | true | null;
}

const whole = (doc: string, re: RegExp): Form => ({ doc, check: (sql) => (re.test(sql) ? true : null) });

const FORMS: Form[] = [
  whole(
    "sql-alter-materialized-view (SET PARALLELISM, rate limits)",
    new RegExp(
      String.raw`^ALTER\s+(?:TABLE|MATERIALIZED\s+VIEW|SINK|SOURCE|INDEX)\s+${NAME}\s+SET\s+(?:PARALLELISM|SOURCE_RATE_LIMIT|BACKFILL_RATE_LIMIT|STREAMING_RATE_LIMIT|SINK_RATE_LIMIT|DML_RATE_LIMIT)\s*(?:=|TO)\s*(?:${INT}|ADAPTIVE|DEFAULT)$`,
      "i",
    ),
  ),
  {
    doc: "sql-alter-source / sql-alter-sink / sql-alter-connection (CONNECTOR WITH)",
    check: (sql) => {
      const m = new RegExp(
        String.raw`^ALTER\s+(?:SOURCE|SINK|TABLE|CONNECTION)\s+(${NAME})\s+CONNECTOR\s+WITH\s*\(`,
        "i",
      ).exec(sql);
      if (!m) return null;
      const w = withClause(sql);
      return w && w.after.trim() === "" ? `ALTER TABLE ${m[1]} SET (${w.options})` : null;
    },
  },
  whole(
    "sql-alter-source / sql-alter-table (REFRESH SCHEMA)",
    new RegExp(String.raw`^ALTER\s+(?:SOURCE|TABLE)\s+${NAME}\s+REFRESH\s+SCHEMA$`, "i"),
  ),
  {
    doc: "sql-create-secret",
    check: (sql) => {
      const m = new RegExp(String.raw`^CREATE\s+SECRET\s+(?:IF\s+NOT\s+EXISTS\s+)?(${NAME})\s+WITH\s*\(`, "i").exec(
        sql,
      );
      if (!m) return null;
      const w = withClause(sql);
      return w && /^\s*AS\s+'(?:[^']|'')*'\s*$/i.test(w.after) ? `CREATE TABLE ${m[1]} () WITH (${w.options})` : null;
    },
  },
  {
    doc: "sql-create-table (a CDC table: FROM source TABLE 'upstream.table' [WITH (…)])",
    check: (sql) => {
      const m = new RegExp(
        String.raw`^(CREATE\s+TABLE\s+(?:IF\s+NOT\s+EXISTS\s+)?${NAME}\s*(\([\s\S]*\))?)\s+FROM\s+${NAME}\s+TABLE\s+'(?:[^']|'')+'\s*([\s\S]*)$`,
        "i",
      ).exec(sql);
      if (!m?.[1]) return null;
      // `(*)`: the columns come from the upstream table.
      const table = m[2] ? m[1].replace(/\(\s*\*\s*\)$/, "()") : `${m[1]} ()`;
      const rest = m[3]?.trim() ?? "";
      if (rest === "") return table;
      const w = withClause(rest);
      if (w === null || w.before.trim() !== "" || w.after.trim() !== "") return null;
      return `${table} WITH (${w.options})`;
    },
  },
  {
    doc: "sql-create-source / sql-create-table / sql-create-connection (WITH, FORMAT … ENCODE)",
    check: (sql) => {
      const m = new RegExp(
        String.raw`^CREATE\s+(?:SHARED\s+)?(SOURCE|TABLE|CONNECTION)\s+(?:IF\s+NOT\s+EXISTS\s+)?(${NAME})\s*`,
        "i",
      ).exec(sql);
      if (!m) return null;
      const stripped = stripFormatEncode(sql);
      if (stripped === null) return null;
      const w = withClause(stripped);
      if (w === null || w.after.trim() !== "") return null;
      const columns = w.before.slice(m[0].length).trim();
      if (columns !== "" && !columns.startsWith("(")) return null;
      return `CREATE TABLE ${m[2]} ${columns || "()"} WITH (${w.options})`;
    },
  },
  {
    doc: "sql-create-sink (FROM or AS, WITH, FORMAT … ENCODE)",
    check: (sql) => {
      const m = new RegExp(
        String.raw`^CREATE\s+SINK\s+(?:IF\s+NOT\s+EXISTS\s+)?(${NAME})\s+(?:INTO\s+${NAME}\s+)?(?:FROM\s+${NAME}\s+|AS\s+)`,
        "i",
      ).exec(sql);
      if (!m) return null;
      const stripped = stripFormatEncode(sql);
      if (stripped === null) return null;
      const w = withClause(stripped);
      if (w === null || w.after.trim() !== "") return null;
      const query = /\bAS\s+$/i.test(m[0]) ? w.before.slice(m[0].length) : null;
      return query === null
        ? `CREATE TABLE ${m[1]} () WITH (${w.options})`
        : `CREATE TABLE ${m[1]} WITH (${w.options}) AS ${query}`;
    },
  },
  {
    doc: "sql-grant / sql-revoke (ON MATERIALIZED VIEW, SOURCE, SINK)",
    check: (sql) => {
      const on = /\bON\s+(ALL\s+)?(?:MATERIALIZED\s+VIEW(S?)|SOURCE(S?)|SINK(S?))\b/i;
      if (!/^(?:GRANT|REVOKE)\b/i.test(sql) || !on.test(sql)) return null;
      // The privilege list, grantees and options are PostgreSQL's; only the object kind is RisingWave's.
      return sql.replace(
        on,
        (_m, all?: string, a?: string, b?: string, c?: string) => `ON ${all ?? ""}TABLE${a || b || c || ""}`,
      );
    },
  },
  whole(
    "sql-show-* (catalog listings)",
    new RegExp(
      String.raw`^SHOW\s+(?:TABLES|MATERIALIZED\s+VIEWS|SOURCES|SINKS|VIEWS|INDEXES|SCHEMAS|DATABASES|CONNECTIONS|SECRETS|FUNCTIONS|SUBSCRIPTIONS|INTERNAL\s+TABLES|JOBS|PROCESSLIST|CLUSTER|PARAMETERS|CURSORS|SUBSCRIPTION\s+CURSORS|COLUMNS\s+FROM\s+${NAME})(?:\s+FROM\s+${NAME})?(?:\s+LIKE\s+'[^']*')?$`,
      "i",
    ),
  ),
  whole(
    "sql-show-create-*",
    new RegExp(
      String.raw`^SHOW\s+CREATE\s+(?:TABLE|MATERIALIZED\s+VIEW|VIEW|SOURCE|SINK|INDEX|FUNCTION|SUBSCRIPTION|SECRET|CONNECTION)\s+${NAME}$`,
      "i",
    ),
  ),
  whole("sql-describe", new RegExp(String.raw`^(?:DESCRIBE|DESC)\s+(?:FRAGMENTS\s+)?${NAME}$`, "i")),
  whole("sql-recover / sql-flush", /^(?:RECOVER|FLUSH)$/i),
  whole("sql-cancel-jobs", new RegExp(String.raw`^CANCEL\s+(?:JOBS?\s+)?${INT}(?:\s*,\s*${INT})*$`, "i")),
  whole(
    "sql-drop-source / sql-drop-sink / sql-drop-connection / sql-drop-secret",
    new RegExp(
      String.raw`^DROP\s+(?:SOURCE|SINK|CONNECTION|SECRET|SUBSCRIPTION)\s+(?:IF\s+EXISTS\s+)?${NAME}(?:\s+CASCADE)?$`,
      "i",
    ),
  ),
];

/** One statement (a trailing `;` allowed): parsed by PostgreSQL, or in one of RisingWave's own forms. */
export function checkRisingWaveSql(statement: string): SqlVerdict {
  const sql = statement.trim().replace(/;\s*$/, "").trim();
  if (sql === "" || sql.includes(";")) return { ok: false, reason: "expected exactly one statement" };
  const pgError = postgres(sql);
  if (pgError === null) return { ok: true, by: "postgres" };
  for (const form of FORMS) {
    const rewritten = form.check(sql);
    if (rewritten === null) continue;
    if (rewritten === true) return { ok: true, by: form.doc };
    const inner = postgres(rewritten);
    if (inner === null) return { ok: true, by: form.doc };
    return { ok: false, reason: `${form.doc}: its PostgreSQL part does not parse (${inner}) in: ${rewritten}` };
  }
  return { ok: false, reason: `PostgreSQL: ${pgError}; and no RisingWave statement form fits` };
}
