/**
 * What real tools do to a paste, applied to bench pastes so the timed paths include the shape
 * adapters (container JSON, CRI prefixes, gutters, literal escapes, Debug structs) and the folded
 * pass (case and spacing changed, so the exact pass finds nothing and the folded one runs).
 */
import type { Rng } from "./prng.ts";

type Damage = (paste: string) => string;

const lines =
  (f: (l: string, i: number) => string): Damage =>
  (p) =>
    p.split("\n").map(f).join("\n");

export const DAMAGES: Record<string, Damage> = {
  none: (p) => p,
  "docker-json": lines((l) => JSON.stringify({ log: `${l}\n`, stream: "stderr", time: "2026-01-01T00:00:00Z" })),
  cri: lines((l) => `2026-01-01T00:00:00.000000001Z stdout F ${l}`),
  gutter: lines((l) => `  | ${l}`),
  escapes: (p) => `error: "${p.replace(/"/g, '\\"').replace(/\n/g, "\\n")}"`,
  "debug-status": lines((l) => `Status { code: Internal, message: "${l.replace(/"/g, "'")}", source: None }`),
  folded: lines((l) => l.toUpperCase().replace(/ /g, "  ")),
};

const NAMES = Object.keys(DAMAGES);

/** Half the pastes keep their shape; the others get one damage each, cut back to `size` bytes. */
export function damage(paste: string, size: number, rng: Rng, index: number): string {
  if (index % 2 === 0) return paste;
  const name = NAMES[1 + Math.floor(rng.next() * (NAMES.length - 1))] ?? "none";
  const out = (DAMAGES[name] ?? DAMAGES.none ?? ((p: string) => p))(paste);
  return out.length > size ? out.slice(0, size) : out;
}
