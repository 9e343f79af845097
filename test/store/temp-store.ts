import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { openStore, type Store } from "../../src/store/index.ts";

/** A fresh folder per test with a real SQLite file in it; `cleanup` closes stores and removes it. */
export function tempDir(): { dir: string; path: string; cleanup: () => void; open: (now?: () => number) => Store } {
  const dir = mkdtempSync(join(tmpdir(), "rwerror-store-"));
  const stores: Store[] = [];
  return {
    dir,
    path: join(dir, "nested", "rwerror.sqlite"),
    open(now) {
      const store = openStore(join(dir, "nested", "rwerror.sqlite"), now ? { now } : {});
      stores.push(store);
      return store;
    },
    cleanup() {
      for (const s of stores) s.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
