/**
 * The store suite runs once per backend: SQLite on a temp file, and PostgreSQL when
 * RWERROR_TEST_PG_URL points at a reachable server (.ci/run starts one), each test in a fresh schema.
 */
import { randomBytes } from "node:crypto";
import pg from "pg";
import { describe } from "vitest";
import { type OpenStoreOptions, openStore, type Store, type StoreKind } from "../../src/store/index.ts";
import { tempDir } from "./temp-store.ts";

export interface BackendEnv {
  kind: StoreKind;
  /** Opens another connection (pool) to the same database: a second process's view. */
  open(now?: () => number, opts?: OpenStoreOptions): Promise<Store>;
  cleanup(): Promise<void>;
}

export interface Backend {
  kind: StoreKind;
  /** Why this backend's tests are skipped, or undefined when they run. */
  skipped: string | undefined;
  fresh(): BackendEnv;
}

export const PG_URL = process.env.RWERROR_TEST_PG_URL?.trim() || undefined;

async function pgProblem(): Promise<string | undefined> {
  if (!PG_URL) return "RWERROR_TEST_PG_URL is not set (.ci/run starts PostgreSQL and sets it)";
  const client = new pg.Client({ connectionString: PG_URL, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.query("SELECT 1");
    return undefined;
  } catch (error) {
    return `PostgreSQL at RWERROR_TEST_PG_URL is unreachable (${(error as Error).message})`;
  } finally {
    await client.end().catch(() => undefined);
  }
}

export const pgSkipped = await pgProblem();

/** Runs SQL as the test's admin (outside any store): dropping schemas, creating databases. */
export async function pgAdmin<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: PG_URL });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

function sqliteEnv(): BackendEnv {
  const env = tempDir();
  const stores: Store[] = [];
  return {
    kind: "sqlite",
    async open(now, opts = {}) {
      const store = await openStore(env.path, { ...opts, ...(now ? { now } : {}) });
      stores.push(store);
      return store;
    },
    async cleanup() {
      for (const s of stores) await s.close();
      env.cleanup();
    },
  };
}

function postgresEnv(): BackendEnv {
  const schema = `t_${randomBytes(6).toString("hex")}`;
  const stores: Store[] = [];
  return {
    kind: "postgres",
    async open(now, opts = {}) {
      const store = await openStore(PG_URL ?? "", {
        ...opts,
        ...(now ? { now } : {}),
        postgres: { schema, max: 4, ...opts.postgres },
      });
      stores.push(store);
      return store;
    },
    async cleanup() {
      for (const s of stores) await s.close();
      await pgAdmin((c) => c.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`));
    },
  };
}

export const backends: Backend[] = [
  { kind: "sqlite", skipped: undefined, fresh: sqliteEnv },
  { kind: "postgres", skipped: pgSkipped, fresh: postgresEnv },
];

/** `describe` once per backend; a skipped backend says why in its title. */
export function describeEachBackend(title: string, body: (backend: Backend) => void): void {
  for (const backend of backends) {
    const name = `${title} [${backend.kind}]${backend.skipped ? ` — skipped: ${backend.skipped}` : ""}`;
    describe.skipIf(backend.skipped !== undefined)(name, () => body(backend));
  }
}
