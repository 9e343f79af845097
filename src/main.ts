/**
 * Entry point: config → store → catalog → Slack app, or the local console when there is no
 * SLACK_BOT_TOKEN. `npm start` and `rwerror serve` both call `serve` through src/cli.ts.
 */

import { createMatcher } from "./matcher/index.ts";
import { knowledgeBanner, loadForServing } from "./setup/catalog.ts";
import { readConfig } from "./setup/config.ts";
import { openStore } from "./store/index.ts";
import { runConsole } from "./terminal/console.ts";
import type { CliIo } from "./terminal/io.ts";

export async function serve(env: Record<string, string | undefined>, io: CliIo): Promise<number> {
  const config = readConfig(env);
  const catalog = loadForServing(config, io);
  const matcher = createMatcher(catalog, { risingwaveVersion: config.risingwaveVersion });
  const store = await openStore(config.dbPath, { now: Date.now });
  if (config.mode === "console") {
    try {
      const knowledge = knowledgeBanner(catalog);
      return await runConsole({ matcher, io, store, risingwaveVersion: config.risingwaveVersion, knowledge });
    } finally {
      await store.close();
    }
  }
  const { startSlack } = await import("./slack/start.ts");
  return startSlack({ config, catalog, matcher, store, now: Date.now }, io);
}
