import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { openStore, type Store } from "../../src/store/index.ts";

/** A fresh folder per test with a real SQLite file in it; `cleanup` removes it (close stores first). */
export function tempDir(): {
  dir: string;
  path: string;
  cleanup: () => void;
  open: (now?: () => number) => Promise<Store>;
} {
  const dir = mkdtempSync(join(tmpdir(), "rwerror-store-"));
  const path = join(dir, "nested", "rwerror.sqlite");
  const stores: Store[] = [];
  return {
    dir,
    path,
    async open(now) {
      const store = await openStore(path, now ? { now } : {});
      stores.push(store);
      return store;
    },
    cleanup() {
      for (const s of stores) void s.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
