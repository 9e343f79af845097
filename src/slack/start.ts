/**
 * `npm start` with a bot token: verify the token, start the Bolt app (HTTP or Socket Mode)
 * and the digest scheduler, reload the catalog on SIGHUP or a data change, run until
 * SIGINT/SIGTERM, then drain the running handlers and close the database.
 */

import { startDigestScheduler } from "../report/schedule.ts";
import type { CliIo } from "../terminal/io.ts";
import { type BuiltApp, buildApp } from "./app.ts";
import { deliveryClient } from "./delivery.ts";
import type { SlackDeps } from "./deps.ts";
import { createDigestPost } from "./digest-poster.ts";
import { configuredSecrets, scrubber } from "./log.ts";
import { watchCatalog } from "./reload.ts";
import { describeSlackError } from "./web-call.ts";

function signalled(): Promise<void> {
  return new Promise((resolve) => {
    process.once("SIGINT", () => resolve());
    process.once("SIGTERM", () => resolve());
  });
}

/** Leaves the handlers' work to finish before the store closes, then says what it abandoned. */
async function shutDown(built: BuiltApp, graceMs: number, io: CliIo): Promise<void> {
  io.err(`rwerror: stopping: no new work; waiting up to ${graceMs / 1000} s for running handlers`);
  const abandoned = await built.drain(graceMs);
  if (abandoned.length > 0) {
    const line = `gave up after ${graceMs / 1000} s on ${abandoned.length} handler(s): ${abandoned.join("; ")}`;
    io.err(`rwerror: ${line}`);
    built.app.logger.warn(`shutdown ${line}`);
  }
  await built.stop().catch(() => undefined);
}

/**
 * After a failed start: Bolt's constructor checked the token too, and its client is still retrying
 * that call with no one awaiting it. Its rejection would end the process with a 40-line stack trace
 * after the one line that already said why; it is dropped instead, for as long as those retries can
 * take (3 tries of at most 10 s).
 */
function swallowAbandoned(ms: number): void {
  const quiet = () => undefined;
  process.on("unhandledRejection", quiet);
  setTimeout(() => process.off("unhandledRejection", quiet), ms).unref();
}

/** Returns the process exit code. `until` replaces the signals (tests). */
export async function startSlack(deps: SlackDeps, io: CliIo, until: Promise<void> = signalled()): Promise<number> {
  const { config } = deps;
  // A stray rejection must not take the bot down (Bolt's constructor starts auth.test before
  // anyone awaits it); app.error sees listener failures.
  // Plain stderr lines get the same scrubbing as the JSON log.
  const scrub = scrubber(configuredSecrets(config));
  const say = (reason: unknown) => io.err(scrub(`rwerror: unhandled rejection: ${describeSlackError(reason)}`));
  // Until the start is settled, held back: a failed start says why in one line, not twice.
  let early: unknown[] | undefined = [];
  const onRejection = (reason: unknown) => (early ? early.push(reason) : say(reason));
  process.on("unhandledRejection", onRejection);
  let built: ReturnType<typeof buildApp>;
  try {
    built = buildApp(deps);
    // Fail at start with a clear line, not on the first event: a wrong token or API URL.
    await built.app.client.auth.test();
    await built.start();
  } catch (error) {
    io.err(scrub(`rwerror: cannot start the Slack app: ${describeSlackError(error)}`));
    process.off("unhandledRejection", onRejection);
    swallowAbandoned(60_000);
    await deps.store.close().catch(() => undefined);
    return 1;
  }
  for (const reason of early) say(reason);
  early = undefined;
  const logger = built.app.logger;

  // One try per post: the poster retries itself, looking for its key before each new attempt; the
  // app's client (with its retries) answers whether a note's channel is public.
  const post = createDigestPost(
    deliveryClient(config.slackBotToken ?? "", { slackApiUrl: config.slackApiUrl }),
    logger,
    built.app.client,
  );
  const scheduler = startDigestScheduler({
    store: deps.store,
    catalog: deps.catalog,
    cron: config.digestCron,
    tz: config.timeZone,
    channel: config.digestChannel,
    post,
    now: deps.now,
    log: logger,
    retentionDays: config.retentionDays,
  });
  scheduler.runMissed().catch((error: unknown) => logger.error(`missed digest failed: ${describeSlackError(error)}`));

  let served = deps.catalog;
  const reloads = watchCatalog(
    config.dataPaths,
    (catalog, matcher) => {
      served = catalog;
      built.swapCatalog(catalog, matcher);
    },
    logger,
    () => served,
    { matcherOptions: { risingwaveVersion: config.risingwaveVersion } },
  );

  // Said only once SIGHUP is handled: a SIGHUP before that would end the process (Node's default).
  const where =
    config.mode === "socket"
      ? "Socket Mode"
      : `HTTP on port ${built.port()} (POST /slack/events, GET /readyz, GET /livez)`;
  io.err(`rwerror: serving ${deps.catalog.records.length} records over ${where}`);

  await until;
  reloads.close();
  scheduler.stop();
  await shutDown(built, config.shutdownGraceMs, io);
  process.off("unhandledRejection", onRejection);
  await built.guard.drain();
  const { failed, pending } = built.guard.stats();
  if (failed + pending > 0) io.err(`rwerror: ${failed} store write(s) lost, ${pending} abandoned at shutdown`);
  await deps.store.close().catch(() => undefined);
  io.err("rwerror: stopped");
  return 0;
}
