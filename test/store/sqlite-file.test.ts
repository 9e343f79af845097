import { copyFileSync, mkdtempSync, renameSync, rmSync, unlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { openStore, type Store } from "../../src/store/index.ts";

let store: Store | undefined;
let dir = "";
afterEach(async () => {
  await store?.close();
  store = undefined;
  rmSync(dir, { recursive: true, force: true });
});

describe("the SQLite file under a running store", () => {
  it("reports a database file deleted while open instead of writing to the unlinked file", async () => {
    dir = mkdtempSync(join(tmpdir(), "rwerror-file-"));
    const path = join(dir, "bot.sqlite");
    store = await openStore(path);
    expect(await store.health()).toEqual({ kind: "sqlite", ok: true });
    unlinkSync(path);
    const health = await store.health();
    expect(health.ok).toBe(false);
    expect(health.error).toMatch(/deleted while open/);
  });

  it("reports a database file replaced while open (a restore, a volume swap)", async () => {
    dir = mkdtempSync(join(tmpdir(), "rwerror-file-"));
    const path = join(dir, "bot.sqlite");
    store = await openStore(path);
    copyFileSync(path, join(dir, "copy.sqlite"));
    renameSync(join(dir, "copy.sqlite"), path);
    const health = await store.health();
    expect(health.ok).toBe(false);
    expect(health.error).toMatch(/replaced while open/);
  });
});
