/** A real, small tmpfs for the full-disk tests (root only), and a writer that fills it to ENOSPC. */
import { execFileSync } from "node:child_process";
import { closeSync, mkdirSync, mkdtempSync, openSync, rmSync, writeSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

/** Why a tmpfs cannot be mounted here, or undefined when it can. */
export function mountProblem(): string | undefined {
  if (process.platform !== "linux") return "tmpfs needs Linux";
  if (process.getuid?.() !== 0) return "mounting a tmpfs needs root";
  const probe = mkdtempSync(join(tmpdir(), "rwerror-tmpfs-probe-"));
  try {
    execFileSync("mount", ["-t", "tmpfs", "-o", "size=1m", "tmpfs", probe], { stdio: "ignore" });
    execFileSync("umount", [probe], { stdio: "ignore" });
    return undefined;
  } catch {
    return "this sandbox refuses mount -t tmpfs";
  } finally {
    rmSync(probe, { recursive: true, force: true });
  }
}

/** Mounts a tmpfs of `size` at `dir`/mnt; returns the mount point and its unmount. */
export function mountTmpfs(dir: string, size = "4m"): { mnt: string; unmount: () => void } {
  const mnt = join(dir, "mnt");
  mkdirSync(mnt);
  execFileSync("mount", ["-t", "tmpfs", "-o", `size=${size}`, "tmpfs", mnt]);
  return { mnt, unmount: () => execFileSync("umount", ["-l", mnt]) };
}

/** Writes until the file system says ENOSPC; the bytes written. */
export function fill(path: string): number {
  const fd = openSync(path, "w");
  const chunk = Buffer.alloc(16 * 1024, 7);
  let written = 0;
  try {
    for (;;) written += writeSync(fd, chunk);
  } catch (error) {
    if ((error as { code?: string }).code !== "ENOSPC") throw error;
  } finally {
    closeSync(fd);
  }
  return written;
}
