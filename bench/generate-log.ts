import type { ErrorRecord } from "../src/catalog/index.ts";
import type { DevError, LogMessage } from "./corpus.ts";
import type { Rng } from "./prng.ts";

/** What realistic RisingWave logs are built from. */
export interface LogSources {
  logMessages: readonly LogMessage[];
  devErrors: readonly DevError[];
  /** Records whose messages appear as real errors (templates, seeds): filled in and embedded. */
  errorRecords: readonly ErrorRecord[];
}

export interface LevelMix {
  info: number;
  warn: number;
}

/** A compute or meta node log: mostly INFO. */
export const NODE_LOG_LEVELS: LevelMix = { info: 0.86, warn: 0.1 };
/** The lines people paste around an incident: more WARN and ERROR. */
export const PASTE_LEVELS: LevelMix = { info: 0.55, warn: 0.3 };

const INFO_MESSAGES = [
  "recovering mview progress",
  "new barrier injected",
  "barrier collected",
  "start to recover",
  "recovery success",
  "starting compute node",
  "Hummock version checkpoint",
  "compaction task finished",
  "sst uploaded",
  "spill finished",
  "actor started",
  "actor stopped",
  "heartbeat sent to meta",
  "source split assignment changed",
  "committed epoch",
  "table dropped",
  "streaming job created",
  "scale completed",
  "connected to meta service",
  "registered worker",
];
const SPANS = [
  'actor{otel.name="Actor {n}" actor_id={n} prev_epoch={e} curr_epoch={e}}:executor{otel.name="HashAgg {h}" actor_id={n}}: ',
  'rpc{otel.name="/meta.HeartbeatService/Heartbeat"}: ',
  "barrier_manager{database_id={d}}: ",
  'stream_job{id={n} name="mv_{d}"}: ',
  "",
  "",
  "",
];
const FIELDS = [
  "actor_id",
  "fragment_id",
  "table_id",
  "worker_id",
  "epoch",
  "split_id",
  "compaction_group_id",
  "task_id",
];
const NOISE_ERRORS = [
  "transport error: connection reset by peer",
  'status: Unavailable, message: \\"error trying to connect: tcp connect error: Connection refused (os error 111)\\"',
  "deadline has elapsed",
  "channel closed",
  "Object store error: s3 error: service error: dispatch failure",
  "broken pipe (os error 32)",
];
const VALUES = [
  "t_orders",
  "public.mv_revenue",
  "Int32",
  "Varchar",
  "Some(42)",
  "None",
  "1.52s",
  "[1, 2, 3]",
  '"kafka_src"',
  "`v1`",
  "dev",
  "s3://bucket/hummock_001",
];

export interface LogWriter {
  /** One noise line (no embedded catalog error), newline not included. */
  noiseLine(levels: LevelMix): string;
  /** One real error as it shows up in logs: a log line with `error=`, a pasted chain, or a panic. */
  errorBlock(): string;
}

export function createLogWriter(sources: LogSources, rng: Rng, startMs = Date.UTC(2026, 10, 30, 8)): LogWriter {
  let clock = startMs;
  const panics = sources.errorRecords.filter((r) => r.errorType === "panic");
  const stamp = (): string => {
    clock += rng.int(40);
    const nanos = String(rng.int(1_000_000)).padStart(6, "0");
    return `${new Date(clock).toISOString().slice(0, -1)}${nanos}Z`;
  };
  const value = (): string =>
    rng.chance(0.5) ? String(rng.int(rng.chance(0.5) ? 100_000 : 10_000_000_000)) : rng.pick(VALUES);
  const fill = (text: string): string =>
    text.replace(/\{\{|\}\}|\{[^{}]*\}/g, (m) => (m === "{{" ? "{" : m === "}}" ? "}" : value()));
  const span = (): string =>
    rng
      .pick(SPANS)
      .replace(/\{n\}/g, () => String(rng.int(20_000)))
      .replace(/\{e\}/g, () => String(7_000_000_000_000_000 + rng.int(1_000_000_000)))
      .replace(/\{d\}/g, () => String(rng.int(100)))
      .replace(/\{h\}/g, () => rng.hex(8));
  const target = (filePath: string | null): string => targetOf(filePath);
  // A call site logs the same fields every time (`warn!(actor_id, epoch, "…")`): names follow the message.
  const fields = (message: string, withError: boolean): string => {
    const out: string[] = [];
    const h = hashOf(message);
    for (let i = h % 3; i > 0; i--) out.push(`${FIELDS[(h >>> (i * 3)) % FIELDS.length]}=${rng.int(1_000_000)}`);
    if (withError) out.push(`error=${rng.pick(NOISE_ERRORS)}`);
    return out.length ? ` ${out.join(" ")}` : "";
  };
  const line = (level: string, filePath: string | null, message: string, tail: string): string =>
    `${stamp()} ${level.padStart(5)} ${span()}${target(filePath)}: ${message}${tail}`;

  return {
    noiseLine(levels) {
      const roll = rng.next();
      if (roll < levels.info) {
        const m = rng.chance(0.5) ? rng.pick(INFO_MESSAGES) : fill(rng.pick(sources.logMessages).message);
        return line("INFO", rng.pick(sources.logMessages).filePath, m, fields(m, false));
      }
      const m = rng.pick(sources.logMessages);
      const level = roll < levels.info + levels.warn ? "WARN" : "ERROR";
      return line(level, m.filePath, fill(m.message), fields(m.message, rng.chance(0.4)));
    },
    errorBlock() {
      const kind = rng.int(10);
      if (kind < 5) {
        const m = rng.pick(sources.logMessages);
        const r = rng.pick(sources.errorRecords);
        const wrapper = rng.chance(0.5) ? "gRPC request to meta service failed: " : "";
        return line(
          "ERROR",
          m.filePath,
          fill(m.message),
          `${fields(m.message, false)} error=${wrapper}${fill(r.errorMessage)}`,
        );
      }
      if (kind < 8 || panics.length === 0) return rng.pick(sources.devErrors).input.replace(/^\s+/, "");
      const p = rng.pick(panics);
      const where = `${p.filePath ?? "src/lib.rs"}:${p.lineNumber ?? 1}:${1 + rng.int(60)}`;
      return [
        `thread 'rw-streaming' panicked at ${where}:`,
        fill(p.errorMessage),
        "note: run with `RUST_BACKTRACE=1` environment variable to display a backtrace",
      ].join("\n");
    },
  };
}

function hashOf(text: string): number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
  return h >>> 0;
}

/** `src/meta/src/barrier/schedule.rs` → `risingwave_meta::barrier::schedule` (the tracing target). */
export function targetOf(filePath: string | null): string {
  if (!filePath) return "risingwave_common";
  const parts = filePath.replace(/\.rs$/, "").split("/");
  const srcAt = parts.lastIndexOf("src");
  const crate = parts[1] === "src" ? parts[0] : (parts[1] ?? "common");
  const modules = parts.slice(srcAt + 1).filter((p) => p !== "mod" && p !== "lib" && p !== "main");
  return [`risingwave_${(crate ?? "common").replace(/-/g, "_")}`, ...modules].join("::");
}

/**
 * A paste of about `bytes` bytes: noise lines around one or two real errors, as someone copies
 * a log excerpt into Slack. Small pastes are a single error line.
 */
export function buildPaste(writer: LogWriter, rng: Rng, bytes: number): string {
  if (bytes <= 512) {
    let best = writer.errorBlock();
    for (let i = 0; i < 20 && Math.abs(best.length - bytes) > bytes / 4; i++) {
      const next = writer.errorBlock();
      if (Math.abs(next.length - bytes) < Math.abs(best.length - bytes)) best = next;
    }
    return best;
  }
  // Lines are written in time order; the one or two errors land at random places among them.
  const expectedLines = Math.max(2, Math.round(bytes / 230));
  const errorAt = new Set([rng.int(expectedLines), ...(rng.chance(0.5) ? [rng.int(expectedLines)] : [])]);
  const lines: string[] = [];
  let size = 0;
  for (let i = 0; size < bytes || errorAt.size > 0; i++) {
    const isError =
      errorAt.delete(i) || (size >= bytes * 0.9 && errorAt.size > 0 && errorAt.delete(Math.min(...errorAt)));
    const l = isError ? writer.errorBlock() : writer.noiseLine(PASTE_LEVELS);
    lines.push(l);
    size += l.length + 1;
  }
  return lines.join("\n").slice(0, bytes);
}
