/** Web API calls whose failure is an expected outcome (not in channel, expired trigger) become values. */
export type CallResult<T> = { ok: true; value: T } | { ok: false; error: string };

export async function callSlack<T>(call: Promise<T>): Promise<CallResult<T>> {
  try {
    return { ok: true, value: await call };
  } catch (error) {
    return { ok: false, error: describeSlackError(error) };
  }
}

/** The Slack error code (`not_in_channel`) when there is one, else the message; never a token. */
export function describeSlackError(error: unknown): string {
  if (typeof error === "object" && error !== null) {
    const data = (error as { data?: { error?: unknown } }).data;
    if (data && typeof data.error === "string") return data.error;
    const code = (error as { code?: unknown }).code;
    const message = (error as { message?: unknown }).message;
    if (typeof message === "string") return typeof code === "string" ? `${code}: ${message}` : message;
  }
  return String(error);
}
