/**
 * Which revisions a build reads and what records call them: `--releases` is every stable tag from
 * v0.18.0 on (patch releases included) plus the default branch; `--rev` names revisions. A version tag
 * keeps its name; the default branch (or any other revision) is `main`, the catalog's name for the
 * development line. Oldest first: tags in version order, `main` last.
 */
import { BuildError } from "./errors.ts";
import { defaultBranch, listTags, resolveRevision } from "./git.ts";
import type { Revision } from "./types.ts";

const STABLE_TAG = /^v(\d+)\.(\d+)\.(\d+)$/;
const ANY_VERSION_TAG = /^v\d{1,3}\.\d{1,3}\.\d{1,3}(?:-[0-9A-Za-z.]{1,32})?$/;
/** The first release the shipped catalog covers (the reference extraction starts there too). */
export const FIRST_RELEASE = "v0.18.0";

function versionKey(tag: string): number[] {
  const m = /^v(\d+)\.(\d+)\.(\d+)(?:-(.*))?$/.exec(tag);
  if (!m) return [Number.MAX_SAFE_INTEGER];
  // A pre-release sorts before its release.
  return [Number(m[1]), Number(m[2]), Number(m[3]), m[4] ? 0 : 1];
}

export function compareTags(a: string, b: string): number {
  const ka = versionKey(a);
  const kb = versionKey(b);
  for (let i = 0; i < Math.max(ka.length, kb.length); i++) {
    const d = (ka[i] ?? 0) - (kb[i] ?? 0);
    if (d !== 0) return d;
  }
  return 0;
}

/** Every stable tag from `from` on, oldest first. */
export function stableTagsFrom(tags: readonly string[], from = FIRST_RELEASE): string[] {
  return tags.filter((t) => STABLE_TAG.test(t) && compareTags(t, from) >= 0).sort(compareTags);
}

export interface RevisionRequest {
  /** Every stable release tag from v0.18.0 on, plus the default branch. */
  releases: boolean;
  /** Revisions named on the command line (tags, branches, commits). */
  revs: readonly string[];
}

/** The revisions to read, resolved to commits, oldest first; a BuildError for an unknown one. */
export async function chooseRevisions(repo: string, request: RevisionRequest): Promise<Revision[]> {
  const names = new Set<string>();
  let mainRev: string | null = null;
  if (request.releases) {
    for (const tag of stableTagsFrom(await listTags(repo))) names.add(tag);
    mainRev = await defaultBranch(repo);
  }
  for (const rev of request.revs) {
    if (ANY_VERSION_TAG.test(rev)) names.add(rev);
    else if (mainRev === null || mainRev === rev) mainRev = rev;
    else {
      throw new BuildError(
        "UNKNOWN_REVISION",
        `only one revision besides version tags can be read (it is recorded as "main"): ${mainRev} and ${rev}`,
      );
    }
  }
  if (names.size === 0 && mainRev === null) mainRev = await defaultBranch(repo);
  const out: Revision[] = [];
  for (const tag of [...names].sort(compareTags)) out.push({ rev: tag, ...(await resolveRevision(repo, tag)) });
  if (mainRev !== null) out.push({ rev: "main", ...(await resolveRevision(repo, mainRev)) });
  return out;
}
