/** Timing samples and their percentiles. */
export interface Timing {
  iterations: number;
  p50Ms: number;
  p99Ms: number;
  meanMs: number;
  /**
   * p99 of process CPU time (user + system, all threads) per call: what the call cost even when
   * other processes on a shared machine took the core away from it for a while.
   */
  cpuP99Ms: number;
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
  const cpu: number[] = [];
  const start = performance.now();
  let sink = 0;
  while (
    times.length < opts.minIterations ||
    (times.length < opts.maxIterations && performance.now() - start < opts.budgetMs)
  ) {
    const input = inputs[times.length % inputs.length] as T;
    const c0 = process.cpuUsage();
    const t0 = performance.now();
    const out = run(input);
    times.push(performance.now() - t0);
    const c = process.cpuUsage(c0);
    cpu.push((c.user + c.system) / 1000);
    if (out) sink++;
  }
  times.sort((a, b) => a - b);
  cpu.sort((a, b) => a - b);
  return {
    iterations: times.length + (sink < 0 ? 1 : 0),
    p50Ms: percentile(times, 50),
    p99Ms: percentile(times, 99),
    meanMs: times.reduce((a, b) => a + b, 0) / times.length,
    cpuP99Ms: percentile(cpu, 99),
  };
}

export function formatMs(ms: number): string {
  if (!Number.isFinite(ms)) return "–";
  if (ms < 1) return `${(ms * 1000).toFixed(0)} µs`;
  if (ms < 100) return `${ms.toFixed(2)} ms`;
  return `${ms.toFixed(0)} ms`;
}
