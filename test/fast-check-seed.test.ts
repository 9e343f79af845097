import fc from "fast-check";
import { describe, expect, it } from "vitest";

describe("property-test draws", () => {
  it.skipIf(!process.env.FC_SEED)(
    "use FC_SEED when it is set, as .ci/run sets it (skipped: FC_SEED is not set)",
    () => {
      expect(fc.readConfigureGlobal().seed).toBe(Number(process.env.FC_SEED));
      const draw = () => fc.sample(fc.integer(), 5);
      expect(draw()).toEqual(draw());
    },
  );
});
