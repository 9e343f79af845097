/**
 * Starts rwerror the way production does, against stand-ins: a fake Web API (and a local
 * Socket Mode server), a temp SQLite file, the shipped catalog and the real matcher.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, expect } from "vitest";
import { type Catalog, loadCatalog } from "../../src/catalog/index.ts";
import { loadConfig } from "../../src/config.ts";
import { createMatcher, type Matcher } from "../../src/matcher/index.ts";
import { checkBlockKitLimits } from "../../src/render/index.ts";
import { type BuiltApp, buildApp } from "../../src/slack/app.ts";
import { openStore, type Store } from "../../src/store/index.ts";
import { type FakeSlack, startFakeSlack } from "./fake-slack.ts";
import { type MemoryLogger, memoryLogger } from "./logger.ts";
import { TEST_SIGNING_SECRET } from "./signing.ts";
import { type FakeSocketServer, startFakeSocketServer } from "./socket-server.ts";

export const BOT_TOKEN = "xoxb-test-bot-token-SECRET";
export const APP_TOKEN = "xapp-test-app-token-SECRET";
/** Unlocks /healthz details. */
export const HEALTH_TOKEN = "health-test-token-SECRET";
export const DATA_DIR = fileURLToPath(new URL("../../data/", import.meta.url));

export interface BotOptions {
  mode?: "http" | "socket";
  env?: Record<string, string>;
  catalog?: Catalog;
  /** The clock shared by the app and the store. */
  now?: () => number;
  /** Keep the SQLite file here (and leave it on close) to restart on the same database. */
  dbDir?: string;
}

export interface RunningBot {
  fake: FakeSlack;
  socket: FakeSocketServer | undefined;
  store: Store;
  catalog: Catalog;
  built: BuiltApp;
  logger: MemoryLogger;
  /** POST /slack/events (HTTP mode). */
  eventsUrl: string;
  baseUrl: string;
  close(): Promise<void>;
}

// The shipped catalog and each catalog's matcher are read and compiled once per test file: both are
// immutable, and every bot used to pay ~1 s for them.
let shipped: Catalog | undefined;
const matchers = new WeakMap<Catalog, Matcher>();
function matcherFor(catalog: Catalog): Matcher {
  let m = matchers.get(catalog);
  if (!m) {
    m = createMatcher(catalog);
    matchers.set(catalog, m);
  }
  return m;
}

export async function startBot(opts: BotOptions = {}): Promise<RunningBot> {
  const fake = await startFakeSlack();
  const socket = opts.mode === "socket" ? await startFakeSocketServer() : undefined;
  if (socket) fake.setSocketUrl(socket.url);
  const dir = opts.dbDir ?? mkdtempSync(join(tmpdir(), "rwerror-slack-"));
  const now = opts.now ?? Date.now;
  const store = await openStore(join(dir, "rwerror.sqlite"), { now });
  if (!opts.catalog) shipped ??= loadCatalog([DATA_DIR]).catalog;
  const catalog = opts.catalog ?? (shipped as Catalog);
  const config = loadConfig({
    SLACK_BOT_TOKEN: BOT_TOKEN,
    SLACK_SIGNING_SECRET: TEST_SIGNING_SECRET,
    SLACK_APP_TOKEN: opts.mode === "socket" ? APP_TOKEN : "",
    PORT: "0",
    SLACK_API_URL: fake.apiUrl,
    RWERROR_HEALTH_TOKEN: HEALTH_TOKEN,
    ...opts.env,
  });
  const logger = memoryLogger();
  const built = buildApp({ config, catalog, matcher: matcherFor(catalog), store, now, logger });
  await built.start();
  const baseUrl = `http://127.0.0.1:${built.port() ?? 0}`;
  let closing: Promise<void> | undefined;
  return {
    fake,
    socket,
    store,
    catalog,
    built,
    logger,
    eventsUrl: `${baseUrl}/slack/events`,
    baseUrl,
    close: () => {
      closing ??= (async () => {
        await built.stop();
        await socket?.close();
        await fake.close();
        await store.close();
        if (opts.dbDir === undefined) rmSync(dir, { recursive: true, force: true });
      })();
      return closing;
    },
  };
}

/**
 * For a test file whose tests each start bots: the returned function starts one (as startBot does),
 * and after each test every bot it started is closed and every payload they sent must have passed
 * Block Kit's checks.
 */
export function botsCheckedAfterEach(): (opts?: BotOptions) => Promise<RunningBot> {
  const running: RunningBot[] = [];
  afterEach(async () => {
    const bots = running.splice(0);
    const problems = bots.flatMap((b) => blockKitProblems(b));
    await Promise.all(bots.map((b) => b.close()));
    expect(problems).toEqual([]);
  });
  return async (opts = {}) => {
    const b = await startBot(opts);
    running.push(b);
    return b;
  };
}

/** Every message, modal and Home view the fake received, with Block Kit problems per payload. */
export function blockKitProblems(bot: RunningBot): string[] {
  const problems: string[] = [];
  const payloads: { where: string; payload: unknown }[] = [
    ...bot.fake.calls
      .filter((c) => c.args.blocks !== undefined || c.args.view !== undefined)
      .map((c) => ({ where: c.method, payload: c.args.view ?? { text: c.args.text, blocks: c.args.blocks } })),
    ...bot.fake.responses
      .filter((r) => r.body.blocks !== undefined)
      .map((r) => ({ where: "response_url", payload: r.body })),
  ];
  for (const { where, payload } of payloads) {
    for (const p of checkBlockKitLimits(payload)) problems.push(`${where}: ${p}`);
  }
  return problems;
}
