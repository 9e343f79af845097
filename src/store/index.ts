export { type ChannelVersion, getChannelVersion, listChannelVersions, setChannelVersion } from "./channel-settings.ts";
export { type OpenStoreOptions, openStore, type Store } from "./db.ts";
export {
  claimDigest,
  type DigestClaim,
  type DigestRow,
  getDigest,
  markDigestPosted,
  releaseDigest,
  STALE_CLAIM_MS,
} from "./digests.ts";
export { MigrationError } from "./errors.ts";
export { type FeedbackTally, notHelpfulRecords, recordFeedback } from "./feedback.ts";
export { type Fingerprint, fingerprintError, maskErrorText } from "./fingerprint.ts";
export { defaultMigrationsDir, type Migration, migrate, readMigrations, schemaVersion } from "./migrate.ts";
export {
  IDS_PER_MS,
  listOccurrences,
  pruneOccurrences,
  recordOccurrence,
  type StoredOccurrence,
} from "./occurrences.ts";
export { EXCERPT_MAX_CHARS, excerptOf, redactSecrets } from "./redact.ts";
export {
  claimReply,
  countFullCardsSince,
  markEventSeen,
  pruneReplies,
  pruneSeenEvents,
  recentReplyInChannel,
  releaseReply,
  setReplyTs,
} from "./slack-state.ts";
export type { FeedbackInput, OccurrenceInput, OccurrenceSource, ReplyKey } from "./types.ts";
