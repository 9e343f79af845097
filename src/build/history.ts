/**
 * When a message's wording arrived and when it went: for each record, the commit between the previous
 * release and the first release that prints it whose diff adds the wording, and the commit between its
 * last release and the next one whose diff takes it away (a move shows as a removal from the old path).
 * One `git log -p` per pair of consecutive revisions, over the paths concerned, scanned line by line.
 * RisingWave squash-merges PRs, so a subject ends with `(#12345)`: that is the PR.
 */
import { spawn } from "node:child_process";
import { createInterface } from "node:readline";
import type { MergedMessage } from "./merge.ts";
import type { RecordHistory, Revision } from "./types.ts";

interface Commit {
  commit: string;
  subject: string;
}

/** The longest plain run of the wording, as the source spells it too (no quotes, escapes or placeholders). */
export function needleOf(message: string): string | null {
  let best = "";
  for (const part of message.split(/\{[^{}]*\}|\{\{|\}\}|["\\\n\r\t]/)) {
    const run = part.trim();
    if (run.length > best.length) best = run;
  }
  best = best.slice(0, 32).trim();
  return best.length >= 6 ? best : null;
}

export function prOf(subject: string): number | null {
  const m = /\(#(\d+)\)\s*$/.exec(subject) ?? /^Merge pull request #(\d+)/.exec(subject);
  return m ? Number(m[1]) : null;
}

interface Search {
  path: string;
  needle: string | null;
  found: Commit | null;
  /** Commits of the range that touched the path (the fallback when the wording is not seen). */
  touched: Commit[];
}

/**
 * Scans `git log -p` of a range over some paths: for each search, the oldest commit whose added lines
 * hold the needle (`mode: "added"`), or the newest commit whose removed lines hold it and whose added
 * lines do not (`mode: "removed"`).
 */
async function scanRange(repo: string, range: string[], searches: Search[], mode: "added" | "removed"): Promise<void> {
  const byPath = new Map<string, Search[]>();
  for (const s of searches) {
    const list = byPath.get(s.path) ?? [];
    list.push(s);
    byPath.set(s.path, list);
  }
  const paths = [...byPath.keys()];
  if (paths.length === 0) return;
  const args = ["-C", repo, "log", "-p", "--reverse", "--no-color", "--no-renames", "--format=%x00%H %s", ...range];
  args.push("--", ...paths);
  const proc = spawn("git", args, { stdio: ["ignore", "pipe", "ignore"] });
  let commit: Commit | null = null;
  let file: string | null = null;
  let plus: string[] = [];
  let minus: string[] = [];
  const flush = () => {
    if (!commit || !file) return;
    const list = byPath.get(file);
    if (list) {
      for (const s of list) {
        if (s.touched[s.touched.length - 1] !== commit) s.touched.push(commit);
        if (!s.needle) continue;
        const needle = s.needle;
        if (mode === "added") {
          if (!s.found && plus.some((l) => l.includes(needle))) s.found = commit;
        } else if (minus.some((l) => l.includes(needle)) && !plus.some((l) => l.includes(needle))) {
          s.found = commit;
        }
      }
    }
    plus = [];
    minus = [];
  };
  const lines = createInterface({ input: proc.stdout, crlfDelay: Number.POSITIVE_INFINITY });
  for await (const line of lines) {
    if (line.startsWith("\u0000")) {
      flush();
      const space = line.indexOf(" ");
      commit = { commit: line.slice(1, space), subject: line.slice(space + 1) };
      file = null;
    } else if (line.startsWith("diff --git ")) {
      flush();
      const b = line.lastIndexOf(" b/");
      file = b >= 0 ? line.slice(b + 3) : null;
    } else if (line.startsWith("+") && !line.startsWith("+++")) plus.push(line);
    else if (line.startsWith("-") && !line.startsWith("---")) minus.push(line);
  }
  flush();
  await new Promise((resolve) => proc.once("close", resolve));
}

function point(search: Search, release: string, mode: "added" | "removed") {
  const touched = mode === "added" ? search.touched[0] : search.touched[search.touched.length - 1];
  const commit = search.found ?? (search.touched.length === 1 ? (touched ?? null) : null);
  return {
    release,
    commit: commit?.commit ?? null,
    pr: commit ? prOf(commit.subject) : null,
    subject: commit?.subject ?? null,
  };
}

/** `history` for every merged message, keyed like the merge map. */
export async function findHistory(
  repo: string,
  revisions: readonly Revision[],
  merged: ReadonlyMap<string, MergedMessage>,
  log: (line: string) => void = () => {},
): Promise<Map<string, RecordHistory>> {
  const index = new Map(revisions.map((r, i) => [r.rev, i]));
  const added = new Map<number, Map<string, Search>>();
  const removed = new Map<number, Map<string, Search>>();
  const last = revisions.length - 1;
  for (const [key, m] of merged) {
    const first = index.get(m.releases[0] ?? "") ?? 0;
    const end = index.get(m.releases[m.releases.length - 1] ?? "") ?? last;
    const needle = needleOf(m.message.errorMessage);
    const at = (table: Map<number, Map<string, Search>>, i: number) => {
      const group = table.get(i) ?? new Map<string, Search>();
      table.set(i, group);
      group.set(key, { path: m.filePath, needle, found: null, touched: [] });
    };
    at(added, first);
    if (end < last) at(removed, end + 1);
  }
  for (const [i, group] of added) {
    const rev = revisions[i] as Revision;
    const prev = revisions[i - 1];
    await scanRange(repo, prev ? [`${prev.commit}..${rev.commit}`] : [rev.commit], [...group.values()], "added");
    log(`history: ${rev.rev}: ${group.size} wordings added`);
  }
  for (const [i, group] of removed) {
    const rev = revisions[i] as Revision;
    const prev = revisions[i - 1] as Revision;
    await scanRange(repo, [`${prev.commit}..${rev.commit}`], [...group.values()], "removed");
    log(`history: ${rev.rev}: ${group.size} wordings gone`);
  }
  const out = new Map<string, RecordHistory>();
  for (const [key, m] of merged) {
    const first = index.get(m.releases[0] ?? "") ?? 0;
    const end = index.get(m.releases[m.releases.length - 1] ?? "") ?? last;
    const a = added.get(first)?.get(key);
    const r = end < last ? removed.get(end + 1)?.get(key) : undefined;
    const addedPoint = a ? point(a, m.releases[0] ?? "", "added") : null;
    out.set(key, {
      added: addedPoint
        ? { release: addedPoint.release, commit: addedPoint.commit, pr: addedPoint.pr }
        : { release: m.releases[0] ?? "", commit: null, pr: null },
      removed: r ? point(r, revisions[end + 1]?.rev ?? "", "removed") : null,
    });
  }
  return out;
}
