import { afterEach, describe, expect, it } from "vitest";
import { getChannelVersion, listChannelVersions, setChannelVersion } from "../../src/store/index.ts";
import { tempDir } from "./temp-store.ts";

let env: ReturnType<typeof tempDir>;
afterEach(() => env?.cleanup());

describe("channel release settings", () => {
  it("keeps the last release set for a channel, across connections, and forgets it when cleared", () => {
    env = tempDir();
    let now = 1_000;
    const a = env.open(() => now);
    const b = env.open(() => now);
    expect(getChannelVersion(a, "C1")).toBeUndefined();
    setChannelVersion(a, "C1", "v1.9", "U1");
    now = 2_000;
    setChannelVersion(a, "C1", "v2.4", "U2");
    setChannelVersion(a, "C2", "v1.10", "U1");
    expect(getChannelVersion(b, "C1")).toBe("v2.4");
    expect(listChannelVersions(b)).toEqual([
      { channelId: "C1", version: "v2.4", updatedBy: "U2", updatedAt: 2_000 },
      { channelId: "C2", version: "v1.10", updatedBy: "U1", updatedAt: 2_000 },
    ]);
    setChannelVersion(b, "C1", null, "U1");
    expect(getChannelVersion(a, "C1")).toBeUndefined();
    expect(listChannelVersions(a).map((r) => r.channelId)).toEqual(["C2"]);
  });
});
