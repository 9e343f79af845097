/** Where to look next when the knowledge base has no analysis: docs and GitHub searches, a prefilled issue. */
import type { ErrorRecord } from "../catalog/schema.ts";

const REPO = "https://github.com/risingwavelabs/risingwave";
const MAX_URL = 2900;

/** The longest fixed run of a template: what a search finds whatever the captured values were. */
export function searchPhrase(template: string): string {
  const parts = (template.split("\n")[0] ?? "")
    .split(/\{[^{}]*\}/)
    .map((p) => p.replace(/^[\s"'`,.:;()[\]-]+|[\s"'`,.:;()[\]-]+$/g, ""));
  const longest = parts.reduce((best, p) => (p.length > best.length ? p : best), "");
  if (longest.length <= 60) return longest;
  // Whole words: a search for half a word finds nothing.
  return longest.slice(0, 60).replace(/\s+\S*$/, "");
}

export function docsSearchUrl(template: string): string {
  return `https://www.google.com/search?q=${encodeURIComponent(`site:docs.risingwave.com "${searchPhrase(template)}"`)}`;
}

export function issuesSearchUrl(template: string): string {
  return `${REPO}/issues?q=${encodeURIComponent(`is:issue "${searchPhrase(template)}"`)}`;
}

/** The commit the record was extracted from: analyzedSha, else the sha in its GitHub blob URL. */
export function recordCommit(record: Pick<ErrorRecord, "analyzedSha" | "githubUrl">): string | null {
  if (record.analyzedSha) return record.analyzedSha;
  return /\/blob\/([0-9a-f]{7,40})\//.exec(record.githubUrl ?? "")?.[1] ?? null;
}

export interface NewIssueInput {
  title: string;
  /** The pasted chain, already redacted, outermost first. */
  chain: readonly string[];
  record: Pick<ErrorRecord, "id" | "slug" | "analyzedSha" | "githubUrl" | "filePath" | "lineNumber"> | null;
  version: string | null;
}

/** A prefilled "new issue" URL; the body is cut so the whole URL stays within a button's URL limit. */
export function newIssueUrl(input: NewIssueInput): string {
  const lines = ["### Error", "", "```", ...input.chain.map((l) => l.slice(0, 400)), "```", ""];
  if (input.record) {
    const commit = recordCommit(input.record);
    lines.push(`- rwerror record: \`${input.record.id}\` (${input.record.slug})`);
    if (input.record.filePath)
      lines.push(`- raised at: \`${input.record.filePath}:${input.record.lineNumber ?? "?"}\``);
    if (commit) lines.push(`- commit: ${commit}`);
  }
  lines.push(
    `- RisingWave version: ${input.version ?? "unknown (please fill in)"}`,
    "",
    "### What happened before",
    "",
  );
  const title = encodeURIComponent(input.title.slice(0, 200));
  const base = `${REPO}/issues/new?title=${title}&body=`;
  let body = lines.join("\n");
  let url = base + encodeURIComponent(body);
  while (url.length > MAX_URL && body.length > 50) {
    body = `${body.slice(0, Math.floor(body.length * 0.8))}\n…`;
    url = base + encodeURIComponent(body);
  }
  return url;
}

const BLOB = /^https:\/\/github\.com\/([\w.-]+\/[\w.-]+)\/blob\/([^/#]+)\/([^#]+?)(#L\d+(?:-L\d+)?)?$/;
const MOVING = new Set(["main", "master", "HEAD"]);

/**
 * A source link that will not 404 or point at the wrong lines: a branch (`main`) moves, so a link to it is
 * pinned to the commit the record was extracted from, and only for the record's own file (a file the
 * record does not hold may have moved since); a link without a line gets the record's line, or is no
 * link at all. Non-GitHub links pass as they are; null means "say where, link nothing".
 */
export function pinnedSourceUrl(
  url: string | null | undefined,
  record: Pick<ErrorRecord, "analyzedSha" | "githubUrl" | "filePath" | "lineNumber">,
): string | null {
  if (!url) return null;
  const m = BLOB.exec(url);
  if (!m) return /^https:\/\/github\.com\//.test(url) ? null : url;
  const [, repo, ref = "", path = "", anchor] = m;
  const own = record.filePath !== null && path === record.filePath;
  let pinned = ref;
  if (MOVING.has(ref)) {
    const commit = recordCommit(record);
    if (!own || !commit || MOVING.has(commit)) return null;
    pinned = commit;
  }
  const line = anchor ?? (own && record.lineNumber ? `#L${record.lineNumber}` : null);
  return line ? `https://github.com/${repo}/blob/${pinned}/${path}${line}` : null;
}
