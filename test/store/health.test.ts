import Database from "better-sqlite3";
import { afterEach, describe, expect, it } from "vitest";
import type { Store } from "../../src/store/db.ts";
import { probeWritable } from "../../src/store/health.ts";
import { tempDir } from "./temp-store.ts";

let cleanup = () => {};
afterEach(() => cleanup());

describe("probeWritable", () => {
  it("says ok for a store that can take a write, and writes nothing", () => {
    const t = tempDir();
    cleanup = t.cleanup;
    const store = t.open();
    const before = store.db.pragma("user_version", { simple: true });
    expect(probeWritable(store)).toEqual({ ok: true });
    expect(store.db.pragma("user_version", { simple: true })).toBe(before);
    expect(store.db.inTransaction).toBe(false);
  });

  it("reports a database opened read-only (where a SELECT 1 health check said ok)", () => {
    const t = tempDir();
    cleanup = t.cleanup;
    t.open().close();
    const db = new Database(t.path, { readonly: true });
    const readOnly = { db, now: Date.now, prepare: (sql: string) => db.prepare(sql), close: () => db.close() } as Store;
    expect(db.prepare("SELECT 1").get()).toBeTruthy();
    const probe = probeWritable(readOnly);
    expect(probe.ok).toBe(false);
    db.close();
  });

  it("reports a closed database instead of throwing", () => {
    const t = tempDir();
    cleanup = t.cleanup;
    const store = t.open();
    store.db.close();
    expect(probeWritable(store)).toEqual({ ok: false, reason: "database is closed" });
  });

  it("keeps the store's busy timeout after probing", () => {
    const t = tempDir();
    cleanup = t.cleanup;
    const store = t.open();
    const busy = store.db.pragma("busy_timeout", { simple: true });
    probeWritable(store);
    expect(store.db.pragma("busy_timeout", { simple: true })).toBe(busy);
  });
});
