/**
 * Parses the YAML subset manifest.yml is written in: block maps, block lists of scalars or
 * maps, plain and double-quoted scalars, comments. Anything else throws, so the manifest stays
 * inside what this (and Slack) reads unambiguously.
 */
export type Yaml = string | number | boolean | null | Yaml[] | { [key: string]: Yaml };

interface Line {
  indent: number;
  text: string;
  no: number;
}

function scalar(raw: string, no: number): Yaml {
  const v = raw.trim();
  if (v.startsWith('"')) {
    if (!v.endsWith('"') || v.length < 2) throw new Error(`line ${no}: unterminated string`);
    return JSON.parse(v) as string;
  }
  if (v.startsWith("'")) throw new Error(`line ${no}: single quotes are not in the subset`);
  if (/^[[{&*!|>%@`]/.test(v)) throw new Error(`line ${no}: unsupported YAML syntax: ${v}`);
  if (v.includes(": ") || v.endsWith(":")) throw new Error(`line ${no}: ambiguous plain scalar (quote it): ${v}`);
  if (v.includes(" #")) throw new Error(`line ${no}: trailing comment in a plain scalar`);
  if (v === "true" || v === "false") return v === "true";
  if (v === "null" || v === "~" || v === "") return null;
  if (/^-?\d+(\.\d+)?$/.test(v)) return Number(v);
  return v;
}

function splitKey(text: string, no: number): [string, string] {
  const m = /^([A-Za-z_][\w.-]*):(?:\s+(.*))?$/.exec(text);
  if (!m) throw new Error(`line ${no}: expected "key: value": ${text}`);
  return [m[1] as string, m[2] ?? ""];
}

export function parseYaml(source: string): Yaml {
  const lines: Line[] = [];
  source.split("\n").forEach((raw, i) => {
    if (raw.includes("\t")) throw new Error(`line ${i + 1}: tabs are not allowed`);
    const trimmed = raw.trimEnd();
    if (trimmed.trim() === "" || trimmed.trim().startsWith("#")) return;
    lines.push({ indent: trimmed.length - trimmed.trimStart().length, text: trimmed.trim(), no: i + 1 });
  });
  let pos = 0;

  function block(indent: number): Yaml {
    const first = lines[pos];
    if (!first || first.indent !== indent) throw new Error(`line ${first?.no ?? "EOF"}: bad indentation`);
    return first.text.startsWith("- ") || first.text === "-" ? list(indent) : map(indent);
  }

  function map(indent: number): { [key: string]: Yaml } {
    const out: { [key: string]: Yaml } = {};
    while (pos < lines.length) {
      const line = lines[pos] as Line;
      if (line.indent < indent) break;
      if (line.indent > indent) throw new Error(`line ${line.no}: unexpected indentation`);
      const [key, rest] = splitKey(line.text, line.no);
      if (key in out) throw new Error(`line ${line.no}: duplicate key ${key}`);
      pos += 1;
      if (rest === "") {
        const next = lines[pos];
        out[key] = next && next.indent > indent ? block(next.indent) : null;
      } else {
        out[key] = scalar(rest, line.no);
      }
    }
    return out;
  }

  function list(indent: number): Yaml[] {
    const out: Yaml[] = [];
    while (pos < lines.length) {
      const line = lines[pos] as Line;
      if (line.indent < indent) break;
      if (line.indent > indent || !line.text.startsWith("- ")) throw new Error(`line ${line.no}: expected a list item`);
      const item = line.text.slice(2);
      if (/^[A-Za-z_][\w.-]*:(\s|$)/.test(item)) {
        // A map item: its first key sits on the dash line, the rest are indented to match it.
        lines[pos] = { indent: indent + 2, text: item, no: line.no };
        out.push(map(indent + 2));
      } else {
        out.push(scalar(item, line.no));
        pos += 1;
      }
    }
    return out;
  }

  const root = block(0);
  if (pos !== lines.length) throw new Error(`line ${lines[pos]?.no}: unexpected content`);
  return root;
}
