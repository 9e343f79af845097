/** What the Slack adapter needs, passed in (no module-level singletons): tests build it with a temp DB and a fake Slack. */
import type { Logger } from "@slack/bolt";
import type { Catalog } from "../catalog/index.ts";
import type { Config } from "../config.ts";
import type { Matcher } from "../matcher/types.ts";
import type { Store } from "../store/db.ts";

export interface SlackDeps {
  config: Config;
  catalog: Catalog;
  matcher: Matcher;
  store: Store;
  /** ms since epoch. */
  now: () => number;
  logger?: Logger;
  /** Downloads pasted files; defaults to the global fetch. */
  fetch?: typeof fetch;
}

/** SlackDeps after buildApp filled in the defaults. */
export interface ListenerDeps extends SlackDeps {
  logger: Logger;
  fetch: typeof fetch;
}
