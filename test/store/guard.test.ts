import { afterEach, describe, expect, it } from "vitest";
import { guardStore, type Store } from "../../src/store/index.ts";
import { tempDir } from "./temp-store.ts";

let env: ReturnType<typeof tempDir> | undefined;
afterEach(() => {
  env?.cleanup();
  env = undefined;
});

function logSink() {
  const lines: string[] = [];
  return {
    lines,
    log: { warn: (m: string) => lines.push(`warn ${m}`), error: (m: string) => lines.push(`error ${m}`) },
  };
}

const busy = () => Object.assign(new Error("database is locked"), { code: "SQLITE_BUSY" });

describe("store guard", () => {
  it("treats a store call that throws before returning a promise like a failed one", async () => {
    env = tempDir();
    const store = await env.open();
    const { lines, log } = logSink();
    const guard = guardStore(store, { deadlineMs: 50, log });
    const throwsNow = (): Promise<boolean> => {
      throw new RangeError("a note needs text");
    };
    expect(await guard.decide("decision", throwsNow, () => false)).toBe(false);
    await guard.write("note", throwsNow);
    expect(guard.stats()).toMatchObject({ fallbacks: 1, failed: 1, pending: 0 });
    expect(lines.join("\n")).toContain("note not written (a note needs text)");
  });

  it("answers from the fallback when the database does not decide in time, and counts it", async () => {
    env = tempDir();
    const store = await env.open();
    const { lines, log } = logSink();
    const guard = guardStore(store, { deadlineMs: 50, quietMs: 0, log });
    const t0 = Date.now();
    const never = () => new Promise<boolean>(() => {});
    expect(await guard.decide("event claim Ev1", never, () => true)).toBe(true);
    expect(Date.now() - t0).toBeLessThan(1000);
    expect(
      await guard.decide(
        "event claim Ev2",
        () => Promise.reject(busy()),
        () => false,
      ),
    ).toBe(false);
    expect(
      await guard.decide(
        "event claim Ev3",
        (s) => s.claimEvent("Ev3"),
        () => false,
      ),
    ).toBe(true);
    expect(guard.stats()).toMatchObject({ fallbacks: 2, failed: 0 });
    expect(lines.join("\n")).toMatch(/database failing \(no answer within 50 ms, first at: event claim Ev1\)/);
  });

  it("logs an outage once when it starts and once when it ends, however many events it touched", async () => {
    env = tempDir();
    const store = await env.open();
    const { lines, log } = logSink();
    const guard = guardStore(store, { deadlineMs: 50, log });
    const full = () => Promise.reject(Object.assign(new Error("database or disk is full"), { code: "SQLITE_FULL" }));
    for (let i = 0; i < 40; i++) {
      expect(await guard.decide(`event claim Ev${i}`, full, () => true)).toBe(true);
      await guard.write(`occurrence ${i}`, full);
    }
    expect(guard.down()).toBe(true);
    expect(guard.stats()).toMatchObject({ fallbacks: 40, pending: 40, failed: 0, outages: 1 });
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^warn store: database failing \(database or disk is full, first at: event claim Ev0\)/);
    // A read that works while the queued writes still fail (a full disk) does not end the outage.
    expect(
      await guard.decide(
        "event claim back",
        (s) => s.claimEvent("EvBack"),
        () => false,
      ),
    ).toBe(true);
    await guard.drain(300);
    expect(guard.down()).toBe(true);
    expect(lines).toHaveLength(1);
  });

  it("retries queued writes in order, behind each other, and they all land once the database is back", async () => {
    env = tempDir();
    const store = await env.open();
    const { lines, log } = logSink();
    const guard = guardStore(store, { deadlineMs: 50, quietMs: 0, log });
    let healthy = false;
    const landed: number[] = [];
    for (let i = 0; i < 5; i++) {
      await guard.write(`write ${i}`, async () => {
        if (!healthy) throw Object.assign(new Error("database or disk is full"), { code: "SQLITE_FULL" });
        landed.push(i);
      });
    }
    expect(guard.stats().pending).toBe(5);
    healthy = true;
    await guard.drain(10_000);
    expect(landed).toEqual([0, 1, 2, 3, 4]);
    expect(guard.stats()).toMatchObject({ pending: 0, failed: 0, outages: 1 });
    expect(guard.down()).toBe(false);
    expect(lines.at(-1)).toMatch(
      /database answering again after \d+ ms: 0 decision\(s\) taken without it, 5 write\(s\) queued, 0 lost/,
    );
  });

  it("retries a failed write with backoff until it lands, without holding up the caller", async () => {
    env = tempDir();
    const store = await env.open();
    const { log } = logSink();
    const guard = guardStore(store, { deadlineMs: 50, log });
    let attempts = 0;
    const flaky = (s: Store) => {
      attempts++;
      return attempts < 3 ? Promise.reject(busy()) : s.claimEvent("EvFlaky").then(() => undefined);
    };
    await guard.write("event claim", flaky);
    expect(guard.stats().pending).toBe(1);
    await guard.drain(5000);
    expect(attempts).toBe(3);
    expect(guard.stats()).toMatchObject({ pending: 0, retried: 2, failed: 0 });
    expect(await store.claimEvent("EvFlaky")).toBe(false);
  });

  it("counts and logs a write it gives up on, and never retries one that cannot succeed", async () => {
    env = tempDir();
    const store = await env.open();
    const { lines, log } = logSink();
    const guard = guardStore(store, { deadlineMs: 50, retryForMs: 300, log });
    await guard.write("occurrence", () => Promise.reject(busy()));
    await guard.write("occurrence", () => Promise.reject(new RangeError("bad row")));
    await guard.drain(5000);
    expect(guard.stats()).toMatchObject({ pending: 0, failed: 2 });
    expect(lines.filter((l) => l.startsWith("error"))).toHaveLength(2);
    expect(lines.join("\n")).toMatch(/occurrence not written \(bad row\)/);
  });

  it("drops writes beyond the retry queue's bound instead of growing memory", async () => {
    env = tempDir();
    const store = await env.open();
    const { log } = logSink();
    const guard = guardStore(store, { deadlineMs: 10, maxPending: 2, retryForMs: 200, log });
    for (let i = 0; i < 5; i++) await guard.write("occurrence", () => Promise.reject(busy()));
    expect(guard.stats()).toMatchObject({ pending: 2, failed: 3 });
    await guard.drain(5000);
  });
});
