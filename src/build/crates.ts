/**
 * The crates of a revision's tree, and which of them are not product code: test crates
 * (`planner_test`, `hummock_test`) and proc-macro crates (their messages are compile errors).
 */
import type { TreeEntry } from "./git.ts";

export interface CrateRule {
  /** Crate folders (with a trailing slash) whose files are skipped. */
  skipped: string[];
}

/** `[lib] proc-macro = true` in a Cargo.toml. */
export function isProcMacroManifest(text: string): boolean {
  return /^\s*proc[-_]macro\s*=\s*true\b/m.test(text);
}

/** The Cargo.toml entries of a tree, with the folder each one roots. */
export function manifests(entries: readonly TreeEntry[]): { dir: string; blob: string }[] {
  return entries
    .filter((e) => e.path === "Cargo.toml" || e.path.endsWith("/Cargo.toml"))
    .map((e) => ({ dir: e.path.slice(0, -"Cargo.toml".length), blob: e.blob }));
}

/** Crate folders to skip, given each manifest's text (read by the caller, cached by blob). */
export function skippedCrates(found: readonly { dir: string; text: string }[]): CrateRule {
  const skipped: string[] = [];
  for (const { dir, text } of found) {
    if (dir === "") continue;
    const name = dir.slice(0, -1).split("/").pop() ?? "";
    if (name.includes("test") || isProcMacroManifest(text)) skipped.push(dir);
  }
  return { skipped };
}

export function inSkippedCrate(path: string, rule: CrateRule): boolean {
  return rule.skipped.some((dir) => path.startsWith(dir));
}
