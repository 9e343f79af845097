import type { ErrorRecord } from "../../src/catalog/index.ts";

/** A deterministic generator, so a failure names the same paste on every run. */
export function seededRandom(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state / 2147483648;
  };
}

const VALUES = ["42", "t_orders", '"v1"', "public.mv_sales", "Int32", "1002", "my_sink"];

/** The message a template prints with plausible values in its placeholders. */
export function render(template: string, rand: () => number): string {
  let i = 0;
  return template.replace(
    /\{[^{}]*\}/g,
    () => VALUES[(i++ + Math.floor(rand() * VALUES.length)) % VALUES.length] ?? "x",
  );
}

/** How RisingWave and its tooling print an error: psql, drivers, logs (text and JSON), bare. */
export const ERROR_SHAPES: Array<(e: string) => string> = [
  (e) => `ERROR:  Failed to run the query\n\nCaused by:\n  ${e}`,
  (e) =>
    `db error: ERROR: Failed to run the query\n\nCaused by these errors (recent errors listed first):\n  1: Executor error\n  2: ${e}`,
  (e) =>
    `2026-11-30T10:00:00.123456Z ERROR rw-main actor{id=1}: risingwave_stream::executor::x: failed to run actor error=Executor error: ${e}`,
  (e) =>
    JSON.stringify({
      timestamp: "2026-11-30T10:00:00Z",
      level: "ERROR",
      fields: { message: "barrier failed", error: e },
      target: "risingwave_meta",
    }),
  // A Slack quote with a glued fence, as the edge hands it over (entities undone).
  (e) => `> \`\`\`${e}\`\`\``,
  (e) => e,
];

/** The three panic header styles. */
export const PANIC_SHAPES: Array<(e: string) => string> = [
  (e) =>
    `thread 'rw-main' panicked at src/meta/src/x.rs:12:5:\n${e}\nnote: run with \`RUST_BACKTRACE=1\` environment variable to display a backtrace`,
  (e) => `thread 'tokio-runtime-worker' panicked at '${e}', src/meta/src/x.rs:12:5`,
  (e) => `thread 'main' (360) panicked at src/x.rs:1:2:\n${e}`,
];

export interface SyntheticCase {
  input: string;
  message: string;
  record: ErrorRecord;
}

/** Pastes built from catalog templates in every shape, for generality beyond the dev sample. */
export function syntheticCases(records: readonly ErrorRecord[], count: number, seed: number): SyntheticCase[] {
  const rand = seededRandom(seed);
  const out: SyntheticCase[] = [];
  // Templates with escaped braces (`{{…}}`) print differently from what `render` makes.
  const usable = records.filter((r) => !r.errorMessage.includes("{{"));
  for (let i = 0; i < count; i++) {
    const record = usable[Math.floor(rand() * usable.length)];
    if (!record) continue;
    const message = render(record.errorMessage, rand);
    const shapes = record.errorType === "panic" ? PANIC_SHAPES : ERROR_SHAPES;
    const shape = shapes[Math.floor(rand() * shapes.length)] ?? ((e: string) => e);
    out.push({ input: shape(message), message, record });
  }
  return out;
}

/** Templates that wrap a source error at their end (`X: {0}`), as chain links. */
function wrapperRecords(records: readonly ErrorRecord[]): ErrorRecord[] {
  return records.filter(
    (r) => /: \(\.\+\?\)$/.test(r.messagePattern) && (r.messagePattern.match(/\(\.\+\?\)/g) ?? []).length === 1,
  );
}

/** Compact chains (`outer: middle: root`) of one to three wrappers around a rendered root message. */
export function chainCases(records: readonly ErrorRecord[], count: number, seed: number): SyntheticCase[] {
  const rand = seededRandom(seed);
  const roots = records.filter((r) => !r.errorMessage.includes("{{") && !r.errorMessage.includes("\n"));
  const wrappers = wrapperRecords(roots);
  const out: SyntheticCase[] = [];
  for (let i = 0; i < count; i++) {
    const record = roots[Math.floor(rand() * roots.length)];
    if (!record || wrappers.length === 0) continue;
    const message = render(record.errorMessage, rand);
    let text = message;
    const links = 1 + Math.floor(rand() * 3);
    for (let j = 0; j < links; j++) {
      const w = wrappers[Math.floor(rand() * wrappers.length)];
      if (w) text = w.errorMessage.replace(/\{[^{}]*\}$/, () => text);
    }
    const input =
      rand() < 0.5 ? `2026-11-30T08:00:00Z ERROR risingwave_meta::x: failed error=${text}` : `ERROR:  ${text}`;
    out.push({ input, message, record });
  }
  return out;
}
