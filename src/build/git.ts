/**
 * Git plumbing for `catalog build`: revisions, trees and blobs read straight from the object store
 * (bare or not; no work tree). One long-lived `git cat-file --batch` serves every blob.
 */
import { type ChildProcessWithoutNullStreams, execFile, spawn } from "node:child_process";
import { promisify } from "node:util";
import { BuildError } from "./errors.ts";

const run = promisify(execFile);

export async function git(repo: string, args: readonly string[], maxBuffer = 256 << 20): Promise<string> {
  try {
    const { stdout } = await run("git", ["-C", repo, ...args], { maxBuffer, encoding: "utf8" });
    return stdout;
  } catch (e) {
    const err = e as { stderr?: string; message: string };
    const first = (err.stderr ?? err.message).trim().split("\n")[0] ?? "";
    throw new BuildError("GIT_FAILED", `git ${args[0]} failed: ${first}`);
  }
}

/** The repository's git directory, or a BuildError saying it is not a git repository. */
export async function gitDir(repo: string): Promise<string> {
  try {
    const { stdout } = await run("git", ["-C", repo, "rev-parse", "--absolute-git-dir"], { encoding: "utf8" });
    return stdout.trim();
  } catch {
    throw new BuildError("NOT_A_REPOSITORY", `not a git repository: ${repo}`);
  }
}

export interface CommitInfo {
  commit: string;
  /** Committer date, ISO 8601. */
  date: string;
}

/** A revision's commit and date, or a BuildError naming the revision. */
export async function resolveRevision(repo: string, rev: string): Promise<CommitInfo> {
  let out: string;
  try {
    const { stdout } = await run("git", ["-C", repo, "log", "-1", "--format=%H %cI", `${rev}^{commit}`, "--"], {
      encoding: "utf8",
    });
    out = stdout.trim();
  } catch {
    throw new BuildError("UNKNOWN_REVISION", `unknown revision: ${rev}`);
  }
  const [commit = "", date = ""] = out.split(" ");
  if (!/^[0-9a-f]{40}$/.test(commit)) throw new BuildError("UNKNOWN_REVISION", `unknown revision: ${rev}`);
  return { commit, date };
}

/** The default branch: what HEAD points at (`main`), else `main` or `master` if present. */
export async function defaultBranch(repo: string): Promise<string> {
  try {
    const head = (await git(repo, ["symbolic-ref", "--short", "HEAD"])).trim();
    if (head) return head;
  } catch {
    // a detached HEAD: fall through
  }
  for (const name of ["main", "master"]) {
    try {
      await resolveRevision(repo, name);
      return name;
    } catch {
      // try the next
    }
  }
  return "HEAD";
}

export async function listTags(repo: string): Promise<string[]> {
  return (await git(repo, ["tag", "--list"])).split("\n").filter(Boolean);
}

export interface TreeEntry {
  path: string;
  blob: string;
}

/** Every file of a commit's tree (paths relative to the root), blobs only. */
export async function listTree(repo: string, commit: string): Promise<TreeEntry[]> {
  const out = await git(repo, ["ls-tree", "-r", "-z", "--full-tree", commit]);
  const entries: TreeEntry[] = [];
  for (const line of out.split("\0")) {
    if (!line) continue;
    const tab = line.indexOf("\t");
    const [, type, blob] = line.slice(0, tab).split(" ");
    if (type === "blob" && blob) entries.push({ path: line.slice(tab + 1), blob });
  }
  return entries;
}

/** Reads blobs through one `git cat-file --batch`, in request order. */
export class BlobReader {
  private readonly proc: ChildProcessWithoutNullStreams;
  private buffer: Buffer = Buffer.alloc(0);
  private readonly waiting: { resolve: (b: Buffer) => void; reject: (e: Error) => void }[] = [];
  private failed: Error | null = null;

  constructor(repo: string) {
    this.proc = spawn("git", ["-C", repo, "cat-file", "--batch"], { stdio: ["pipe", "pipe", "pipe"] });
    this.proc.stdout.on("data", (chunk: Buffer) => {
      this.buffer = this.buffer.length === 0 ? chunk : Buffer.concat([this.buffer, chunk]);
      this.drain();
    });
    const fail = (e: Error) => {
      this.failed = e;
      for (const w of this.waiting.splice(0)) w.reject(e);
    };
    this.proc.on("error", fail);
    this.proc.on("exit", (code) => {
      if (this.waiting.length > 0) fail(new BuildError("GIT_FAILED", `git cat-file exited with ${code}`));
    });
  }

  read(blob: string): Promise<Buffer> {
    if (this.failed) return Promise.reject(this.failed);
    return new Promise((resolve, reject) => {
      this.waiting.push({ resolve, reject });
      this.proc.stdin.write(`${blob}\n`);
    });
  }

  async text(blob: string): Promise<string> {
    return (await this.read(blob)).toString("utf8");
  }

  private drain(): void {
    while (this.waiting.length > 0) {
      const nl = this.buffer.indexOf(10);
      if (nl < 0) return;
      const header = this.buffer.subarray(0, nl).toString("utf8");
      const parts = header.split(" ");
      if (parts[1] === "missing") {
        this.buffer = this.buffer.subarray(nl + 1);
        this.waiting.shift()?.reject(new BuildError("GIT_FAILED", `missing object ${parts[0]}`));
        continue;
      }
      const size = Number(parts[2]);
      if (this.buffer.length < nl + 1 + size + 1) return;
      const body = Buffer.from(this.buffer.subarray(nl + 1, nl + 1 + size));
      this.buffer = this.buffer.subarray(nl + 1 + size + 1);
      this.waiting.shift()?.resolve(body);
    }
  }

  close(): void {
    this.proc.stdin.end();
  }
}
