/**
 * Entry point: config → store → catalog → Slack app, or the local console when there is no
 * SLACK_BOT_TOKEN. `npm start` and `rwerror serve` both call `serve` through src/cli.ts.
 */

import { runConsole } from "./cli/console.ts";
import { loadForServing, readConfig } from "./cli/context.ts";
import type { CliIo } from "./cli/io.ts";
import { createMatcher } from "./matcher/index.ts";
import { openStore, redactSecrets } from "./store/index.ts";

export async function serve(env: Record<string, string | undefined>, io: CliIo): Promise<number> {
  const config = readConfig(env);
  const catalog = loadForServing(config, io);
  const matcher = createMatcher(catalog, { risingwaveVersion: config.risingwaveVersion });
  const store = await openStore(config.dbPath, { now: Date.now });
  if (config.mode === "console") {
    try {
      return await runConsole({
        matcher,
        io,
        record: (o) => store.recordOccurrence(o),
        context: async (id) => ({
          redact: redactSecrets,
          seen: { ...(await store.recordHistory(id)), threads: [] },
          notes: await store.notesFor(id, 3),
        }),
      });
    } finally {
      await store.close();
    }
  }
  const { startSlack } = await import("./slack/start.ts");
  return startSlack({ config, catalog, matcher, store, now: Date.now }, io);
}
