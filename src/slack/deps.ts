/** What the Slack adapter needs, passed in (no module-level singletons): tests build it with a temp DB and a fake Slack. */
import type { Logger } from "@slack/bolt";
import type { Outbox } from "../answer/index.ts";
import type { Catalog } from "../catalog/index.ts";
import type { Config } from "../config.ts";
import type { Matcher } from "../matcher/types.ts";
import type { LocalClaims, LocalMutes, Store, StoreGuard } from "../store/index.ts";
import type { ChannelAccess } from "./access.ts";

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
  /** Built by buildApp over `store` unless given (main.ts shares one with the scheduler). */
  guard?: StoreGuard;
}

/** SlackDeps after buildApp filled in the defaults. */
export interface ListenerDeps extends SlackDeps {
  logger: Logger;
  fetch: typeof fetch;
  /** The store behind deadlines and retries: answers never wait long for the database. */
  guard: StoreGuard;
  /** This process's own claims, used only while the database does not answer. */
  localClaims: LocalClaims;
  /** The mutes in force as last read (refreshed by the sweep): they hold while the database does not answer. */
  localMutes: LocalMutes;
  /** Answers are written here before they are posted, and retried until they land. */
  outbox: Outbox;
  /**
   * How each kind of event is answered from its stored payload when the replica that claimed it died
   * before finishing (filled by the listeners; the takeover sweep calls them).
   */
  resumers: Map<string, Resume>;
  /** Which channels are public, and who may change shared settings (RWERROR_ADMINS). */
  access: ChannelAccess;
}

/** Answers a stored event (`{ kind, event, teamId }`) again, under its original event id. */
export type Resume = (payload: Record<string, unknown>, eventId: string) => Promise<unknown>;
