import type { Store } from "./db.ts";
import { fingerprintError } from "./fingerprint.ts";
import { redactSecrets } from "./redact.ts";

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

/** "Report as a new error": stored redacted and fingerprinted, so one unknown error reported twice is one gap. */
export function reportGap(store: Store, input: GapReportInput): void {
  const text = redactSecrets(input.errorText.trim()).slice(0, 1500);
  const fp = fingerprintError(text);
  store
    .prepare(
      `INSERT INTO gap_reports (error_text, fingerprint, template, user_id, team_id, channel_id, created_at)
       VALUES (?, ?, ?, ?, ?, ?, ?)`,
    )
    .run(
      text,
      fp.fingerprint,
      fp.template,
      input.userId,
      input.teamId ?? null,
      input.channelId ?? null,
      input.at ?? store.now(),
    );
}

/** Reported gaps in [from, to), most reported first. */
export function gapReports(
  store: Store,
  { from, to, limit = 10 }: { from: number; to: number; limit?: number },
): GapReport[] {
  return store
    .prepare(
      `SELECT fingerprint, min(template) AS template, max(error_text) AS example, count(*) AS reports,
         count(DISTINCT user_id) AS reporters, max(created_at) AS lastAt
       FROM gap_reports WHERE created_at >= ? AND created_at < ?
       GROUP BY fingerprint ORDER BY reports DESC, lastAt DESC LIMIT ?`,
    )
    .all(from, to, limit) as GapReport[];
}
