/** What the team adds around the answers (issue 9): notes, mutes, gap reports, "seen before"; and channel settings (issue 10). */

export interface NoteInput {
  recordId: string;
  text: string;
  link?: string | null;
  userId: string;
  teamId?: string | null;
  channelId?: string | null;
  threadTs?: string | null;
  at?: number;
}

export interface StoredNote {
  id: number;
  recordId: string;
  text: string;
  link: string | null;
  userId: string;
  channelId: string | null;
  threadTs: string | null;
  at: number;
}

export interface Mute {
  channelId: string;
  recordId: string;
  until: number;
  userId: string;
}

export interface GapReportInput {
  errorText: string;
  userId: string;
  teamId?: string | null;
  channelId?: string | null;
  at?: number;
}

export interface GapReport {
  fingerprint: string;
  template: string;
  example: string;
  reports: number;
  reporters: number;
  lastAt: number;
}

export interface RecordHistory {
  count: number;
  firstAt: number;
  lastAt: number;
  channels: string[];
  /**
   * The same counts per channel (most used first; '' for the terminal), so a card shown in one channel
   * can count only what that channel may see.
   */
  byChannel: ChannelCount[];
}

export interface ChannelCount {
  channelId: string;
  count: number;
  firstAt: number;
  lastAt: number;
}

export interface AnsweredThread {
  channelId: string;
  threadTs: string;
  /** The bot's reply in it, when known (a permalink target). */
  replyTs: string | null;
  at: number;
  helpful: boolean;
  noted: boolean;
}

export interface ChannelVersion {
  channelId: string;
  version: string;
  updatedBy: string | null;
  updatedAt: number;
}

export interface TeamStore {
  /** Stores a team note; secrets are redacted and the text cut to 2000 chars. Returns its id. */
  addNote(input: NoteInput): Promise<number>;
  /** A record's notes, newest first. */
  notesFor(recordId: string, limit?: number): Promise<StoredNote[]>;
  /** Notes written in [from, to), oldest first (the digest); without a range, every note (export). */
  listNotes(range?: { from: number; to: number }): Promise<StoredNote[]>;

  /** Mutes (or re-mutes, moving the end) a record's auto-replies in a channel: one upsert. */
  muteRecord(mute: Mute): Promise<void>;
  isMuted(channelId: string, recordId: string, at?: number): Promise<boolean>;
  /** Mutes still in force, in one channel or everywhere, ending soonest first. */
  activeMutes(channelId?: string, at?: number): Promise<Mute[]>;
  /** Lifts a mute; false when there was none in force. */
  unmuteRecord(channelId: string, recordId: string, at?: number): Promise<boolean>;
  /** The record of the reply rwerror posted last in a channel: a card, a pointer or a compact line (`mute last`). */
  lastCardInChannel(channelId: string): Promise<string | undefined>;

  /** "Report as a new error": stored redacted and fingerprinted. */
  reportGap(input: GapReportInput): Promise<void>;
  /** Reported gaps in [from, to), most reported first. */
  gapReports(query: { from: number; to: number; limit?: number }): Promise<GapReport[]>;

  /**
   * How often a record was seen, first and last, and in which channels (most used first), all-time:
   * retention pruning of the log leaves these counts. Read it before logging the occurrence being
   * answered: "seen before" means before this paste.
   */
  recordHistory(recordId: string): Promise<RecordHistory>;
  /** Earlier threads where the record was answered, Helpful-voted or noted first, then the newest. */
  answeredThreads(
    recordId: string,
    opts?: { limit?: number; exclude?: { channelId: string; threadTs: string } },
  ): Promise<AnsweredThread[]>;
  /** Pastes of the record in a channel since `since` (the repeat pointer says how often). */
  countInChannelSince(channelId: string, recordId: string, since: number): Promise<number>;

  /** The release set for a channel with `/rwerror version`, if any. */
  getChannelVersion(channelId: string): Promise<string | undefined>;
  /** Sets (or, with null, clears) the channel's release; the last setting wins. */
  setChannelVersion(channelId: string, version: string | null, userId: string | null): Promise<void>;
  /** Every channel with a release set, most recently set first. */
  listChannelVersions(limit?: number): Promise<ChannelVersion[]>;
}
