/**
 * Which RisingWave release printed a paste: the paste's own evidence (SELECT version(), image
 * tags, start-up banners) beats the channel's setting, which beats the configured default.
 */

/** Where the release an answer is for came from. */
export type VersionSource = "detected" | "channel" | "configured";

export interface UserVersion {
  /** Normalised: `v2.4.0`, `v2.4`, `v1.10.0-rc.1`, or `main`. */
  version: string;
  source: VersionSource;
  /** For a detected version: the text that gave it away. */
  evidence?: string;
}

const V = String.raw`v?(\d{1,3}\.\d{1,3}(?:\.\d{1,3})?(?:-(?:rc|alpha|beta)[0-9A-Za-z.]{0,16})?)`;

/** Each shape at most once per line; bounded quantifiers only, so every scan is linear. */
const SHAPES: ReadonlyArray<{ re: RegExp; how: string }> = [
  // SELECT version(): `PostgreSQL 13.14.0-RisingWave-2.4.0 (b720f19)`.
  { re: new RegExp(String.raw`PostgreSQL \d{1,3}(?:\.\d{1,3}){0,2}-RisingWave-${V}`, "i"), how: "SELECT version()" },
  // Images: `risingwavelabs/risingwave:v2.4.0`, `ghcr.io/risingwavelabs/risingwave:v2.4.0`.
  { re: new RegExp(String.raw`risingwavelabs/risingwave:${V}(?![\w.-])`, "i"), how: "image tag" },
  // Node start-up banner: `INFO risingwave_meta: > version: 2.4.0 (8a1b2c3)`.
  { re: new RegExp(String.raw`> version: ${V} \(`), how: "start-up banner" },
  // The GitHub issue form: `### The version of RisingWave` then the version on a later line.
  {
    re: new RegExp(String.raw`version of RisingWave[\s:#*\-]{0,40}(?:RisingWave[ -])?${V}(?![\w.])`, "i"),
    how: "version line",
  },
  // `risingwave v2.4.0`, `RisingWave 2.4.0 (sha)`, `risingwave version: 2.4`.
  { re: new RegExp(String.raw`\bRisingWave(?: version)?:? ${V}(?![\w.])`, "i"), how: "version line" },
];

/** A user-typed or detected version in the form the rest of the bot compares: `v2.4`, `main`. */
export function normalizeVersion(text: string): string | undefined {
  const t = text.trim().toLowerCase();
  if (t === "main" || t === "nightly" || t === "latest-main") return "main";
  const m = new RegExp(`^${V}$`, "i").exec(t);
  return m?.[1] ? `v${m[1]}` : undefined;
}

/** The first RisingWave version the paste names, with the text that names it. */
export function detectVersion(paste: string): UserVersion | undefined {
  // The version lines sit at a paste's head or in the GitHub issue form: one pass per shape suffices.
  let best: { index: number; version: string; evidence: string } | undefined;
  for (const { re } of SHAPES) {
    const m = re.exec(paste);
    if (!m?.[1] || (best && m.index >= best.index)) continue;
    best = { index: m.index, version: `v${m[1]}`, evidence: m[0].trim() };
  }
  return best ? { version: best.version, source: "detected", evidence: best.evidence } : undefined;
}

/** Detected beats channel beats configured; none known → undefined. */
export function resolveVersion(
  paste: string,
  channel: string | undefined,
  configured: string | undefined,
  pasteVersion?: string,
): UserVersion | undefined {
  const detected = detectVersion(paste);
  if (detected) return detected;
  const fromPaste = pasteVersion ? normalizeVersion(pasteVersion) : undefined;
  if (fromPaste) return { version: fromPaste, source: "detected" };
  const fromChannel = channel ? normalizeVersion(channel) : undefined;
  if (fromChannel) return { version: fromChannel, source: "channel" };
  const fromConfig = configured ? normalizeVersion(configured) : undefined;
  if (fromConfig) return { version: fromConfig, source: "configured" };
  return undefined;
}
