/** The README's `explain --json` contract against what the command prints, field by field, both ways. */
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import type { ErrorRecord } from "../../src/catalog/schema.ts";
import { templateRecord } from "../support/records.ts";
import { repoRoot } from "../support/seeds.ts";

interface Field {
  optional: boolean;
  /** The alternatives the README gives for a value (`"exact"|"fuzzy"`, `"record"|null`), if any. */
  values?: (string | null)[];
  /** `bool` in the README. */
  boolean?: boolean;
}
/** Object path (`$`, `$.matches[]`, `$.matches[].release`) → its fields. */
type Contract = Map<string, Map<string, Field>>;

/** Reads the shape in the README's code block after "`explain --json` prints exactly". */
function parseContract(readme: string): Contract {
  const start = readme.indexOf("`explain --json` prints exactly");
  const open = readme.indexOf("```\n", start);
  const block = readme.slice(open + 4, readme.indexOf("```", open + 4));
  const contract: Contract = new Map();
  const stack: string[] = [];
  let lastKey = "";
  let lastSignificant = "";
  for (let i = 0; i < block.length; i++) {
    const c = block[i] as string;
    if (/\s/.test(c)) continue;
    if (c === "{") {
      const path = stack.length === 0 ? "$" : `${stack.at(-1)}.${lastKey}${lastSignificant === "[" ? "[]" : ""}`;
      stack.push(path);
      contract.set(path, new Map());
    } else if (c === "}") {
      stack.pop();
    } else if (c === '"') {
      const end = block.indexOf('"', i + 1);
      const word = block.slice(i + 1, end);
      i = end;
      const fields = contract.get(stack.at(-1) ?? "");
      if (lastSignificant === ":" || lastSignificant === "|") {
        const field = fields?.get(lastKey);
        if (field) field.values = [...(field.values ?? []), word];
      } else {
        lastKey = word;
        fields?.set(word, { optional: block[i + 1] === "?" });
      }
      lastSignificant = '"';
      continue;
    } else if (/[a-z]/.test(c)) {
      const word = /^[a-z]+/.exec(block.slice(i))?.[0] ?? c;
      i += word.length - 1;
      const field = contract.get(stack.at(-1) ?? "")?.get(lastKey);
      if (field && word === "null") field.values = [...(field.values ?? []), null];
      if (field && word === "bool") field.boolean = true;
    }
    lastSignificant = c;
  }
  return contract;
}

/** Every object in an answer, by the same paths. */
function objectsOf(value: unknown, path = "$", out: [string, Record<string, unknown>][] = []) {
  if (Array.isArray(value)) {
    for (const item of value) objectsOf(item, `${path}[]`, out);
  } else if (value !== null && typeof value === "object") {
    out.push([path, value as Record<string, unknown>]);
    for (const [k, v] of Object.entries(value)) if (typeof v === "object") objectsOf(v, `${path}.${k}`, out);
  }
  return out;
}

const BARRIER_FILE = "src/meta/src/barrier/mod.rs";
function template(over: Partial<ErrorRecord> & { id: string; errorMessage: string; releases: string[] }) {
  return templateRecord({
    filePath: BARRIER_FILE,
    lineNumber: 20,
    sourceCode:
      'impl GlobalBarrierManager {\n    async fn inject_barrier(&self) -> Result<()> {\n        bail!("...");',
    sourceCodeStart: 18,
    sourceCodeEnd: 20,
    githubUrl: `https://github.com/risingwavelabs/risingwave/blob/0123abc/${BARRIER_FILE}#L18-L20`,
    ...over,
  });
}

/** Records that know their releases: an old wording with a successor, and a file a panic is located in. */
const RELEASED = [
  template({
    id: "0ld0ba44ie400001",
    errorMessage: "Failed to get barrier from the stream: {}",
    releases: ["v1.4.0", "v1.10.0"],
  }),
  template({ id: "0ew0ba44ie400002", errorMessage: "failed to collect barrier: {}", releases: ["v2.1.0", "main"] }),
  template({
    id: "a990000000000003",
    errorMessage: "agg state is inconsistent for group {}",
    releases: ["v1.9.0", "v1.10.0", "v2.4.0"],
    filePath: "src/stream/src/executor/hash_agg.rs",
    lineNumber: 400,
    sourceCode: "    fn apply_chunk(&mut self) {\n        x;\n",
    sourceCodeStart: 399,
  }),
];

const PASTES = [
  "downstream relation missing for 1002 -> 1004",
  "ERROR:  Failed to run the query\n\nCaused by:\n  Failed to get barrier from the stream: channel closed",
  "thread 'risingwave-streaming-actor' panicked at src/stream/src/executor/hash_agg.rs:431:21:\ncalled `Option::unwrap()` on a `None` value",
  "2024-05-08T09:06:17Z  WARN risingwave_rpc_client::meta_client: Failed to connect to meta server http://meta:5690/, trying again error=transport error: tcp connect error: Connection refused (os error 111)",
  "the error went away after restart",
];

function explainBatch(): unknown[] {
  const dir = mkdtempSync(join(tmpdir(), "rwerror-contract-"));
  const records = join(dir, "released.jsonl");
  writeFileSync(records, `${RELEASED.map((record) => JSON.stringify({ record })).join("\n")}\n`);
  const res = spawnSync(process.execPath, [join(repoRoot, "bin", "rwerror.js"), "explain", "--batch"], {
    cwd: dir,
    input: `${PASTES.map((p) => JSON.stringify(p)).join("\n")}\n`,
    encoding: "utf8",
    env: {
      PATH: process.env.PATH ?? "",
      HOME: dir,
      RWERROR_DB: join(dir, "t.sqlite"),
      RWERROR_DATA: `data,${records}`,
      RWERROR_RISINGWAVE_VERSION: "v1.10",
    },
    timeout: 60_000,
  });
  expect(res.status, res.stderr).toBe(0);
  return res.stdout
    .trimEnd()
    .split("\n")
    .map((line) => JSON.parse(line));
}

describe("the README's explain --json contract", () => {
  const contract = parseContract(readFileSync(join(repoRoot, "README.md"), "utf8"));
  let objects: [string, Record<string, unknown>][] = [];
  beforeAll(() => {
    objects = explainBatch().flatMap((a) => objectsOf(a));
  }, 60_000);

  it("is read from the README: the answer, its matches, release and version", () => {
    expect([...contract.keys()]).toEqual(["$", "$.matches[]", "$.matches[].release", "$.version"]);
    expect(contract.get("$")?.get("verdict")).toEqual({ optional: false, values: ["answer", "candidates", "none"] });
    expect(contract.get("$.matches[]")?.get("context")).toEqual({ optional: true });
  });

  it("every field printed is in the README, and every field the README requires is printed", () => {
    for (const [path, object] of objects) {
      const fields = contract.get(path);
      expect(fields, `README has no object at ${path}`).toBeDefined();
      const named = [...(fields?.keys() ?? [])];
      expect(
        Object.keys(object).filter((k) => !named.includes(k)),
        path,
      ).toEqual([]);
      const required = named.filter((k) => !fields?.get(k)?.optional);
      expect(
        required.filter((k) => !(k in object)),
        path,
      ).toEqual([]);
      for (const [k, field] of fields ?? []) {
        if (field.values && k in object) expect(field.values, `${path}.${k}`).toContain(object[k]);
        if (field.boolean && k in object) expect(typeof object[k], `${path}.${k}`).toBe("boolean");
      }
    }
  });

  it("every optional field the README names is printed for some paste (none is stale)", () => {
    const printed = new Set(objects.flatMap(([path, o]) => Object.keys(o).map((k) => `${path}.${k}`)));
    const optional = [...contract].flatMap(([path, fields]) =>
      [...fields].filter(([, f]) => f.optional).map(([k]) => `${path}.${k}`),
    );
    expect(optional.length).toBeGreaterThanOrEqual(6);
    expect(optional.filter((f) => !printed.has(f))).toEqual([]);
  });
});
