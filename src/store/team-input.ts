import { fingerprintError } from "./fingerprint.ts";
import { redactSecrets } from "./redact.ts";
import type { GapReportInput, NoteInput } from "./team-types.ts";

/** A note's link: an http(s) URL without blanks (the modal says so; the store keeps nothing else). */
export function isNoteLink(link: string): boolean {
  return /^https?:\/\/\S+$/.test(link);
}

/** A note's link as kept and shown: redacted like text (`user:pw@`, `?token=`, `jwt=`, `nkey=`). */
export function noteLink(link: string | null | undefined): string | null {
  if (!link) return null;
  const redacted = redactSecrets(link.trim());
  return isNoteLink(redacted) ? redacted.slice(0, 1000) : null;
}

/** A note as both backends store it: redacted, cut, a link only when it is one. */
export function noteRow(input: NoteInput, now: number) {
  const text = redactSecrets(input.text.trim()).slice(0, 2000);
  if (text === "") throw new RangeError("a note needs text");
  const link = noteLink(input.link);
  return {
    recordId: input.recordId,
    text,
    link,
    userId: input.userId,
    teamId: input.teamId ?? null,
    channelId: input.channelId ?? null,
    threadTs: input.threadTs ?? null,
    at: input.at ?? now,
  };
}

export function gapRow(input: GapReportInput, now: number) {
  const text = redactSecrets(input.errorText.trim()).slice(0, 1500);
  const fp = fingerprintError(text);
  return {
    text,
    fingerprint: fp.fingerprint,
    template: fp.template,
    userId: input.userId,
    teamId: input.teamId ?? null,
    channelId: input.channelId ?? null,
    at: input.at ?? now,
  };
}
