/**
 * Which part of RisingWave a source file belongs to, and the tags a record carries: a fixed table
 * from the path, most specific prefix first (the compactor lives inside storage, the object store is
 * storage too).
 */

const COMPONENTS: readonly [prefix: string, component: string][] = [
  ["src/storage/src/hummock/compactor/", "compactor"],
  ["src/storage/compactor/", "compactor"],
  ["src/meta/", "meta"],
  ["src/frontend/", "frontend"],
  ["src/stream/", "stream"],
  ["src/batch/", "batch"],
  ["src/storage/", "storage"],
  ["src/object_store/", "storage"],
  ["src/connector/", "connector"],
  ["src/source/", "connector"],
  ["src/sqlparser/", "sqlparser"],
  ["src/expr/", "expr"],
  ["src/udf/", "expr"],
  ["src/rpc_client/", "rpc"],
  ["src/ctl/", "ctl"],
  ["src/cmd_all/", "cmd"],
  ["src/cmd/", "cmd"],
  ["src/compute/", "compute"],
  ["src/dml/", "stream"],
  ["src/java_binding/", "java-binding"],
  ["src/jni_core/", "java-binding"],
  ["src/utils/", "utils"],
  ["src/common/", "common"],
  ["src/prost/", "common"],
  ["src/error/", "common"],
  ["src/license/", "common"],
];

export function componentOf(filePath: string): string | null {
  for (const [prefix, component] of COMPONENTS) if (filePath.startsWith(prefix)) return component;
  const crate = /^src\/([^/]+)\//.exec(filePath)?.[1];
  return crate ? crate.replaceAll("_", "-") : null;
}

/** `src/meta/src/stream/scale.rs` → `["rust", "meta", "stream", "scale"]` (the reference records' tags). */
export function tagsOf(filePath: string): string[] {
  const tags = ["rust"];
  for (let part of filePath.split("/").slice(1)) {
    if (part.endsWith(".rs")) part = part.slice(0, -3);
    part = part.replaceAll("-", "_");
    if (part === "src" || part === "mod" || part === "lib" || tags.includes(part)) continue;
    tags.push(part);
  }
  return tags;
}
