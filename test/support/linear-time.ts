/**
 * Linear-time checks for the passes that read pastes: a budget in ms, with a growth check from a
 * quarter of the input so a loaded CI machine cannot fail a linear pass, and a backtracking one
 * cannot pass.
 */
import fc from "fast-check";
import { it } from "vitest";
import { adversarialPaste, worstCasePastes } from "./adversarial.ts";

/** The better of two runs (the first may include a lazy regex compile or a GC pause), in ms. */
export function timeOf(run: () => unknown): number {
  const t0 = performance.now();
  run();
  const t1 = performance.now();
  run();
  return Math.min(t1 - t0, performance.now() - t1);
}

/** Growth from a quarter of the input to all of it: linear is ≈ 4, quadratic ≈ 16. */
export const MAX_QUARTER_GROWTH = 8;

export interface LinearVerdict {
  ms: number;
  budgetMs: number;
  /** t(text) / t(first quarter of text), measured only when the budget was missed. */
  growth: number | null;
  ok: boolean;
}

/**
 * Whether `run(text)` is linear: inside `budgetMs` (best of up to six runs, so one scheduler stall or
 * GC pause on a loaded CI machine does not decide it), or, when the machine is too slow for the
 * budget, growing no faster than linearly from a quarter of the input to all of it. A backtracking
 * regex fails both: it costs seconds, and its time grows 16× or more per 4× of input.
 */
export function linearVerdict(run: (text: string) => unknown, text: string, budgetMs: number): LinearVerdict {
  let ms = timeOf(() => run(text));
  for (let i = 0; i < 2 && ms >= budgetMs; i++)
    ms = Math.min(
      ms,
      timeOf(() => run(text)),
    );
  if (ms < budgetMs) return { ms, budgetMs, growth: null, ok: true };
  const quarter = text.slice(0, Math.max(1, Math.floor(text.length / 4)));
  const quarterMs = Math.max(
    1,
    Math.min(
      timeOf(() => run(quarter)),
      timeOf(() => run(quarter)),
    ),
  );
  const growth = ms / quarterMs;
  return { ms, budgetMs, growth, ok: growth < MAX_QUARTER_GROWTH };
}

export function describeVerdict(v: LinearVerdict): string {
  const growth = v.growth === null ? "" : `, ${v.growth.toFixed(1)}× the time of its first quarter`;
  return `${v.ms.toFixed(1)} ms against a budget of ${v.budgetMs.toFixed(0)} ms${growth}`;
}

export interface LinearBudget {
  baseMs: number;
  msPerKib: number;
}

export const budgetFor = (b: LinearBudget, kib: number): number => b.baseMs + kib * b.msPerKib;

/** Asserts `run(text)` is linear (see linearVerdict), naming the input when it is not. */
export function expectLinear(run: (text: string) => unknown, text: string, budgetMs: number, label: string): void {
  const v = linearVerdict(run, text, budgetMs);
  if (!v.ok) throw new Error(`${label}: ${describeVerdict(v)}`);
}

/**
 * The two linear-time checks every text pass gets: 256 KiB of each worst-case unit, and random
 * adversarial pastes of 1–256 KiB. Call inside a describe block.
 */
export function linearTimeChecks(
  passes: Array<[string, (text: string) => unknown]>,
  budget: LinearBudget,
  numRuns = 15,
): void {
  it.each(passes)("%s stays within budget on 256 KiB of each worst-case unit", (_name, run) => {
    for (const [unit, text] of worstCasePastes()) expectLinear(run, text, budgetFor(budget, 256), unit);
  });

  it.each(passes)("%s stays within a per-KiB budget on adversarial input up to 256 KiB", (_name, run) => {
    fc.assert(
      fc.property(adversarialPaste(), ({ text, kib }) => {
        expectLinear(run, text, budgetFor(budget, kib), `${kib} KiB starting ${JSON.stringify(text.slice(0, 40))}`);
      }),
      { numRuns },
    );
  });
}
