/**
 * deploy/kubernetes/ and deploy/compose.yaml against the app: every manifest parses, every variable they
 * set is one the configuration reads, their ports and probe paths are the ones the app serves (the bot is
 * started the way the Deployment configures it), and their secret names are the README's.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseAllDocuments } from "yaml";
import { ENV_VARIABLES, loadConfig } from "../../src/config.ts";
import { SECRET_FILE_VARIABLES } from "../../src/setup/config.ts";
import { BOT_TOKEN } from "../support/bot.ts";
import { type FakeSlack, startFakeSlack } from "../support/fake-slack.ts";
import { repoRoot } from "../support/seeds.ts";
import { TEST_SIGNING_SECRET } from "../support/signing.ts";

// biome-ignore lint/suspicious/noExplicitAny: manifests are free-form YAML, checked field by field below.
type Doc = any;

const k8sDir = join(repoRoot, "deploy", "kubernetes");
const read = (path: string) => readFileSync(path, "utf8");

function parseYaml(path: string): Doc[] {
  const docs = parseAllDocuments(read(path));
  const list = Array.isArray(docs) ? docs : [docs];
  for (const d of list) {
    expect(
      d.errors.map((e) => e.message),
      path,
    ).toEqual([]);
  }
  return list.map((d) => d.toJS()).filter((d) => d !== null);
}

const manifestFiles = readdirSync(k8sDir).filter((f) => f.endsWith(".yaml"));
const manifests = manifestFiles.flatMap((f) => parseYaml(join(k8sDir, f)).map((doc) => ({ file: f, doc })));
const ofKind = (kind: string): Doc[] => manifests.filter((m) => m.doc.kind === kind).map((m) => m.doc);
const one = (kind: string): Doc => {
  const found = ofKind(kind);
  expect(found, kind).toHaveLength(1);
  return found[0];
};
const kustomization = one("Kustomization");
const deployment = one("Deployment");
const service = one("Service");
const secret = one("Secret");
const container: Doc = deployment.spec.template.spec.containers[0];
const compose: Doc = parseYaml(join(repoRoot, "deploy", "compose.yaml"))[0];

/** `KEY=VALUE` lines of a kustomize env file (comments and blank lines skipped). */
function envFile(path: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const line of read(path).split("\n")) {
    if (line.trim() === "" || line.trimStart().startsWith("#")) continue;
    const at = line.indexOf("=");
    expect(at, line).toBeGreaterThan(0);
    out[line.slice(0, at)] = line.slice(at + 1);
  }
  return out;
}
const settingsFiles: string[] = kustomization.configMapGenerator
  .filter((g: Doc) => g.envs)
  .flatMap((g: Doc) => g.envs.map((f: string) => join(k8sDir, f)));
const settings = Object.assign({}, ...settingsFiles.map(envFile)) as Record<string, string>;

/** The container's environment as the Deployment gives it: env values, then the settings ConfigMap. */
function deploymentEnv(): Record<string, string> {
  const env: Record<string, string> = {};
  for (const e of container.env) {
    expect(e.valueFrom, `${e.name} comes from a value`).toBeUndefined();
    env[e.name] = String(e.value);
  }
  return { ...settings, ...env };
}

/** The README's secret table (Deploy): name → the variable that reads it, and where it is used. */
function readmeSecrets(): Map<string, { variable: string; where: string }> {
  const readme = read(join(repoRoot, "README.md"));
  const section = readme.slice(
    readme.indexOf("\n## Deploy\n"),
    readme.indexOf("\n## ", readme.indexOf("\n## Deploy\n") + 1),
  );
  const rows = new Map<string, { variable: string; where: string }>();
  for (const m of section.matchAll(/^\| `([a-z0-9-]+)` \| (.+?) \| (.+?) \|$/gm)) {
    rows.set(m[1] as string, { variable: m[2] as string, where: m[3] as string });
  }
  return rows;
}

const configVariables = new Set([...ENV_VARIABLES, ...SECRET_FILE_VARIABLES.map((n) => `${n}_FILE`)]);
const defaults = loadConfig({}, { receiving: false });

describe("deploy/kubernetes", () => {
  it("every file parses; kustomization lists every manifest but the Secret template, and its generators' files", () => {
    expect(manifestFiles.sort()).toEqual([
      "deployment.yaml",
      "kustomization.yaml",
      "pdb.yaml",
      "secret.example.yaml",
      "service.yaml",
      "servicemonitor.yaml",
    ]);
    expect([...kustomization.resources].sort()).toEqual(
      manifestFiles.filter((f) => f !== "kustomization.yaml" && f !== "secret.example.yaml").sort(),
    );
    for (const g of kustomization.configMapGenerator) {
      for (const f of [...(g.envs ?? []), ...(g.files ?? [])]) expect(() => read(join(k8sDir, f)), f).not.toThrow();
    }
    expect(ofKind("PodDisruptionBudget")).toHaveLength(1);
    expect(ofKind("ServiceMonitor")).toHaveLength(1);
  });

  it("sets only variables the configuration reads, with values it accepts", () => {
    const env = deploymentEnv();
    expect(Object.keys(env).filter((n) => !configVariables.has(n))).toEqual([]);
    // Without the secrets (files the test cannot mount at these paths), the settings must parse.
    const plain = Object.fromEntries(Object.entries(env).filter(([n]) => !n.endsWith("_FILE")));
    expect(() => loadConfig(plain, { receiving: false })).not.toThrow();
    expect(container.envFrom.map((e: Doc) => e.configMapRef.name)).toEqual(
      kustomization.configMapGenerator.filter((g: Doc) => g.envs).map((g: Doc) => g.name),
    );
  });

  it("runs two non-root replicas on a read-only root filesystem, with resources and a grace above the bot's", () => {
    const pod = deployment.spec.template.spec;
    expect(deployment.spec.replicas).toBe(2);
    expect(pod.securityContext.runAsNonRoot).toBe(true);
    expect(pod.securityContext.runAsUser).toBeGreaterThan(0);
    expect(container.securityContext).toMatchObject({
      readOnlyRootFilesystem: true,
      allowPrivilegeEscalation: false,
      capabilities: { drop: ["ALL"] },
    });
    expect(container.resources.requests).toMatchObject({ cpu: expect.any(String), memory: expect.any(String) });
    expect(container.resources.limits.memory).toEqual(expect.any(String));
    const graceMs = Number(deploymentEnv().RWERROR_SHUTDOWN_GRACE_MS ?? defaults.shutdownGraceMs);
    // The bot drains for graceMs, then gives a stuck Web API retry 2 s before it exits by itself.
    expect(pod.terminationGracePeriodSeconds * 1000).toBeGreaterThan(graceMs + 2_000);
  });

  it("ports: the container port is PORT, probes and the Service use it by name, the image exposes it", () => {
    const env = deploymentEnv();
    const port = container.ports.find((p: Doc) => p.name === "http");
    expect(port.containerPort).toBe(Number(env.PORT ?? defaults.port));
    expect(read(join(repoRoot, "Dockerfile"))).toMatch(new RegExp(`^EXPOSE ${port.containerPort}$`, "m"));
    for (const probe of ["startupProbe", "livenessProbe", "readinessProbe"]) {
      expect(container[probe].httpGet.port, probe).toBe("http");
    }
    expect(service.spec.ports.map((p: Doc) => p.targetPort)).toEqual(["http"]);
    const monitor = one("ServiceMonitor");
    expect(monitor.spec.endpoints.map((e: Doc) => e.port)).toEqual(service.spec.ports.map((p: Doc) => p.name));
  });

  it("the Service, PodDisruptionBudget and ServiceMonitor select the Deployment's pods", () => {
    const labels = deployment.spec.template.metadata.labels;
    expect(deployment.spec.selector.matchLabels).toEqual(labels);
    for (const selector of [
      service.spec.selector,
      one("PodDisruptionBudget").spec.selector.matchLabels,
      one("ServiceMonitor").spec.selector.matchLabels,
    ]) {
      expect(labels).toMatchObject(selector);
    }
    expect(service.metadata.labels).toMatchObject(one("ServiceMonitor").spec.selector.matchLabels);
  });

  it("reads its secrets from the mounted Secret, by the README's names", () => {
    const readme = readmeSecrets();
    expect(readme.size).toBeGreaterThanOrEqual(5);
    const volume = deployment.spec.template.spec.volumes.find((v: Doc) => v.secret);
    expect(volume.secret.secretName).toBe(secret.metadata.name);
    const mount = container.volumeMounts.find((m: Doc) => m.name === volume.name);
    const fromSecret = container.env.filter((e: Doc) => String(e.value).startsWith(`${mount.mountPath}/`));
    expect(fromSecret.length).toBeGreaterThanOrEqual(3);
    for (const e of fromSecret) {
      const key = String(e.value).slice(mount.mountPath.length + 1);
      expect(readme.get(key)?.variable, key).toBe(`\`${e.name}\``);
      expect(Object.keys(secret.stringData), key).toContain(key);
    }
    // The template holds every key the README uses on Kubernetes, and only README names.
    const kubernetesKeys = [...readme].filter(([, r]) => r.where.includes("Kubernetes")).map(([k]) => k);
    expect(Object.keys(secret.stringData).sort()).toEqual(kubernetesKeys.sort());
    expect(read(join(k8sDir, "secret.example.yaml"))).toContain(
      `kubectl create secret generic ${secret.metadata.name}`,
    );
  });

  it("the team-records ConfigMap holds valid records", async () => {
    const { loadCatalog } = await import("../../src/catalog/index.ts");
    const files: string[] = kustomization.configMapGenerator
      .filter((g: Doc) => g.files)
      .flatMap((g: Doc) => g.files.map((f: string) => join(k8sDir, f)));
    expect(files.length).toBeGreaterThan(0);
    expect(loadCatalog(files).problems).toEqual([]);
  });
});

describe("deploy/compose.yaml", () => {
  const bot: Doc = compose.services.rwerror;

  it("runs the bot from this repository's Dockerfile beside PostgreSQL, started once the database is healthy", () => {
    expect(bot.build.context).toBe("..");
    expect(compose.services.postgres.image).toMatch(/^postgres:1[1-9]\b/);
    expect(bot.depends_on.postgres.condition).toBe("service_healthy");
    expect(bot.read_only).toBe(true);
  });

  it("sets only variables the configuration reads; the published port is PORT; the stop grace exceeds the bot's", () => {
    const env: Record<string, string> = bot.environment;
    expect(Object.keys(env).filter((n) => !configVariables.has(n))).toEqual([]);
    expect(bot.ports).toEqual([`${env.PORT}:${env.PORT}`]);
    const stop = /^(\d+)s$/.exec(bot.stop_grace_period);
    expect(stop).not.toBeNull();
    expect(Number(stop?.[1]) * 1000).toBeGreaterThan(
      Number(env.RWERROR_SHUTDOWN_GRACE_MS ?? defaults.shutdownGraceMs) + 2_000,
    );
  });

  it("its secrets are the README's, each read through the variable the README names", () => {
    const readme = readmeSecrets();
    const declared = Object.keys(compose.secrets);
    const used = Object.values(compose.services as Record<string, Doc>).flatMap((s) => s.secrets ?? []);
    expect([...new Set(used)].sort()).toEqual(declared.sort());
    for (const name of declared) {
      expect(compose.secrets[name].file).toBe(`./secrets/${name}`);
      expect(readme.get(name)?.where, name).toContain("compose");
    }
    for (const service of Object.values(compose.services as Record<string, Doc>)) {
      for (const [variable, value] of Object.entries(service.environment ?? {})) {
        const secretName = /^\/run\/secrets\/(.+)$/.exec(String(value))?.[1];
        if (secretName) expect(readme.get(secretName)?.variable, secretName).toContain(`\`${variable}\``);
      }
    }
    expect(read(join(repoRoot, ".gitignore"))).toMatch(/^deploy\/secrets\/$/m);
  });
});

describe("the paths the manifests probe are served by the app, started as the Deployment configures it", () => {
  let fake: FakeSlack;
  let child: ChildProcess | undefined;
  let baseUrl = "";
  let stderr = "";

  beforeAll(async () => {
    fake = await startFakeSlack();
    const dir = mkdtempSync(join(tmpdir(), "rwerror-k8s-"));
    const secretValues: Record<string, string> = {
      "slack-bot-token": BOT_TOKEN,
      "slack-signing-secret": TEST_SIGNING_SECRET,
      // A SQLite file stands in for the PostgreSQL URL: the paths served do not depend on the store.
      "database-url": join(dir, "bot.sqlite"),
      "health-token": "health-token-for-the-test",
    };
    for (const [key, value] of Object.entries(secretValues)) writeFileSync(join(dir, key), `${value}\n`);
    // Mounted paths become local ones: the Secret's files, and the records ConfigMap's source folder.
    const mounts = new Map<string, string>();
    for (const m of container.volumeMounts) {
      const volume = deployment.spec.template.spec.volumes.find((v: Doc) => v.name === m.name);
      if (volume.secret) mounts.set(m.mountPath, dir);
      if (volume.configMap) mounts.set(m.mountPath, join(k8sDir, "records"));
    }
    const local = (value: string) =>
      value
        .split(",")
        .map((part) => {
          for (const [from, to] of mounts)
            if (part === from || part.startsWith(`${from}/`)) return to + part.slice(from.length);
          return part;
        })
        .join(",");
    const env = Object.fromEntries(Object.entries(deploymentEnv()).map(([k, v]) => [k, local(v)]));
    child = spawn(process.execPath, [join(repoRoot, "bin", "rwerror.js"), "serve"], {
      cwd: dir,
      env: { PATH: process.env.PATH ?? "", HOME: dir, ...env, PORT: "0", SLACK_API_URL: fake.apiUrl },
      stdio: ["ignore", "ignore", "pipe"],
    });
    const port = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`the bot did not start:\n${stderr}`)), 30_000);
      child?.stderr?.on("data", (d) => {
        stderr += String(d);
        const m = /HTTP on port (\d+)/.exec(stderr);
        if (m?.[1]) {
          clearTimeout(timer);
          resolve(m[1]);
        }
      });
      child?.once("exit", () => reject(new Error(`the bot exited at start:\n${stderr}`)));
    });
    baseUrl = `http://127.0.0.1:${port}`;
  }, 40_000);

  afterAll(async () => {
    child?.kill("SIGKILL");
    await fake?.close();
  });

  const dockerHealthPath = () =>
    /^HEALTHCHECK [\s\S]*?127\.0\.0\.1:\$\{[^}]+\}(\/[a-z]+)/m.exec(read(join(repoRoot, "Dockerfile")))?.[1];

  it("starts in HTTP mode from the Deployment's environment and secret files", () => {
    expect(stderr).toMatch(/over HTTP on port \d+/);
  });

  it.each([
    ["startupProbe", () => container.startupProbe.httpGet.path],
    ["livenessProbe", () => container.livenessProbe.httpGet.path],
    ["readinessProbe", () => container.readinessProbe.httpGet.path],
    ["ServiceMonitor", () => one("ServiceMonitor").spec.endpoints[0].path],
    ["the Dockerfile's HEALTHCHECK (compose uses it)", dockerHealthPath],
  ])("%s: GET its path answers 200", async (_what, pathOf) => {
    const path = pathOf();
    expect(path).toMatch(/^\/[a-z]+$/);
    const res = await fetch(`${baseUrl}${path}`);
    expect(res.status, `GET ${path}`).toBe(200);
  });

  it("liveness asks /livez and readiness /readyz (issue 19's endpoints)", () => {
    expect(container.livenessProbe.httpGet.path).toBe("/livez");
    expect(container.readinessProbe.httpGet.path).toBe("/readyz");
  });
});
