import { afterEach, expect, it } from "vitest";
import { type BackendEnv, describeEachBackend } from "./backends.ts";

let env: BackendEnv | undefined;
afterEach(async () => {
  await env?.cleanup();
  env = undefined;
});

describeEachBackend("channel release settings", (backend) => {
  it("keeps the last release set for a channel, across connections, and forgets it when cleared", async () => {
    env = backend.fresh();
    let now = 1_000;
    const a = await env.open(() => now);
    const b = await env.open(() => now);
    expect(await a.getChannelVersion("C1")).toBeUndefined();
    await a.setChannelVersion("C1", "v1.9", "U1");
    now = 2_000;
    await a.setChannelVersion("C1", "v2.4", "U2");
    await a.setChannelVersion("C2", "v1.10", "U1");
    expect(await b.getChannelVersion("C1")).toBe("v2.4");
    expect(await b.listChannelVersions()).toEqual([
      { channelId: "C1", version: "v2.4", updatedBy: "U2", updatedAt: 2_000 },
      { channelId: "C2", version: "v1.10", updatedBy: "U1", updatedAt: 2_000 },
    ]);
    await b.setChannelVersion("C1", null, "U1");
    expect(await a.getChannelVersion("C1")).toBeUndefined();
    expect((await a.listChannelVersions()).map((r) => r.channelId)).toEqual(["C2"]);
  });
});
