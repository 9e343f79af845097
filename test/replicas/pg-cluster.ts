/**
 * A PostgreSQL cluster of the test's own (pg_createcluster, on a free port), so it can be stopped and
 * started under the bot without touching the server other tests and engineers share. Needs root and the
 * Debian postgresql-common tools; dropped when the test ends.
 */
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import { createServer } from "node:net";

const VERSION = "15";
const ctl = (name: string, action: string, ...extra: string[]) =>
  execFileSync("pg_ctlcluster", ["--skip-systemctl-redirect", ...extra, VERSION, name, action], { stdio: "pipe" });
const psql = (port: number, sql: string) =>
  execFileSync("runuser", ["-u", "postgres", "--", "psql", "-p", String(port), "-v", "ON_ERROR_STOP=1", "-c", sql], {
    stdio: "pipe",
  });

/** Why a cluster of the test's own cannot be made here, or undefined. */
export function clusterProblem(): string | undefined {
  if (!process.env.RWERROR_TEST_PG_URL) return "RWERROR_TEST_PG_URL is not set (PostgreSQL tests are off)";
  if (process.getuid?.() !== 0) return "creating a PostgreSQL cluster needs root";
  if (!existsSync("/usr/bin/pg_createcluster")) return "pg_createcluster (postgresql-common) is not installed";
  return undefined;
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

export interface OwnCluster {
  url: string;
  stop(): void;
  start(): void;
  drop(): void;
}

export async function createOwnCluster(): Promise<OwnCluster> {
  const name = `rwerror_outage_${process.pid}`;
  const port = await freePort();
  execFileSync("pg_createcluster", [VERSION, name, "--port", String(port)], { stdio: "pipe" });
  try {
    ctl(name, "start");
    psql(port, "CREATE ROLE rwerror_outage LOGIN PASSWORD 'outage'");
    psql(port, "CREATE DATABASE rwerror_outage OWNER rwerror_outage");
  } catch (error) {
    execFileSync("pg_dropcluster", ["--stop", VERSION, name], { stdio: "pipe" });
    throw error;
  }
  return {
    url: `postgres://rwerror_outage:outage@127.0.0.1:${port}/rwerror_outage`,
    // Fast: open connections are cut, as when the server goes down under the bot.
    stop: () => ctl(name, "stop", "--mode", "fast"),
    start: () => ctl(name, "start"),
    drop: () => execFileSync("pg_dropcluster", ["--stop", VERSION, name], { stdio: "pipe" }),
  };
}
