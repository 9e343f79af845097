import { parseArgs } from "node:util";
import { coveredWeek, renderDigestMessage, renderDigestText } from "../render/digest.ts";
import { DigestNotRecordedError, type PostDigest, postDigestOnce } from "../report/digest-post.ts";
import { PeriodError } from "../report/period.ts";
import { buildWeeklyDigest, digestTargetAt, digestTargetForWeek } from "../report/weekly.ts";
import { assertTimeZone, formatLocal } from "../report/zoned-time.ts";
import { argumentErrorLine } from "./args.ts";
import { isParseArgsError, type ReportDeps } from "./report.ts";

function describeError(error: unknown): string {
  if (error instanceof DigestNotRecordedError) return error.message;
  const e = error as { code?: unknown; data?: { error?: unknown }; message?: unknown };
  const slack = typeof e?.data?.error === "string" ? ` (${e.data.error})` : "";
  return `${String(e?.message ?? error).split("\n")[0]}${slack}`;
}

export interface DigestDeps extends ReportDeps {
  /** Posts to Slack (chat.postMessage); absent without a bot token. */
  post?: PostDigest | undefined;
  /** RWERROR_DIGEST_CHANNEL */
  channel?: string | undefined;
}

export const DIGEST_USAGE = `usage: rwerror digest [--dry-run [--json]] [--week 2026-W48] [--channel C…] [--force]
  (default)   post the digest of the 7 days before now, filed under this ISO week; refused if
              that week's digest was already posted
  --dry-run   print it instead of posting (--json: the Block Kit message)
  --week      the digest of that ISO week (filed under the week after it)
  --force     post even if the week's digest was already posted (not recorded)
`;

/** `rwerror digest …`: prints or posts the weekly digest; resolves to the exit code. */
export async function runDigestCommand(argv: string[], deps: DigestDeps): Promise<number> {
  const err = deps.err ?? deps.out;
  let values: { "dry-run"?: boolean; json?: boolean; week?: string; channel?: string; force?: boolean; help?: boolean };
  try {
    ({ values } = parseArgs({
      args: argv,
      options: {
        "dry-run": { type: "boolean" },
        json: { type: "boolean" },
        week: { type: "string" },
        channel: { type: "string" },
        force: { type: "boolean" },
        help: { type: "boolean", short: "h" },
      },
      allowPositionals: false,
    }));
    assertTimeZone(deps.tz);
  } catch (error) {
    if (isParseArgsError(error)) {
      err(argumentErrorLine("digest", error));
      return 2;
    }
    if (error instanceof RangeError) {
      err(`rwerror digest: ${(error as Error).message}\n${DIGEST_USAGE}`);
      return 2;
    }
    throw error;
  }
  if (values.help) {
    deps.out(DIGEST_USAGE);
    return 0;
  }
  let target: ReturnType<typeof digestTargetAt>;
  try {
    target = values.week ? digestTargetForWeek(values.week, deps.tz) : digestTargetAt(deps.now(), deps.tz);
  } catch (error) {
    if (!(error instanceof PeriodError)) throw error;
    err(`rwerror digest: ${error.message}\n${DIGEST_USAGE}`);
    return 2;
  }

  if (values["dry-run"]) {
    const digest = await buildWeeklyDigest(deps.store, deps.catalog, target);
    deps.out(values.json ? `${JSON.stringify(renderDigestMessage(digest), null, 2)}\n` : renderDigestText(digest));
    return 0;
  }
  const channel = values.channel ?? deps.channel;
  if (!deps.post || !channel) {
    err(
      `rwerror digest: cannot post: ${!deps.post ? "SLACK_BOT_TOKEN is not set" : "no channel (set RWERROR_DIGEST_CHANNEL or pass --channel)"}; use --dry-run to print it\n`,
    );
    return 2;
  }
  const post = deps.post;
  let result: Awaited<ReturnType<typeof postDigestOnce>>;
  try {
    if (values.force) {
      const { ts } = await post(channel, await buildWeeklyDigest(deps.store, deps.catalog, target));
      deps.out(`Posted ${weekWords(target)} to ${channel}${ts ? ` (ts ${ts})` : ""} without claiming the week.\n`);
      return 0;
    }
    result = await postDigestOnce({ store: deps.store, catalog: deps.catalog, channel, post }, target);
  } catch (error) {
    // Slack unreachable, a timeout, a database that would not record the post: one line, no stack.
    err(`rwerror digest: not posted: ${describeError(error)}\n`);
    return 1;
  }
  if (result.status === "posted") {
    deps.out(
      result.found
        ? `The ${weekWords(target)} was already in ${channel} (ts ${result.ts}); recorded it as posted.\n`
        : `Posted ${weekWords(target)} to ${channel}${result.ts ? ` (ts ${result.ts})` : ""}.\n`,
    );
    return 0;
  }
  const when = result.existing?.postedAt
    ? `posted ${formatLocal(result.existing.postedAt, deps.tz)} ${deps.tz} to ${result.existing.channel ?? "?"}`
    : "being posted by another process";
  deps.out(`The ${weekWords(target)} was already ${when}; nothing posted (--force posts anyway).\n`);
  return 1;
}

/** The week a digest covers, as its header names it (it is filed under the week after, when it runs). */
function weekWords(target: ReturnType<typeof digestTargetAt>): string {
  return `digest of ${coveredWeek(target)} (due ${target.periodKey})`;
}
