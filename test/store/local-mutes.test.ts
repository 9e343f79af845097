import { describe, expect, it } from "vitest";
import { createLocalMutes } from "../../src/store/index.ts";

describe("the mutes held in memory through a database outage", () => {
  it("holds a mute set here at once, until it ends or is lifted here, and a refresh replaces them all", () => {
    const mutes = createLocalMutes();
    mutes.add({ channelId: "C1", recordId: "r1", until: 2_000, userId: "U1" });
    expect(mutes.isMuted("C1", "r1", 1_000)).toBe(true);
    expect(mutes.isMuted("C2", "r1", 1_000)).toBe(false);
    expect(mutes.isMuted("C1", "r1", 2_000)).toBe(false);

    mutes.remove("C1", "r1");
    expect(mutes.isMuted("C1", "r1", 1_000)).toBe(false);

    mutes.add({ channelId: "C1", recordId: "r1", until: 2_000, userId: "U1" });
    mutes.replace([{ channelId: "C3", recordId: "r3", until: 5_000, userId: "U3" }]);
    expect(mutes.isMuted("C1", "r1", 1_000)).toBe(false);
    expect(mutes.isMuted("C3", "r3", 1_000)).toBe(true);
  });
});
