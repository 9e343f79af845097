/** What the answer flow is given: its dependencies, the paste, where it came from, and how to reply. */
import type { Match, Matcher, MatchResult, Verdict } from "../matcher/types.ts";
import type { CardCap, CardContext } from "../render/index.ts";
import type { LocalClaims, LocalMutes, OccurrenceInput, ReplyKey, StoreGuard } from "../store/index.ts";

/** The settings the flow reads (a subset of Config, so the Slack deps fit as they are). */
export interface AnswerSettings {
  /** The release the team runs (RWERROR_RISINGWAVE_VERSION); a paste's own release wins. */
  risingwaveVersion?: string | undefined;
  /** Flood control: full cards per channel per 10 minutes. */
  maxCardsPer10Min: number;
  /** React :grey_question: on an auto-channel paste without a confident answer. */
  unsureReaction: boolean;
}

export interface AnswerDeps {
  matcher: Matcher;
  /** The store behind deadlines and retries: an answer never waits long for the database. */
  guard: StoreGuard;
  /** This process's own claims, used only while the database does not answer. */
  localClaims: LocalClaims;
  /** The mutes as last read from the database: they hold while it does not answer. */
  localMutes?: LocalMutes;
  now: () => number;
  config: AnswerSettings;
  logger: { debug(msg: string): void; info(msg: string): void; warn(msg: string): void };
}

/** A paste as it arrived: message text as Slack sends it (escaped, `<…>` tokens) and raw texts (files, a terminal). */
export interface Paste {
  slackText?: string;
  rawTexts?: readonly string[];
}

/** Where a paste came from: the occurrence's coordinates. */
export type Where = Pick<OccurrenceInput, "source" | "teamId" | "channelId" | "userId" | "messageTs" | "threadTs"> & {
  /** A lookup (Explain this error on a bot's own message): answered, never counted. */
  lookup?: boolean;
  /**
   * The handling's idempotency key (`ev:<event id>`): its reply claims carry it, so the same event
   * answered again after a takeover finds its own claim instead of "already replied".
   */
  answerKey?: string;
};

/**
 * How the answer is given. `auto`: a thread reply in an incident channel, confident answers only, with
 * flood control; `mention`: a thread reply asked for by name, one per thread and record; `private`: an
 * answer only the asker sees (slash command, paste box, shortcut); `console`: the terminal.
 */
export type AnswerMode = "auto" | "mention" | "private" | "console";

/** The surface's own calls, given by the caller: functions, not a client. */
export interface AnswerPort<M> {
  /**
   * Posts the answer; resolves to its ts when the surface has one (undefined while it waits for a
   * retry), throws when it cannot post. `replyKey`: the thread reply claim the post fulfils.
   */
  post(message: M, opts?: { replyKey?: ReplyKey }): Promise<string | undefined>;
  /** A link to an earlier message (seen-before threads, the repeat pointer); absent on the terminal. */
  permalink?(channelId: string, ts: string): Promise<string | null>;
  /** What a card posted here may show from another channel; absent on the terminal (everything). */
  visible?(channelId: string): Promise<boolean>;
  /** Reacts on the pasted message (auto-replies without a confident answer). */
  react?(name: string): Promise<void>;
}

/** Plain data in, the surface's message out (Block Kit or terminal text). */
export interface AnswerRenderer<M> {
  answer(result: MatchResult, context: CardContext, text: string): M;
  /** One line pointing at the card already posted in the channel. */
  repeat(best: Match, permalink: string | null, count: number): M;
  /** The thread already has this error's card (a mention asked again). */
  alreadyInThread(): M;
  /** Past the card cap: one line naming the error, with *Show* for its card. */
  heldBack(best: Match, cap: CardCap): M;
}

export type { CardCap } from "../render/index.ts";

export interface ReadPaste {
  /** The cleaned text that was matched (unescaped once, redacted). */
  text: string;
  result: MatchResult;
}

/** What happened to a paste, with the matcher's verdict and best record (for the operators' log line). */
export type AnswerOutcome = AnswerKind & { verdict?: Verdict; recordId?: string };

export type AnswerKind =
  /** Auto channels: not an error at all; nothing posted or counted. */
  | { kind: "not-an-error" }
  /** Auto channels: no confident answer; counted, not posted (a reaction at most). */
  | { kind: "not-confident" }
  | { kind: "muted" }
  | { kind: "already-replied" }
  | { kind: "card-cap"; cards: number }
  | { kind: "pointer"; replyTs: string | undefined }
  | { kind: "card"; replyTs: string | undefined }
  /** Candidates or nothing found, posted as such (every mode but auto). */
  | { kind: "unsure"; replyTs: string | undefined };
