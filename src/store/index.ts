export { MigrationError, StoreOpenError } from "./errors.ts";
export { type Fingerprint, fingerprintError, maskErrorText } from "./fingerprint.ts";
export {
  guardStore,
  type StoreFaultLog,
  type StoreGuard,
  type StoreGuardOptions,
  type WriteStats,
} from "./guard.ts";
export { createLocalClaims, type LocalClaims } from "./local-claims.ts";
export { createLocalMutes, type LocalMutes } from "./local-mutes.ts";
export { defaultMigrationsDir, type Migration, readMigrations } from "./migrate.ts";
export { type OpenStoreOptions, openStore, storeKindOf } from "./open.ts";
export type { NewOutboxEntry, OutboxEntry, OutboxStore, UnfinishedEvent } from "./outbox-types.ts";
export { EXCERPT_MAX_CHARS, excerptOf, redactSecrets } from "./redact.ts";
export { isNoteLink } from "./team-input.ts";
export type {
  AnsweredThread,
  ChannelVersion,
  GapReport,
  GapReportInput,
  Mute,
  NoteInput,
  RecordHistory,
  StoredNote,
  TeamStore,
} from "./team-types.ts";
export type {
  DigestClaim,
  DigestRow,
  FeedbackInput,
  FeedbackTally,
  OccurrenceInput,
  OccurrenceSource,
  PeriodGroup,
  PeriodScan,
  PeriodTotals,
  PruneRequest,
  PruneResult,
  ReplyClaim,
  ReplyClaimRequest,
  ReplyKey,
  Store,
  StoredOccurrence,
  StoredVote,
  StoreHealth,
  StoreKind,
  UnmatchedExample,
} from "./types.ts";

/** A claim not marked posted after this long is taken to be from a process that died mid-post. */
export const STALE_CLAIM_MS = 15 * 60_000;
