import type { Catalog } from "../catalog/index.ts";
import type { DigestRow, Store } from "../store/index.ts";
import { buildWeeklyDigest, type DigestTarget, type WeeklyDigest } from "./weekly.ts";

/**
 * The digest's idempotency key, carried in the posted message's metadata: a run that finds it in the
 * channel knows the digest is there, whatever the store says.
 */
export interface DigestOnce {
  key: string;
  /** ms since epoch: no post of this digest can be older (its period ended then). */
  since: number;
}

/**
 * Renders and posts a digest (plain data in): the edge decides what it looks like. With `once`, the edge
 * first looks for a message carrying `once.key` in the channel (and answers its ts, `found`), and puts the
 * key in the metadata of what it posts.
 */
export type PostDigest = (
  channel: string,
  digest: WeeklyDigest,
  once?: DigestOnce,
) => Promise<{ ts?: string | undefined; found?: boolean }>;

export interface DigestPostDeps {
  store: Store;
  catalog: Catalog;
  channel: string;
  post: PostDigest;
  /** How long marking a landed post is retried before the claim is left for the next run to settle. */
  markForMs?: number;
}

export type DigestPostResult =
  | { status: "posted"; periodKey: string; ts: string | undefined; found?: boolean }
  | { status: "already-claimed"; periodKey: string; existing: DigestRow | undefined };

/** The post landed but the store would not record it; the claim stays, and the next run finds the post. */
export class DigestNotRecordedError extends Error {
  readonly code = "DIGEST_NOT_RECORDED";
  constructor(periodKey: string, ts: string | undefined, cause: unknown) {
    super(
      `digest ${periodKey} was posted${ts ? ` (ts ${ts})` : ""} but not marked posted (${(cause as Error)?.message ?? cause}); the next run finds it by its key instead of posting again`,
    );
  }
}

export const digestKey = (periodKey: string) => `digest:${periodKey}`;

// Not unref()ed: `rwerror digest` has nothing else keeping the process alive while it waits.
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Posts the digest for a target once: the period is claimed in the DB first, so of two schedulers or
 * processes on one DB only one posts. The post carries the digest's key, and is looked for in the
 * channel before posting, so a run that takes over a claim left unmarked (a database failure, or a crash
 * between the post and the mark) finds the earlier post instead of doubling it. A failed post releases
 * the claim (the next run or restart tries again) and rethrows; a landed one never does.
 */
export async function postDigestOnce(deps: DigestPostDeps, target: DigestTarget): Promise<DigestPostResult> {
  const { store, catalog, channel, post, markForMs = 10_000 } = deps;
  const claim = await store.claimDigest(target.periodKey, { from: target.period.from, to: target.period.to, channel });
  if (!claim)
    return {
      status: "already-claimed",
      periodKey: target.periodKey,
      existing: await store.getDigest(target.periodKey),
    };
  let sent: Awaited<ReturnType<PostDigest>>;
  try {
    const once = { key: digestKey(target.periodKey), since: target.period.to - 60_000 };
    sent = await post(channel, await buildWeeklyDigest(store, catalog, target), once);
  } catch (error) {
    await store.releaseDigest(claim).catch(() => undefined);
    throw error;
  }
  const { ts, found } = sent;
  const started = Date.now();
  for (let wait = 250; ; wait = Math.min(wait * 2, 2_000)) {
    try {
      await store.markDigestPosted(claim, { channel, ...(ts ? { messageTs: ts } : {}) });
      break;
    } catch (error) {
      if (Date.now() - started + wait > markForMs) throw new DigestNotRecordedError(target.periodKey, ts, error);
      await pause(wait);
    }
  }
  return { status: "posted", periodKey: target.periodKey, ts, ...(found ? { found } : {}) };
}
