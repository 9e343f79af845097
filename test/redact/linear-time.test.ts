import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { cleanPaste, redactSecrets } from "../../src/redact/index.ts";
import { adversarialPaste, timeOf, worstCasePastes } from "../support/adversarial.ts";

// Generous for a shared, loaded machine; a quadratic pass at 256 KiB costs seconds, not milliseconds.
const BASE_MS = 20;
const MS_PER_KIB = 0.6;

describe("redaction runs in linear time", () => {
  it("redacts the paste that froze the bot for 37 s (`ERROR: ` + `a.password.b-` × 615) at once", () => {
    const paste = `ERROR: ${"a.password.b-".repeat(615)}`;
    expect(timeOf(() => redactSecrets(paste))).toBeLessThan(BASE_MS);
    const big = `ERROR: ${"a.password.b-".repeat(20_165)}`;
    expect(timeOf(() => redactSecrets(big))).toBeLessThan(BASE_MS + 256 * MS_PER_KIB);
  });

  it("stays within a per-KiB budget on adversarial pastes up to 256 KiB", () => {
    fc.assert(
      fc.property(adversarialPaste(), ({ text, kib }) => {
        const ms = timeOf(() => cleanPaste(text));
        expect(ms, `${kib} KiB starting ${JSON.stringify(text.slice(0, 40))}`).toBeLessThan(BASE_MS + kib * MS_PER_KIB);
      }),
      { numRuns: 40 },
    );
  });

  it.each(worstCasePastes())("stays within budget on 256 KiB of %s", (_unit, text) => {
    expect(timeOf(() => cleanPaste(text))).toBeLessThan(BASE_MS + 256 * MS_PER_KIB);
  });

  it("is idempotent: redacting twice changes nothing more", () => {
    fc.assert(
      fc.property(adversarialPaste(4), ({ text }) => {
        const once = redactSecrets(text);
        expect(redactSecrets(once)).toBe(once);
      }),
      { numRuns: 100 },
    );
  });
});
