/**
 * An event handler has seconds, not the Web API client's default of ten retries over 30 minutes:
 * each call gives up after 10 s and is tried 3 times within about 4 s of backoff. A handler stuck on
 * an unreachable Slack thus ends in well under a minute, and SIGTERM never waits for it. The CLI's
 * `rwerror digest` uses the same policy.
 */
export const SLACK_CLIENT_POLICY = {
  timeout: 10_000,
  retryConfig: { retries: 2, factor: 2, minTimeout: 500, maxTimeout: 2_000, randomize: true },
} as const;
