import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { checkRecordFast, recordSchema } from "../../src/catalog/schema.ts";
import { shippedData } from "../support/seeds.ts";

const seed = JSON.parse(readFileSync(shippedData, "utf8").split("\n")[0] ?? "").record as Record<string, unknown>;
const VALUES: unknown[] = [undefined, null, "", "x", 0, 2, 1.5, -3, true, [], ["a"], [1], ["a", null], {}];

describe("fast record check", () => {
  it.each(Object.keys(seed))("agrees with the zod schema on every kind of value in %s", (field) => {
    for (const value of VALUES) {
      const candidate = structuredClone(seed);
      if (value === undefined) delete candidate[field];
      else candidate[field] = structuredClone(value);
      const viaZod = recordSchema.safeParse(structuredClone(candidate));
      const fast = checkRecordFast(structuredClone(candidate));
      expect({ field, value, accepted: fast !== undefined }).toEqual({ field, value, accepted: viaZod.success });
      if (fast && viaZod.success) expect(fast).toEqual(viaZod.data);
    }
  });

  it("keeps unknown fields and reads null lists as empty", () => {
    const out = checkRecordFast({ ...structuredClone(seed), tags: null, extra: 1 });
    expect(out?.tags).toEqual([]);
    expect(out).toMatchObject({ extra: 1 });
  });
});
