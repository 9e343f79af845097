/**
 * A message event that does not parse is dropped, but never silently: one warning per event_id
 * (Slack's redeliveries of the same event add no line), naming the first bad field, not the text.
 */
const REMEMBERED = 1_000;

interface Issue {
  path: readonly PropertyKey[];
  message: string;
}

export function malformedEventLogger(logger: { warn(msg: string): void }) {
  const seen = new Set<string>();
  return (body: unknown, issue: Issue | undefined): void => {
    const id = (body as { event_id?: unknown } | null)?.event_id;
    const key = typeof id === "string" ? id : "";
    if (key !== "" && seen.has(key)) return;
    if (key !== "") {
      seen.add(key);
      if (seen.size > REMEMBERED) seen.delete(seen.values().next().value as string);
    }
    const field = issue ? issue.path.map(String).join(".") || "(event)" : "(event)";
    logger.warn(
      `malformed message event dropped: event_id=${key || "-"} field ${field}: ${issue?.message ?? "invalid"}`,
    );
  };
}
