/** One bot replica as its own process, the way production runs it (`rwerror serve`). */
import { type ChildProcess, spawn } from "node:child_process";
import { fileURLToPath } from "node:url";

const CLI = fileURLToPath(new URL("../../src/cli.ts", import.meta.url));

export interface Replica {
  child: ChildProcess;
  port: number;
  eventsUrl: string;
  output: () => string;
  stop(): Promise<number | null>;
}

export interface ReplicaOptions {
  /** Run as this uid (and gid): root cannot be denied a write, `nobody` (65534) can. Needs root. */
  asUid?: number | undefined;
  timeoutMs?: number;
}

function spawnServe(env: Record<string, string>, asUid: number | undefined): ChildProcess {
  return spawn(process.execPath, ["--import", "tsx", CLI, "serve"], {
    env: { ...baseEnv(), ...env },
    stdio: ["ignore", "pipe", "pipe"],
    ...(asUid === undefined ? {} : { uid: asUid, gid: asUid }),
  });
}

const baseEnv = () => ({ PATH: process.env.PATH ?? "", HOME: "/tmp", PORT: "0", LOG_LEVEL: "warn" });

/** Runs `rwerror serve` expecting it to fail at start: its exit code and everything it printed. */
export function serveOnce(
  env: Record<string, string>,
  { asUid }: ReplicaOptions = {},
): Promise<{ code: number | null; output: string }> {
  const child = spawnServe(env, asUid);
  let output = "";
  child.stdout?.on("data", (d) => {
    output += String(d);
  });
  child.stderr?.on("data", (d) => {
    output += String(d);
  });
  return new Promise((resolve) => child.once("exit", (code) => resolve({ code, output })));
}

export async function startReplica(
  env: Record<string, string>,
  { asUid, timeoutMs = 30_000 }: ReplicaOptions = {},
): Promise<Replica> {
  const child = spawnServe(env, asUid);
  let out = "";
  child.stdout?.on("data", (d) => {
    out += String(d);
  });
  child.stderr?.on("data", (d) => {
    out += String(d);
  });
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`replica did not start in time:\n${out}`)), timeoutMs);
    const check = () => {
      const m = /HTTP on port (\d+)/.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve(Number(m[1]));
      }
    };
    child.stdout?.on("data", check);
    child.stderr?.on("data", check);
    child.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`replica exited with ${code} before serving:\n${out}`));
    });
  });
  return {
    child,
    port,
    eventsUrl: `http://127.0.0.1:${port}/slack/events`,
    output: () => out,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve(child.exitCode);
        const kill = setTimeout(() => child.kill("SIGKILL"), 15_000);
        child.once("exit", (code) => {
          clearTimeout(kill);
          resolve(code);
        });
        child.kill("SIGTERM");
      }),
  };
}
