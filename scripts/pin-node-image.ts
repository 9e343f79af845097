/**
 * Pins the Dockerfile's base image by digest, and checks the pin. Needs Docker Hub (run it where the
 * registry is reachable: a workstation, the release pipeline); nothing else does.
 *
 *   npx tsx scripts/pin-node-image.ts pin     resolve node:<NODE_VERSION>-bookworm-slim to the digest of
 *                                             its multi-arch index and write it to `ARG NODE_DIGEST=`
 *   npx tsx scripts/pin-node-image.ts check   the pinned digest is served by the registry, its bytes hash
 *                                             to it, and it is an index with linux/amd64 and linux/arm64;
 *                                             says so (exit 0) when the tag has moved on since
 *
 * Options: --dockerfile PATH (default: the repository's Dockerfile). The registry and its token
 * service can be pointed elsewhere (a mirror, a test) with RWERROR_REGISTRY and RWERROR_REGISTRY_AUTH.
 * To move to a newer Node: set `ARG NODE_VERSION=` (CI tests that version), then run pin.
 */
import { createHash } from "node:crypto";
import { readFileSync, writeFileSync } from "node:fs";
import { fileURLToPath, pathToFileURL } from "node:url";

const REPOSITORY = "library/node";
const INDEX_TYPES = [
  "application/vnd.oci.image.index.v1+json",
  "application/vnd.docker.distribution.manifest.list.v2+json",
];
const REQUIRED_PLATFORMS = ["linux/amd64", "linux/arm64"];

export interface Registry {
  /** Base URL of the registry API (`https://registry-1.docker.io`). */
  url: string;
  /** Token service for anonymous pulls (`https://auth.docker.io/token`). */
  auth: string;
}

export const DOCKER_HUB: Registry = { url: "https://registry-1.docker.io", auth: "https://auth.docker.io/token" };

export interface Pin {
  version: string;
  /** `sha256:<64 hex>`, or null when the Dockerfile is not pinned. */
  digest: string | null;
}

const DIGEST = /^sha256:[0-9a-f]{64}$/;

/** NODE_VERSION and NODE_DIGEST as the Dockerfile declares them. */
export function readPin(dockerfile: string): Pin {
  const version = /^ARG NODE_VERSION=(\S+)$/m.exec(dockerfile)?.[1];
  const digestLine = /^ARG NODE_DIGEST=(\S*)$/m.exec(dockerfile);
  if (!version || !digestLine) throw new Error("the Dockerfile declares no ARG NODE_VERSION= and ARG NODE_DIGEST=");
  const value = digestLine[1] ?? "";
  if (value === "") return { version, digest: null };
  const digest = value.replace(/^@/, "");
  if (!value.startsWith("@") || !DIGEST.test(digest)) throw new Error(`NODE_DIGEST is not @sha256:<64 hex>: ${value}`);
  return { version, digest };
}

export function writePin(dockerfile: string, digest: string): string {
  if (!DIGEST.test(digest)) throw new Error(`not a sha256 digest: ${digest}`);
  return dockerfile.replace(/^ARG NODE_DIGEST=\S*$/m, `ARG NODE_DIGEST=@${digest}`);
}

export const tagOf = (version: string) => `${version}-bookworm-slim`;

interface Manifest {
  /** sha256 of the bytes the registry served. */
  digest: string;
  /** The digest the registry says it served (Docker-Content-Digest), when it says one. */
  claimed: string | null;
  mediaType: string;
  platforms: string[];
}

async function token(registry: Registry): Promise<string> {
  const url = `${registry.auth}?service=registry.docker.io&scope=repository:${REPOSITORY}:pull`;
  const res = await fetch(url);
  if (!res.ok) throw new Error(`token service answered ${res.status}`);
  const body = (await res.json()) as { token?: string; access_token?: string };
  const t = body.token ?? body.access_token;
  if (!t) throw new Error("token service answered without a token");
  return t;
}

/** The manifest at `ref` (a tag or a digest), with the digest of its bytes computed here. */
async function fetchManifest(registry: Registry, ref: string, bearer: string): Promise<Manifest | null> {
  const res = await fetch(`${registry.url}/v2/${REPOSITORY}/manifests/${ref}`, {
    headers: { accept: INDEX_TYPES.join(", "), authorization: `Bearer ${bearer}` },
  });
  if (res.status === 404) return null;
  if (!res.ok) throw new Error(`registry answered ${res.status} for ${REPOSITORY}:${ref}`);
  const bytes = Buffer.from(await res.arrayBuffer());
  const body = JSON.parse(bytes.toString("utf8")) as {
    mediaType?: string;
    manifests?: { platform?: { os?: string; architecture?: string } }[];
  };
  return {
    digest: `sha256:${createHash("sha256").update(bytes).digest("hex")}`,
    claimed: res.headers.get("docker-content-digest"),
    mediaType: body.mediaType ?? res.headers.get("content-type") ?? "",
    platforms: (body.manifests ?? []).map((m) => `${m.platform?.os}/${m.platform?.architecture}`),
  };
}

/** Why a served manifest is not a sound pin, or [] when it is. */
function problemsOf(m: Manifest, expected?: string): string[] {
  const problems: string[] = [];
  if (expected && m.digest !== expected) problems.push(`its bytes hash to ${m.digest}, not ${expected}`);
  if (m.claimed && m.claimed !== m.digest)
    problems.push(`the registry claims ${m.claimed} for bytes that hash to ${m.digest}`);
  if (!INDEX_TYPES.includes(m.mediaType))
    problems.push(`it is a ${m.mediaType || "manifest of no type"}, not a multi-arch index`);
  for (const p of REQUIRED_PLATFORMS) if (!m.platforms.includes(p)) problems.push(`it has no ${p} image`);
  return problems;
}

/** Resolves the tag of the Dockerfile's NODE_VERSION and returns the Dockerfile pinned to it. */
export async function pin(
  dockerfile: string,
  registry: Registry = DOCKER_HUB,
): Promise<{ text: string; digest: string }> {
  const { version } = readPin(dockerfile);
  const tag = tagOf(version);
  const m = await fetchManifest(registry, tag, await token(registry));
  if (!m) throw new Error(`node:${tag} is not in the registry`);
  const problems = problemsOf(m);
  if (problems.length > 0) throw new Error(`node:${tag}: ${problems.join("; ")}`);
  return { text: writePin(dockerfile, m.digest), digest: m.digest };
}

export interface CheckResult {
  ok: boolean;
  lines: string[];
}

/** Checks the Dockerfile's pin against the registry. */
export async function check(dockerfile: string, registry: Registry = DOCKER_HUB): Promise<CheckResult> {
  const { version, digest } = readPin(dockerfile);
  const tag = tagOf(version);
  if (!digest) return { ok: false, lines: [`node:${tag} is not pinned: run scripts/pin-node-image.ts pin`] };
  const bearer = await token(registry);
  const pinned = await fetchManifest(registry, digest, bearer);
  if (!pinned) return { ok: false, lines: [`node:${tag}@${digest} is not in the registry`] };
  const problems = problemsOf(pinned, digest);
  if (problems.length > 0) return { ok: false, lines: problems.map((p) => `node:${tag}@${digest}: ${p}`) };
  const lines = [`node:${tag}@${digest}: served, verified, ${pinned.platforms.length} platforms`];
  const current = await fetchManifest(registry, tag, bearer);
  if (current && current.digest !== digest) {
    lines.push(`node:${tag} now points to ${current.digest} (re-pushed, e.g. Debian fixes): pin again to take it`);
  }
  return { ok: true, lines };
}

async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  const at = rest.indexOf("--dockerfile");
  const file = at >= 0 ? rest[at + 1] : fileURLToPath(new URL("../Dockerfile", import.meta.url));
  if (!file || (command !== "pin" && command !== "check")) {
    console.error("usage: npx tsx scripts/pin-node-image.ts pin|check [--dockerfile PATH]");
    return 2;
  }
  const registry: Registry = {
    url: process.env.RWERROR_REGISTRY ?? DOCKER_HUB.url,
    auth: process.env.RWERROR_REGISTRY_AUTH ?? DOCKER_HUB.auth,
  };
  const text = readFileSync(file, "utf8");
  if (command === "pin") {
    const pinned = await pin(text, registry);
    writeFileSync(file, pinned.text);
    console.log(`pinned node:${tagOf(readPin(text).version)}@${pinned.digest} in ${file}`);
    return 0;
  }
  const result = await check(text, registry);
  for (const line of result.lines) (result.ok ? console.log : console.error)(line);
  return result.ok ? 0 : 1;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main(process.argv.slice(2)).then(
    (code) => {
      process.exitCode = code;
    },
    (error: unknown) => {
      console.error(`pin-node-image: ${(error as Error).message}`);
      process.exitCode = 1;
    },
  );
}
