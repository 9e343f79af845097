import { readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { repoRoot } from "./support/seeds.ts";

const SRC = join(repoRoot, "src");

/** The core folders: pure or store-only code that must run without Slack and without the environment. */
const CORE = ["catalog", "matcher", "render", "store", "report", "scan", "redact", "answer"];

function sourceFiles(dir: string): string[] {
  let out: string[] = [];
  let names: string[] = [];
  try {
    names = readdirSync(dir);
  } catch {
    return out;
  }
  for (const name of names) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) out = out.concat(sourceFiles(path));
    else if (name.endsWith(".ts")) out.push(path);
  }
  return out;
}

/**
 * Runtime imports of a module: `import type` / `export type` are erased and do not count; under
 * verbatimModuleSyntax `import { type X }` still loads the module, so it counts.
 */
function runtimeImports(source: string): string[] {
  const specs: string[] = [];
  const re = /^\s*(import|export)\s+(?!type\s)([^;]*?)\s+from\s+["']([^"']+)["']|import\(\s*["']([^"']+)["']\s*\)/gm;
  for (const m of source.matchAll(re)) {
    const spec = m[3] ?? m[4];
    if (spec) specs.push(spec);
  }
  return specs;
}

/** The layer a source file belongs to: its folder under src/ (`answer/`), or the top-level file (`main.ts`). */
function layerOf(file: string): string {
  const [first = "", ...rest] = relative(SRC, file).split("/");
  return rest.length > 0 ? `${first}/` : first;
}

interface Row {
  layer: string;
  layers: Set<string>;
  packages: Set<string>;
}

/** The README's table: `folder/` or `file.ts` | job | backticked layers and plain package names. */
function readTable(): Row[] {
  const readme = readFileSync(join(SRC, "README.md"), "utf8");
  const rows: Row[] = [];
  for (const line of readme.split("\n")) {
    const cells = line.split("|").map((c) => c.trim());
    if (cells.length < 5 || !/^`[^`]+`$/.test(cells[1] ?? "")) continue;
    const layer = (cells[1] ?? "").slice(1, -1);
    const allowed = (cells[3] ?? "").split(",").map((c) => c.trim());
    const layers = new Set(
      allowed.filter((c) => c.startsWith("`")).map((c) => c.slice(1, -1).replace(/^([a-z-]+)$/, "$1/")),
    );
    const packages = new Set(allowed.filter((c) => c !== "" && !c.startsWith("`")));
    rows.push({ layer, layers, packages });
  }
  return rows;
}

/** What one import reaches: another layer (`store/`), a package (`pg`), or nothing that counts (itself, node:). */
function targetOf(file: string, spec: string): { layer: string } | { pkg: string } | undefined {
  if (spec.startsWith("node:")) return undefined;
  if (spec.startsWith(".")) {
    const target = resolve(dirname(file), spec);
    if (!target.startsWith(SRC)) return { layer: relative(repoRoot, target) };
    const layer = layerOf(target);
    return layer === layerOf(file) ? undefined : { layer };
  }
  return { pkg: spec.startsWith("@") ? spec.split("/").slice(0, 2).join("/") : (spec.split("/")[0] ?? spec) };
}

const files = sourceFiles(SRC);
const table = readTable();
const rowOf = new Map(table.map((r) => [r.layer, r]));

/** Runtime edges between layers. */
function layerGraph(): Map<string, Set<string>> {
  const graph = new Map<string, Set<string>>();
  for (const file of files) {
    const from = layerOf(file);
    for (const spec of runtimeImports(readFileSync(file, "utf8"))) {
      const t = targetOf(file, spec);
      if (!t || !("layer" in t)) continue;
      const edges = graph.get(from) ?? new Set<string>();
      edges.add(t.layer);
      graph.set(from, edges);
    }
  }
  return graph;
}

/** A cycle in the graph as a path (`a/ → b/ → a/`), or undefined. */
function findCycle(graph: Map<string, Set<string>>): string[] | undefined {
  const state = new Map<string, "open" | "done">();
  const path: string[] = [];
  const visit = (node: string): string[] | undefined => {
    if (state.get(node) === "done") return undefined;
    if (state.get(node) === "open") return [...path.slice(path.indexOf(node)), node];
    state.set(node, "open");
    path.push(node);
    for (const next of graph.get(node) ?? []) {
      const cycle = visit(next);
      if (cycle) return cycle;
    }
    path.pop();
    state.set(node, "done");
    return undefined;
  };
  for (const node of graph.keys()) {
    const cycle = visit(node);
    if (cycle) return cycle;
  }
  return undefined;
}

const coreFiles = files.filter((f) => CORE.some((d) => f.startsWith(join(SRC, d, "/"))));

describe("architecture: the layer table in src/README.md", () => {
  it("reads a row for every layer, and every row names a layer that exists", () => {
    expect(table.length).toBeGreaterThan(10);
    const layers = new Set(files.map(layerOf));
    expect([...layers].filter((l) => !rowOf.has(l))).toEqual([]);
    expect(table.map((r) => r.layer).filter((l) => !layers.has(l))).toEqual([]);
  });

  it.each(files.map((f) => [relative(repoRoot, f), f]))("%s imports only what its row allows", (_, file) => {
    const row = rowOf.get(layerOf(file));
    const outside: string[] = [];
    for (const spec of runtimeImports(readFileSync(file, "utf8"))) {
      const t = targetOf(file, spec);
      if (!t) continue;
      if ("layer" in t ? !row?.layers.has(t.layer) : !row?.packages.has(t.pkg)) outside.push(spec);
    }
    expect(outside).toEqual([]);
  });

  it("has no runtime cycle between layers", () => {
    expect(findCycle(layerGraph())).toBeUndefined();
  });

  it("main.ts and cli/ do not import each other", () => {
    const graph = layerGraph();
    expect(graph.get("main.ts")?.has("cli/") ?? false).toBe(false);
    expect(graph.get("cli/")?.has("main.ts") ?? false).toBe(false);
  });

  it("the cycle check finds a cycle when there is one", () => {
    const graph = new Map([
      ["a/", new Set(["b/"])],
      ["b/", new Set(["c/"])],
      ["c/", new Set(["a/"])],
    ]);
    expect(findCycle(graph)).toEqual(["a/", "b/", "c/", "a/"]);
    expect(findCycle(new Map([["a/", new Set(["b/"])]]))).toBeUndefined();
  });
});

describe("architecture: the core", () => {
  it("finds the core source files it guards", () => {
    expect(coreFiles.length).toBeGreaterThan(10);
  });

  it.each(coreFiles.map((f) => [relative(repoRoot, f), f]))(
    "%s imports no Slack and reads no process.env",
    (_, file) => {
      const source = readFileSync(file, "utf8");
      const slack = runtimeImports(source).filter((s) => s.startsWith("@slack/") || s.includes("/slack/"));
      expect(slack).toEqual([]);
      expect(source).not.toMatch(/process\.env/);
    },
  );

  const outsideStore = files.filter((f) => !f.startsWith(join(SRC, "store")));
  it.each(outsideStore.map((f) => [relative(repoRoot, f), f]))(
    "%s sees no database driver and reaches into no store backend",
    (_, file) => {
      const source = readFileSync(file, "utf8");
      const imports = [...source.matchAll(/from\s+["']([^"']+)["']|import\(\s*["']([^"']+)["']\s*\)/g)].map(
        (m) => m[1] ?? m[2] ?? "",
      );
      expect(
        imports.filter(
          (s) => s === "better-sqlite3" || s === "pg" || s === "kysely" || /\/store\/(sqlite|postgres|query)\//.test(s),
        ),
      ).toEqual([]);
    },
  );

  it("the guard sees a runtime Slack import when there is one", () => {
    expect(runtimeImports('import { App } from "@slack/bolt";\nimport type { Logger } from "@slack/bolt";')).toEqual([
      "@slack/bolt",
    ]);
  });
});
