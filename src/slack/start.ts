/**
 * `npm start` with a bot token: verify the token, start the Bolt app (HTTP or Socket Mode)
 * and the digest scheduler, run until SIGINT/SIGTERM, then shut down cleanly.
 */
import type { CliIo } from "../cli/io.ts";
import { startDigestScheduler } from "../report/schedule.ts";
import { buildApp } from "./app.ts";
import type { SlackDeps } from "./deps.ts";
import { createDigestPoster } from "./scheduler.ts";
import { describeSlackError } from "./web-call.ts";

function signalled(): Promise<void> {
  return new Promise((resolve) => {
    process.once("SIGINT", () => resolve());
    process.once("SIGTERM", () => resolve());
  });
}

/** Returns the process exit code. `until` replaces the signals (tests). */
export async function startSlack(deps: SlackDeps, io: CliIo, until: Promise<void> = signalled()): Promise<number> {
  const { config } = deps;
  // A stray rejection must not take the bot down (Bolt's constructor starts auth.test before
  // anyone awaits it); app.error sees listener failures.
  const onRejection = (reason: unknown) => io.err(`rwerror: unhandled rejection: ${describeSlackError(reason)}`);
  process.on("unhandledRejection", onRejection);
  let built: ReturnType<typeof buildApp>;
  try {
    built = buildApp(deps);
    // Fail at start with a clear line, not on the first event: a wrong token or API URL.
    await built.app.client.auth.test();
    await built.start();
  } catch (error) {
    io.err(`rwerror: cannot start the Slack app: ${describeSlackError(error)}`);
    process.off("unhandledRejection", onRejection);
    await deps.store.close().catch(() => undefined);
    return 1;
  }
  const logger = built.app.logger;

  const post = createDigestPoster(built.app.client);
  const scheduler = startDigestScheduler({
    store: deps.store,
    catalog: deps.catalog,
    cron: config.digestCron,
    tz: config.timeZone,
    channel: config.digestChannel,
    post: async (channel, message) => ({ ts: (await post(channel, message)).ts }),
    now: deps.now,
    log: logger,
    retentionDays: config.retentionDays,
  });
  scheduler.runMissed().catch((error: unknown) => logger.error(`missed digest failed: ${describeSlackError(error)}`));

  const where =
    config.mode === "socket" ? "Socket Mode" : `HTTP on port ${built.port()} (POST /slack/events, GET /healthz)`;
  io.err(`rwerror: serving ${deps.catalog.records.length} records over ${where}`);

  await until;
  scheduler.stop();
  await built.stop().catch(() => undefined);
  process.off("unhandledRejection", onRejection);
  await built.guard.drain();
  const { failed, pending } = built.guard.stats();
  if (failed + pending > 0) io.err(`rwerror: ${failed} store write(s) lost, ${pending} abandoned at shutdown`);
  await deps.store.close().catch(() => undefined);
  io.err("rwerror: stopped");
  return 0;
}
