/** `rwerror report` and `rwerror digest`: the store's reports from the terminal. */
import type { Config } from "../config.ts";
import type { PostDigest } from "../report/digest-post.ts";
import { loadForServing } from "../setup/catalog.ts";
import { openStore } from "../store/index.ts";
import type { CliIo } from "../terminal/io.ts";
import { runDigestCommand } from "./digest.ts";
import { runReportCommand } from "./report.ts";

/** Posting needs Slack: only then is @slack/bolt loaded. */
async function digestPoster(config: Config): Promise<PostDigest | undefined> {
  if (!config.slackBotToken) return undefined;
  const { webApi } = await import("@slack/bolt");
  const { createDigestPost } = await import("../slack/digest-poster.ts");
  const { deliveryClient } = await import("../slack/delivery.ts");
  const { SLACK_CLIENT_POLICY } = await import("../slack/client-policy.ts");
  // Look-ups (is a note's channel public?) with the Web API client's retries; the post itself with one
  // try per call: the poster retries itself, looking for the digest's key before each new attempt.
  const lookups = new webApi.WebClient(config.slackBotToken, {
    ...(config.slackApiUrl ? { slackApiUrl: config.slackApiUrl } : {}),
    timeout: SLACK_CLIENT_POLICY.timeout,
    retryConfig: { ...SLACK_CLIENT_POLICY.retryConfig },
  });
  return createDigestPost(
    deliveryClient(config.slackBotToken, { slackApiUrl: config.slackApiUrl }),
    undefined,
    lookups,
  );
}

export async function runStoreCommand(
  command: "report" | "digest",
  argv: string[],
  config: Config,
  io: CliIo,
): Promise<number> {
  const catalog = loadForServing(config, io);
  const store = await openStore(config.dbPath, { now: Date.now });
  try {
    const deps = { store, catalog, now: Date.now, tz: config.timeZone, out: io.out, err: io.err };
    if (command === "report") return await runReportCommand(argv, deps);
    return await runDigestCommand(argv, { ...deps, post: await digestPoster(config), channel: config.digestChannel });
  } finally {
    await store.close();
  }
}
