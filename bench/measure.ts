/** Timing samples and their percentiles. */
export interface Timing {
  iterations: number;
  p50Ms: number;
  p99Ms: number;
  meanMs: number;
}

export function percentile(sortedMs: readonly number[], p: number): number {
  if (sortedMs.length === 0) return Number.NaN;
  const rank = Math.min(sortedMs.length - 1, Math.max(0, Math.ceil((p / 100) * sortedMs.length) - 1));
  return sortedMs[rank] as number;
}

export interface SampleOptions {
  /** Stop after this many timed calls… */
  maxIterations: number;
  /** …or once this much time was spent, whichever comes first (after minIterations). */
  budgetMs: number;
  minIterations: number;
  /** Untimed calls first, so the JIT has compiled the hot paths. */
  warmup: number;
}

/** Times `run(input)` over the inputs in turn, so a percentile mixes every input. */
export function sample<T>(inputs: readonly T[], run: (input: T) => unknown, opts: SampleOptions): Timing {
  if (inputs.length === 0) throw new Error("no inputs to time");
  for (let i = 0; i < opts.warmup; i++) run(inputs[i % inputs.length] as T);
  const times: number[] = [];
  const start = performance.now();
  let sink = 0;
  while (
    times.length < opts.minIterations ||
    (times.length < opts.maxIterations && performance.now() - start < opts.budgetMs)
  ) {
    const input = inputs[times.length % inputs.length] as T;
    const t0 = performance.now();
    const out = run(input);
    times.push(performance.now() - t0);
    if (out) sink++;
  }
  times.sort((a, b) => a - b);
  return {
    iterations: times.length + (sink < 0 ? 1 : 0),
    p50Ms: percentile(times, 50),
    p99Ms: percentile(times, 99),
    meanMs: times.reduce((a, b) => a + b, 0) / times.length,
  };
}

export function formatMs(ms: number): string {
  if (!Number.isFinite(ms)) return "–";
  if (ms < 1) return `${(ms * 1000).toFixed(0)} µs`;
  if (ms < 100) return `${ms.toFixed(2)} ms`;
  return `${ms.toFixed(0)} ms`;
}
