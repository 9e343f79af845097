import { afterEach, describe, expect, it } from "vitest";
import { tempDir } from "./temp-store.ts";

let env: ReturnType<typeof tempDir>;
afterEach(() => env?.cleanup());

// SQLite keeps ids in time order (id = ms * 1024 + n), so a period is one rowid range; PostgreSQL
// uses an identity column and an index on occurred_at instead.
describe("SQLite occurrence ids", () => {
  it("spills past 1024 occurrences in one millisecond into the next one, and refuses clearly when that is taken", async () => {
    env = tempDir();
    const store = await env.open(() => 77);
    const x = { recordId: "a", source: "console" as const, text: "x" };
    await store.recordOccurrence({ ...x, occurredAt: 79 });
    for (let i = 0; i < 1024; i++) await store.recordOccurrence(x);
    expect((await store.recordOccurrence(x)).inserted).toBe(true);
    await expect(store.recordOccurrence({ ...x, occurredAt: 78 })).resolves.toBeDefined();
    for (let i = 0; i < 1022; i++) await store.recordOccurrence({ ...x, occurredAt: 78 });
    await expect(store.recordOccurrence({ ...x, occurredAt: 78 })).rejects.toThrow(/same millisecond/);
    expect(await store.listOccurrences({ limit: 5000 })).toHaveLength(1 + 1024 + 1 + 1 + 1022);
  });
});
