import { describe, expect, it } from "vitest";
import { ShapeCache, shapeOf } from "../../src/scan/shape-cache.ts";

describe("shapeOf", () => {
  it("masks numbers, hex ids and quoted values, and keeps the words", () => {
    expect(shapeOf("actor 1234 failed at epoch 0x1f, table 'orders' in `public`")).toBe(
      "actor # failed at epoch #, table # in #",
    );
    expect(shapeOf("actor 98 failed at epoch 0xff, table 'users' in `dev`")).toBe(
      shapeOf("actor 1234 failed at epoch 0x1f, table 'orders' in `public`"),
    );
    expect(shapeOf("Int32 and v1 stay")).toBe("Int32 and v1 stay");
  });
});

describe("ShapeCache", () => {
  it("never holds more than its capacity, dropping the oldest entries first", () => {
    const cache = new ShapeCache<number>(4);
    for (let i = 0; i < 10; i++) cache.set(`k${i}`, i);
    const kept = Array.from({ length: 10 }, (_, i) => cache.get(`k${i}`)).filter((v) => v !== undefined);
    expect(kept.length).toBeLessThanOrEqual(4);
    expect(cache.get("k9")).toBe(9);
    expect(cache.get("k0")).toBeUndefined();
  });

  it("remembers nothing with capacity 0", () => {
    const cache = new ShapeCache<number>(0);
    cache.set("a", 1);
    expect(cache.enabled).toBe(false);
    expect(cache.get("a")).toBeUndefined();
  });
});
