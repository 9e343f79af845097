import { afterEach, expect, it } from "vitest";
import { type BackendEnv, describeEachBackend } from "./backends.ts";

let env: BackendEnv | undefined;
afterEach(async () => {
  await env?.cleanup();
  env = undefined;
});

// The read-only file and the lock held by another process are tested with real processes in
// test/replicas/faults.test.ts.
describeEachBackend("store health", (backend) => {
  it("says ok for a store that can take a write, and writes nothing", async () => {
    env = backend.fresh();
    const store = await env.open();
    const before = await store.schemaVersion();
    expect(await store.health()).toEqual({ kind: backend.kind, ok: true });
    expect(await store.schemaVersion()).toBe(before);
    expect(await store.claimEvent("Ev-after-probe")).toBe(true);
  });

  it("reports a closed database instead of throwing", async () => {
    env = backend.fresh();
    const store = await env.open();
    await store.close();
    const health = await store.health();
    expect(health.ok).toBe(false);
    expect(health.kind).toBe(backend.kind);
  });
});
