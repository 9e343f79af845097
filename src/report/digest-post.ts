import type { Catalog } from "../catalog/index.ts";
import type { DigestRow, Store } from "../store/index.ts";
import { buildWeeklyDigest, type DigestTarget, type WeeklyDigest } from "./weekly.ts";

/** Renders and posts a digest (plain data in): the edge decides what it looks like. */
export type PostDigest = (channel: string, digest: WeeklyDigest) => Promise<{ ts?: string | undefined }>;

export interface DigestPostDeps {
  store: Store;
  catalog: Catalog;
  channel: string;
  post: PostDigest;
}

export type DigestPostResult =
  | { status: "posted"; periodKey: string; ts: string | undefined }
  | { status: "already-claimed"; periodKey: string; existing: DigestRow | undefined };

/**
 * Posts the digest for a target once: the period is claimed in the DB first, so of two
 * schedulers or processes on one DB only one posts. A failed post releases the claim (the next
 * run or restart tries again) and rethrows.
 */
export async function postDigestOnce(deps: DigestPostDeps, target: DigestTarget): Promise<DigestPostResult> {
  const { store, catalog, channel, post } = deps;
  const claim = await store.claimDigest(target.periodKey, { from: target.period.from, to: target.period.to, channel });
  if (!claim)
    return {
      status: "already-claimed",
      periodKey: target.periodKey,
      existing: await store.getDigest(target.periodKey),
    };
  try {
    const { ts } = await post(channel, await buildWeeklyDigest(store, catalog, target));
    await store.markDigestPosted(claim, { channel, ...(ts ? { messageTs: ts } : {}) });
    return { status: "posted", periodKey: target.periodKey, ts };
  } catch (error) {
    await store.releaseDigest(claim).catch(() => undefined);
    throw error;
  }
}
