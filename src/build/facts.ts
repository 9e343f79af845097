/**
 * Identifiers that exist in RisingWave's sources, per revision, so analyses can be checked against
 * them (`data/risingwave-facts.json.gz`): system catalogs and their columns
 * (src/frontend/src/catalog/system_catalog/), connectors' WITH options (src/connector/with_options_*.yaml),
 * and configuration keys (src/config/docs.md). Pure readers of file text; `catalog build` feeds them.
 */

export type FactKind = "relations" | "columns" | "withOptions" | "configKeys";

export interface FileFacts {
  relations: string[];
  columns: string[];
  withOptions: string[];
  configKeys: string[];
}

const SYSTEM_CATALOG_DIR = "src/frontend/src/catalog/system_catalog/";

export function isFactsSource(path: string): boolean {
  return (
    (path.startsWith(SYSTEM_CATALOG_DIR) && path.endsWith(".rs")) ||
    /^src\/connector\/with_options[\w-]*\.yaml$/.test(path) ||
    path === "src/config/docs.md"
  );
}

function empty(): FileFacts {
  return { relations: [], columns: [], withOptions: [], configKeys: [] };
}

/** `struct Name { a: T, #[primary_key] b: U }` → the field names, by struct. */
function structFields(text: string): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const m of text.matchAll(/\bstruct\s+(\w+)\s*\{([^{}]*)\}/g)) {
    const body = (m[2] ?? "").replace(/#\[[^\]]*\]/g, "").replace(/\/\/[^\n]*/g, "");
    const fields = [...body.matchAll(/(?:^|[,{\n])\s*(?:pub(?:\([^)]*\))?\s+)?(r#)?(\w+)\s*:/g)].map((f) => f[2] ?? "");
    out.set(m[1] ?? "", fields.filter(Boolean));
  }
  return out;
}

/**
 * A system catalog file: `#[system_catalog(table|view, "schema.name", …)]` on a struct (its fields are the
 * columns) or on a fn returning `Vec<Row>` (the struct `Row`'s fields); releases before v1.5 declare
 * `*_TABLE_NAME: &str = "name"` and `*_COLUMNS = &[(type, "column"), …]` with the schema in the folder name.
 */
function systemCatalogFacts(path: string, text: string): FileFacts {
  const facts = empty();
  const structs = structFields(text);
  let at = text.indexOf("#[system_catalog(");
  while (at >= 0) {
    const end = attributeEnd(text, at + "#[system_catalog(".length);
    const args = text.slice(at, end);
    const relation = /^#\[system_catalog\(\s*\w+\s*,\s*"([\w.]+)"/.exec(args)?.[1];
    // The item it marks, after any other attributes: a struct (its fields) or a fn returning Vec<Row>.
    const item =
      /^\s*(?:#\[[^\]]*\]\s*)*(?:pub(?:\([^)]*\))?\s+)?(?:struct\s+(\w+)|(?:async\s+)?fn\s+\w+[^{;]*?Vec<\s*(\w+)\s*>)/.exec(
        text.slice(end, end + 2000),
      );
    if (relation?.includes(".")) {
      facts.relations.push(relation);
      for (const column of structs.get(item?.[1] ?? item?.[2] ?? "") ?? []) facts.columns.push(`${relation}.${column}`);
    }
    at = text.indexOf("#[system_catalog(", end);
  }
  const schema = /system_catalog\/(\w+)\//.exec(path)?.[1];
  if (schema && schema !== "mod") {
    for (const m of text.matchAll(/pub const (\w+)_TABLE_NAME: &str = "(\w+)";/g)) {
      const relation = `${schema}.${m[2]}`;
      facts.relations.push(relation);
      const columns = new RegExp(`${m[1]}_COLUMNS[^=]*=\\s*&\\[([\\s\\S]*?)\\];`).exec(text)?.[1] ?? "";
      for (const c of columns.matchAll(/\(\s*DataType::[^,]+,\s*"(\w+)"\s*\)/g))
        facts.columns.push(`${relation}.${c[1]}`);
    }
  }
  return facts;
}

/** Past the `)]` that closes an attribute opened before `from`, skipping string literals (SQL in views). */
function attributeEnd(text: string, from: number): number {
  let depth = 1;
  let i = from;
  while (i < text.length && depth > 0) {
    const c = text[i];
    if (c === '"' || (c === "r" && /^r#*"/.test(text.slice(i, i + 8)))) {
      const hashes = c === "r" ? (/^r(#*)"/.exec(text.slice(i, i + 8))?.[1] ?? "") : "";
      const close = `"${hashes}`;
      i = text.indexOf(close, i + (c === "r" ? hashes.length + 2 : 1));
      if (i < 0) return text.length;
      i += close.length;
      continue;
    }
    if (c === "\\") {
      i += 2;
      continue;
    }
    if (c === "(") depth++;
    else if (c === ")") depth--;
    i++;
  }
  const close = text.indexOf("]", i);
  return close < 0 ? text.length : close + 1;
}

/** `KafkaConfig` / `KafkaProperties` / `OpendalS3Properties` → `kafka` / `s3`: the `connector = '…'` name. */
export function connectorOfStruct(name: string): string {
  return name
    .replace(/(?:Sink)?(?:V\d+)?(?:Config|Properties|Common)$/, "")
    .replace(/^Opendal/, "")
    .toLowerCase();
}

/** with_options_*.yaml: `StructName:` then `  fields:` and `  - name: option`. */
function withOptionFacts(text: string): FileFacts {
  const facts = empty();
  let connector: string | null = null;
  for (const line of text.split("\n")) {
    const head = /^([A-Za-z]\w*):\s*$/.exec(line);
    if (head) {
      connector = connectorOfStruct(head[1] ?? "");
      continue;
    }
    const field = /^\s*-\s+name:\s*(\S+)\s*$/.exec(line);
    if (field && connector) {
      const option = (field[1] ?? "").replace(/^r#/, "").replace(/^['"]|['"]$/g, "");
      facts.withOptions.push(`${connector}:${option}`, option);
    }
  }
  return facts;
}

/** src/config/docs.md: `## section` then `| key | description | default |` rows → `section.key`. */
function configKeyFacts(text: string): FileFacts {
  const facts = empty();
  let section: string | null = null;
  for (const line of text.split("\n")) {
    const head = /^##\s+([\w.]+)\s*$/.exec(line);
    if (head) {
      section = head[1] ?? null;
      continue;
    }
    const row = /^\|\s*([a-z_][\w]*)\s*\|/.exec(line);
    if (row && section && row[1] !== "Config") facts.configKeys.push(`${section}.${row[1]}`);
  }
  return facts;
}

export function factsOfFile(path: string, text: string): FileFacts {
  if (path.endsWith(".rs")) return systemCatalogFacts(path, text);
  if (path.endsWith(".yaml")) return withOptionFacts(text);
  return configKeyFacts(text);
}

/** Every identifier with the revisions that have it, in revision order. */
export class FactsCollector {
  private readonly seen: Record<FactKind, Map<string, string[]>> = {
    relations: new Map(),
    columns: new Map(),
    withOptions: new Map(),
    configKeys: new Map(),
  };

  add(rev: string, facts: readonly FileFacts[]): void {
    for (const kind of Object.keys(this.seen) as FactKind[]) {
      const names = new Set(facts.flatMap((f) => f[kind]));
      for (const name of names) {
        const revs = this.seen[kind].get(name) ?? [];
        revs.push(rev);
        this.seen[kind].set(name, revs);
      }
    }
  }

  /** `{relations: {"rw_catalog.rw_fragments": ["v1.5.0", …, "main"]}, …}`, names sorted. */
  toJSON(): Record<FactKind, Record<string, string[]>> {
    const out = {} as Record<FactKind, Record<string, string[]>>;
    for (const kind of Object.keys(this.seen) as FactKind[]) {
      out[kind] = Object.fromEntries([...this.seen[kind]].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
    }
    return out;
  }
}
