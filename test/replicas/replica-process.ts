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

export async function startReplica(env: Record<string, string>, timeoutMs = 30_000): Promise<Replica> {
  const child = spawn(process.execPath, ["--import", "tsx", CLI, "serve"], {
    env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "", PORT: "0", LOG_LEVEL: "warn", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
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
        if (child.exitCode !== null) return resolve(child.exitCode);
        const kill = setTimeout(() => child.kill("SIGKILL"), 15_000);
        child.once("exit", (code) => {
          clearTimeout(kill);
          resolve(code);
        });
        child.kill("SIGTERM");
      }),
  };
}
