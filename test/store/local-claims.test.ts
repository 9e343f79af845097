import { describe, expect, it } from "vitest";
import { createLocalClaims } from "../../src/store/index.ts";

const MIN = 60_000;
const key = (threadTs: string, recordId = "rec-1") => ({ channelId: "C1", threadTs, recordId });
const auto = (now: number, claimKey?: string) => ({
  repeatSince: now - 30 * MIN,
  cap: { cardsSince: now - 10 * MIN, maxCards: 5 },
  ...(claimKey ? { claimKey } : {}),
});

describe("local claims (the fallback while the database does not answer)", () => {
  it("decides like the database: a card, then pointers to it for the same error in other threads", () => {
    const claims = createLocalClaims();
    const now = 1_000 * MIN;
    expect(claims.claimReply(key("1.0"), auto(now), now)).toEqual({ kind: "card" });
    claims.setReplyTs(key("1.0"), "1.5");
    for (let i = 2; i < 20; i++) {
      expect(claims.claimReply(key(`${i}.0`), auto(now), now)).toEqual({
        kind: "pointer",
        repeat: { threadTs: "1.0", replyTs: "1.5" },
      });
    }
    expect(claims.claimReply(key("2.0"), auto(now), now)).toEqual({ kind: "already-replied" });
  });

  it("caps full cards per channel, and a released claim frees its place", () => {
    const claims = createLocalClaims();
    const now = 1_000 * MIN;
    for (let i = 0; i < 5; i++) expect(claims.claimReply(key(`${i}.0`, `rec-${i}`), auto(now), now).kind).toBe("card");
    expect(claims.claimReply(key("9.0", "rec-9"), auto(now), now)).toEqual({ kind: "card-cap", cards: 5 });
    claims.releaseReply(key("0.0", "rec-0"));
    expect(claims.claimReply(key("9.0", "rec-9"), auto(now), now).kind).toBe("card");
  });

  it("lets the same event claim its own thread again (a takeover), nobody else", () => {
    const claims = createLocalClaims();
    const now = 1_000 * MIN;
    expect(claims.claimReply(key("1.0"), auto(now, "ev:E1"), now).kind).toBe("card");
    expect(claims.claimReply(key("1.0"), auto(now, "ev:E1"), now).kind).toBe("card");
    expect(claims.claimReply(key("1.0"), auto(now, "ev:E2"), now).kind).toBe("already-replied");
  });
});
