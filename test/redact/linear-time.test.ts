import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { cleanPaste, redactSecrets } from "../../src/redact/index.ts";
import { adversarialPaste, worstCasePastes } from "../support/adversarial.ts";
import { budgetFor, expectLinear, type LinearBudget } from "../support/linear-time.ts";

// Generous for a shared, loaded machine; a quadratic pass at 256 KiB costs seconds, not milliseconds.
const BUDGET: LinearBudget = { baseMs: 20, msPerKib: 0.6 };

describe("redaction runs in linear time", () => {
  it("redacts the paste that froze the bot for 37 s (`ERROR: ` + `a.password.b-` × 615) at once", () => {
    const paste = `ERROR: ${"a.password.b-".repeat(615)}`;
    expectLinear(redactSecrets, paste, BUDGET.baseMs, "8 KiB");
    const big = `ERROR: ${"a.password.b-".repeat(20_165)}`;
    expectLinear(redactSecrets, big, budgetFor(BUDGET, 256), "256 KiB");
  });

  it("stays within a per-KiB budget on adversarial pastes up to 256 KiB", () => {
    fc.assert(
      fc.property(adversarialPaste(), ({ text, kib }) => {
        expectLinear(
          cleanPaste,
          text,
          budgetFor(BUDGET, kib),
          `${kib} KiB starting ${JSON.stringify(text.slice(0, 40))}`,
        );
      }),
      { numRuns: 40 },
    );
  });

  it.each(worstCasePastes())("stays within budget on 256 KiB of %s", (unit, text) => {
    expectLinear(cleanPaste, text, budgetFor(BUDGET, 256), unit);
  });

  it.each([
    ["a run of quotes after a key", `password=${"'".repeat(1500)}`],
    ["a run of quotes after PASSWORD", `CREATE USER u WITH PASSWORD ${"'".repeat(1501)} ok`],
    ["doubled quotes after a redacted literal", `password='x''y${"'".repeat(4)} and more`],
  ])("is idempotent on %s (a redacted '[REDACTED]' is not re-read as the start of a longer literal)", (_what, text) => {
    const once = redactSecrets(text);
    expect(once).toContain("[REDACTED]");
    expect(redactSecrets(once)).toBe(once);
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
