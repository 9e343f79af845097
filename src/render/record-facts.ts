/**
 * What `rwerror catalog build` knows about a record beyond its text, worded for a card: where it is
 * raised (component and function), when its wording arrived, the change that reworded or removed it,
 * and the SQL RisingWave's own tests raise it with. Plain data; card, modal and terminal word it.
 */
import { shortRelease } from "../catalog/releases.ts";
import type { ErrorRecord } from "../catalog/schema.ts";
import type { MatchFacts } from "./model.ts";

export interface PullRef {
  release: string;
  pr: number | null;
  /** The PR's page, else the commit's, else null. */
  url: string | null;
}

export interface RecordFacts {
  component: string | null;
  /** Who acts, as catalog build read it from the code: the user, an external system, RisingWave itself. */
  origin: "user" | "external" | "internal" | null;
  fn: string | null;
  /** "added in v1.4 (#12345)". */
  added: PullRef | null;
  /**
   * "changed in v2.1 by #23456 'subject'": only when the wording is gone from the user's release (or,
   * release unknown, from main). A removal is most often a refactor: never call it a fix.
   */
  changed: (PullRef & { subject: string | null }) | null;
  examples: readonly { sql: string; source: string; url: string | null }[];
}

const DEFAULT_REPO = "risingwavelabs/risingwave";

function repoOf(record: ErrorRecord): string {
  return /^[\w.-]+\/[\w.-]+$/.test(record.repo) ? record.repo : DEFAULT_REPO;
}

function pullRef(repo: string, p: { release: string; commit: string | null; pr: number | null }): PullRef {
  const url = p.pr
    ? `https://github.com/${repo}/pull/${p.pr}`
    : p.commit
      ? `https://github.com/${repo}/commit/${p.commit}`
      : null;
  return { release: shortRelease(p.release), pr: p.pr, url };
}

/** `e2e_test/batch/x.slt:12` at `v2.5.0` → the line on GitHub at that tag. */
function exampleUrl(repo: string, source: string, release: string): string | null {
  const m = /^(.+):(\d+)$/.exec(source);
  if (!m) return null;
  return `https://github.com/${repo}/blob/${encodeURI(release)}/${encodeURI(m[1] ?? "")}#L${m[2]}`;
}

/** True when the user's release prints this wording; unknown release: when main prints it. */
function inUsersCode(record: ErrorRecord, facts: Pick<MatchFacts, "release">): boolean {
  const known = facts.release?.inUserRelease;
  if (known === true || known === false) return known;
  return record.releases?.includes("main") ?? true;
}

export function recordFacts(record: ErrorRecord, facts: Pick<MatchFacts, "release"> = {}): RecordFacts {
  const repo = repoOf(record);
  const history = record.history;
  const removed = history?.removed;
  return {
    component: record.component ?? null,
    origin: record.origin ?? null,
    fn: record.function ?? null,
    added: history ? pullRef(repo, history.added) : null,
    changed:
      removed && !inUsersCode(record, facts) ? { ...pullRef(repo, removed), subject: removed.subject ?? null } : null,
    examples: (record.examples ?? []).slice(0, 3).map((e) => ({
      sql: e.sql,
      source: e.source,
      url: exampleUrl(repo, e.source, e.release),
    })),
  };
}

/** "added in v1.4 (#12345)" / "changed in v2.1 by #23456 “subject”", without markup. */
export function addedWords(a: PullRef): string {
  return `added in ${a.release}${a.pr ? ` (#${a.pr})` : ""}`;
}

export function changedWords(c: RecordFacts["changed"] & object): string {
  const by = c.pr ? ` by #${c.pr}` : "";
  const subject = c.subject ? ` “${c.subject.replace(/\s*\(#\d+\)\s*$/, "")}”` : "";
  return `changed in ${c.release}${by}${subject}`;
}
