import { spawn } from "node:child_process";
import { createHash } from "node:crypto";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { check, pin, type Registry, readPin, tagOf } from "../../scripts/pin-node-image.ts";
import { repoRoot } from "../support/seeds.ts";

const dockerfile = readFileSync(join(repoRoot, "Dockerfile"), "utf8");
const INDEX_TYPE = "application/vnd.oci.image.index.v1+json";

function index(platforms: string[], salt = ""): Buffer {
  return Buffer.from(
    JSON.stringify({
      schemaVersion: 2,
      mediaType: INDEX_TYPE,
      manifests: platforms.map((p, i) => {
        const [os, architecture] = p.split("/");
        const digest = `sha256:${createHash("sha256").update(`${i}${p}${salt}`).digest("hex")}`;
        return {
          mediaType: "application/vnd.oci.image.manifest.v1+json",
          digest,
          size: 1,
          platform: { os, architecture },
        };
      }),
    }),
  );
}

const sha = (b: Buffer) => `sha256:${createHash("sha256").update(b).digest("hex")}`;

/** A registry like Docker Hub's: an anonymous token, then manifests by tag or digest, bearer required. */
async function fakeRegistry(manifests: Map<string, Buffer>): Promise<{ registry: Registry; server: Server }> {
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://x");
    if (url.pathname === "/token") {
      const pull = url.searchParams.get("scope") === "repository:library/node:pull";
      res.writeHead(pull ? 200 : 403).end(pull ? JSON.stringify({ token: "anon" }) : "");
      return;
    }
    const ref = /^\/v2\/library\/node\/manifests\/(.+)$/.exec(url.pathname)?.[1];
    const body = ref ? manifests.get(decodeURIComponent(ref)) : undefined;
    if (req.headers.authorization !== "Bearer anon") res.writeHead(401).end();
    else if (!body) res.writeHead(404).end();
    else res.writeHead(200, { "content-type": INDEX_TYPE, "docker-content-digest": sha(body) }).end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { registry: { url: base, auth: `${base}/token` }, server };
}

let server: Server | undefined;
afterEach(() => {
  server?.close();
  server = undefined;
});

describe("the base image's digest pin (scripts/pin-node-image.ts)", () => {
  const { version } = readPin(dockerfile);
  const tag = tagOf(version);
  const good = index(["linux/amd64", "linux/arm64", "linux/arm/v7"]);

  it("pin writes the digest of the bytes the registry serves for node:<NODE_VERSION>-bookworm-slim", async () => {
    const fake = await fakeRegistry(new Map([[tag, good]]));
    server = fake.server;
    const pinned = await pin(dockerfile, fake.registry);
    expect(pinned.digest).toBe(sha(good));
    expect(readPin(pinned.text)).toEqual({ version, digest: sha(good) });
    expect(pinned.text).toMatch(new RegExp(`^ARG NODE_DIGEST=@${sha(good)}$`, "m"));
  });

  it("check accepts a pin the registry serves and whose bytes hash to it, and says when the tag has moved", async () => {
    const newer = index(["linux/amd64", "linux/arm64"], "b");
    const fake = await fakeRegistry(
      new Map([
        [tag, newer],
        [sha(good), good],
      ]),
    );
    server = fake.server;
    const result = await check(
      dockerfile.replace(/^ARG NODE_DIGEST=.*$/m, `ARG NODE_DIGEST=@${sha(good)}`),
      fake.registry,
    );
    expect(result.ok).toBe(true);
    expect(result.lines[1]).toContain(`now points to ${sha(newer)}`);
  });

  it("check refuses an unpinned Dockerfile, a digest the registry lacks, bytes that do not hash to it, a one-platform image", async () => {
    const oneArch = index(["linux/amd64"]);
    const fake = await fakeRegistry(
      new Map([
        [sha(good), Buffer.from(`${good.toString()} `)],
        [sha(oneArch), oneArch],
      ]),
    );
    server = fake.server;
    const at = (digest: string) => dockerfile.replace(/^ARG NODE_DIGEST=.*$/m, `ARG NODE_DIGEST=@${digest}`);
    expect((await check(dockerfile.replace(/^ARG NODE_DIGEST=.*$/m, "ARG NODE_DIGEST="), fake.registry)).lines).toEqual(
      [`node:${tag} is not pinned: run scripts/pin-node-image.ts pin`],
    );
    const missing = await check(at(`sha256:${"f".repeat(64)}`), fake.registry);
    expect(missing).toEqual({ ok: false, lines: [`node:${tag}@sha256:${"f".repeat(64)} is not in the registry`] });
    const tampered = await check(at(sha(good)), fake.registry);
    expect(tampered.ok).toBe(false);
    expect(tampered.lines.join("\n")).toContain(`its bytes hash to sha256:`);
    const single = await check(at(sha(oneArch)), fake.registry);
    expect(single).toMatchObject({ ok: false, lines: [expect.stringContaining("it has no linux/arm64 image")] });
  });

  it("the command pins a Dockerfile in place and then checks it, exit 0", async () => {
    const fake = await fakeRegistry(
      new Map([
        [tag, good],
        [sha(good), good],
      ]),
    );
    server = fake.server;
    const file = join(mkdtempSync(join(tmpdir(), "rwerror-pin-")), "Dockerfile");
    writeFileSync(file, dockerfile.replace(/^ARG NODE_DIGEST=.*$/m, "ARG NODE_DIGEST="));
    const env = { ...process.env, RWERROR_REGISTRY: fake.registry.url, RWERROR_REGISTRY_AUTH: fake.registry.auth };
    const run = (command: string) => runScript(command, file, env);
    const pinned = await run("pin");
    expect(pinned.status).toBe(0);
    expect(readPin(readFileSync(file, "utf8")).digest).toBe(sha(good));
    const checked = await run("check");
    expect(checked).toEqual({ status: 0, out: `node:${tag}@${sha(good)}: served, verified, 3 platforms\n` });
  }, 30_000);

  it("reads only a well-formed pin: @sha256:<64 hex> or empty", () => {
    expect(() => readPin(dockerfile.replace(/^ARG NODE_DIGEST=.*$/m, "ARG NODE_DIGEST=sha256:abc"))).toThrow(
      "NODE_DIGEST is not @sha256:<64 hex>",
    );
    expect(() => readPin("FROM node:24\n")).toThrow("declares no ARG NODE_VERSION=");
  });
});

/** The script as a release pipeline runs it; async, because the fake registry answers from this event loop. */
function runScript(
  command: string,
  file: string,
  env: NodeJS.ProcessEnv,
): Promise<{ status: number | null; out: string }> {
  return new Promise((resolve) => {
    const child = spawn(
      process.execPath,
      ["--import", "tsx", join(repoRoot, "scripts/pin-node-image.ts"), command, "--dockerfile", file],
      {
        env,
        cwd: repoRoot,
        stdio: ["ignore", "pipe", "inherit"],
      },
    );
    let out = "";
    child.stdout.on("data", (d) => {
      out += String(d);
    });
    child.on("exit", (status) => resolve({ status, out }));
  });
}
